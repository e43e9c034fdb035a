# mode: graph
# checks: tf.linalg.solve (adjoint too) and matvec (batched, transpose_a) with their gradients in graph mode
import tensorflow as tf

A = tf.Variable([[3.0, 1.0], [1.0, 4.0]])
b = tf.placeholder(tf.float32, [2, 1])
x = tf.linalg.solve(A, b)
xt = tf.linalg.solve(A, b, adjoint=True)
loss = tf.reduce_sum(x * x) + tf.reduce_sum(xt)
grads = tf.gradients(loss, [A, b])
M = tf.constant([[[1.0, 2.0], [3.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]])
v = tf.Variable([[1.0, -1.0], [2.0, 0.5]])
mv = tf.linalg.matvec(M, v)
mvt = tf.linalg.matvec(M, v, transpose_a=True)
gv = tf.gradients(tf.reduce_sum(mv * mvt), v)
print(x, mv)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([x, xt], {b: [[1.0], [2.0]]}))
    print(sess.run(grads, {b: [[1.0], [2.0]]}))
    print(sess.run([mv, mvt]))
    print(sess.run(gv))
