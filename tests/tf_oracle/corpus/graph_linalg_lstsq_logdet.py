# mode: graph
# checks: TF1 tf.matrix_solve_ls (tall and wide, l2_regularizer, fast=False), tf.linalg.slogdet (its namedtuple, a negative determinant), tf.linalg.logdet and tf.cholesky_solve in a graph, with tf.gradients (the sign's gradient is zeros)
import tensorflow as tf
tf.disable_v2_behavior()

a = tf.Variable([[2.0, 1.0], [1.0, 3.0], [0.5, -1.0]])
b = tf.placeholder(tf.float32, [3, 1])
x = tf.matrix_solve_ls(a, b)
xr = tf.matrix_solve_ls(a, b, l2_regularizer=0.5)
xs = tf.matrix_solve_ls(tf.transpose(a), b[:2])
xf = tf.matrix_solve_ls(a, b, fast=False)
m = tf.Variable([[1.0, 2.0, 0.0], [3.0, 1.0, 1.0], [0.0, 1.0, 2.0]])
sld = tf.linalg.slogdet(m)
spd = tf.matmul(m, m, transpose_a=True) + tf.eye(3)
ld = tf.linalg.logdet(spd)
cs = tf.cholesky_solve(tf.cholesky(spd), a)
print(x, xs, xf, sld, ld, cs)
loss = tf.reduce_sum(x * x) + tf.reduce_sum(xr) + tf.reduce_sum(xs ** 2) + sld.log_abs_determinant + ld
grads = tf.gradients(loss, [a, b, m])
g_sign = tf.gradients(sld.sign, m)
g_cs = tf.gradients(tf.reduce_sum(cs * cs), [m, a])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {b: [[1.0], [2.0], [-1.0]]}
    print(sess.run([x, xr, xs, xf], feed))
    print(sess.run([sld, ld]))
    print(sess.run(cs))
    print(sess.run(grads, feed))
    print(sess.run(g_sign))
    print(sess.run(g_cs))
