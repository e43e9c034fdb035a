# mode: graph
# checks: tf.gradients of a list of targets sums them; of a non-scalar target sums its elements
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
y1 = x * x
y2 = tf.reduce_sum(3.0 * x)
g = tf.gradients([y1, y2], x)
g_sum = tf.gradients(y1, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g))
    print(sess.run(g_sum))
