# mode: graph
# checks: tf.gradients of y = x**2 + 3x evaluated in a Session
import tensorflow as tf

x = tf.Variable(2.0)
y = x ** 2 + 3 * x
grad = tf.gradients(y, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(grad))
    print(sess.run([y, grad[0]]))
