# mode: graph
# checks: tf.hessians of a cubic and of a quadratic form
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
f = tf.reduce_sum(x ** 3) + x[0] * x[1]
h = tf.hessians(f, x)
A = tf.constant([[2.0, 1.0], [1.0, 3.0]])
q = tf.reduce_sum(x * tf.linalg.matvec(A, x))
hq = tf.hessians(q, x)[0]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(h))
    print(sess.run(hq))
