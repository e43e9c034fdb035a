# mode: graph
# checks: tf.gradients unconnected_gradients NONE (default) and ZERO
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
y = tf.Variable(3.0)
z = y * y
print(tf.gradients(z, [x, y]))
g0 = tf.gradients(z, [x, y], unconnected_gradients=tf.UnconnectedGradients.ZERO)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g0))
