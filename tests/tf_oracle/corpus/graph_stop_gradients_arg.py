# mode: graph
# checks: tf.gradients(..., stop_gradients=) treats the listed tensors as constants
import tensorflow as tf

a = tf.constant(0.)
b = 2 * a
g = tf.gradients(a + b, [a, b], stop_gradients=[a, b])
g2 = tf.gradients(a + b, [a, b])
with tf.Session() as sess:
    print(sess.run(g))
    print(sess.run(g2))
