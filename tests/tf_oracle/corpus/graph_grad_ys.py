# mode: graph
# checks: tf.gradients with grad_ys weights each target's incoming gradient
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
y = x * x
z = tf.reduce_sum(x)
g = tf.gradients(y, x, grad_ys=tf.constant([1.0, 0.5, 0.0]))
g2 = tf.gradients([y, z], x, grad_ys=[tf.ones([3]), tf.constant(2.0)])
with tf.Session() as sess:
    print(sess.run(g))
    print(sess.run(g2))
