# mode: graph
# checks: stop_gradient on one of two paths, and on the whole target
import tensorflow as tf

x = tf.Variable(3.0)
y = x * x
z1 = tf.stop_gradient(y) + y
z2 = tf.stop_gradient(y * 2.0)
print(tf.gradients(z2, x))
g1 = tf.gradients(z1, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g1))
