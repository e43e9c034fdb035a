# mode: graph
# checks: TF1 tf.qr, tf.self_adjoint_eigvals / self_adjoint_eig (sign-invariant uses of the vectors), tf.cross, tf.linalg.pinv and tf.matrix_band_part in a graph: node names, static shapes (unknown rows too) and tf.gradients
import tensorflow as tf
tf.disable_v2_behavior()

a = tf.Variable([[1.0, 2.0], [3.0, -1.0], [0.5, 2.0]])
p = tf.placeholder(tf.float32, [None, 2])
print(tf.qr(p), tf.qr(a, full_matrices=True))
q, r = tf.qr(a)
sym = tf.matmul(a, a, transpose_a=True) + tf.constant([[1.0, 0.5], [0.5, 3.0]])
ev = tf.self_adjoint_eigvals(sym)
e, v = tf.self_adjoint_eig(sym)
u = tf.Variable([1.0, -2.0, 0.5])
c = tf.cross(u, a[:, 0])
pi = tf.linalg.pinv(a)
band = tf.matrix_band_part(tf.matmul(a, a, transpose_b=True), 1, 0)
print(ev, v, c, pi, band)
loss = (tf.reduce_sum(q * [[1.0, 2.0]]) + tf.reduce_sum(r) + tf.reduce_sum(ev * [1.0, -1.0])
        + tf.reduce_sum(v * v * [[1.0, 2.0], [0.5, 1.0]]) + tf.reduce_sum(c * [1.0, 2.0, 3.0])
        + tf.reduce_sum(pi ** 2) + tf.reduce_sum(band))
grads = tf.gradients(loss, [a, u])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([q, r]))
    print(sess.run([ev, e, tf.abs(v)]))
    print(sess.run([c, pi, band]))
    print(sess.run(grads))
    print(sess.run(tf.qr(p), {p: [[1.0, 0.0], [1.0, 1.0]]}))
