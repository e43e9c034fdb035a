# mode: graph
# checks: tf.get_variable with zeros/constant initializers inside variable_scope, and reuse
import tensorflow as tf

with tf.variable_scope("layer1"):
    w = tf.get_variable("w", shape=[2, 2], initializer=tf.constant_initializer(0.5))
    b = tf.get_variable("b", shape=[2], initializer=tf.zeros_initializer())
with tf.variable_scope("layer1", reuse=True):
    w_again = tf.get_variable("w")
print(w.name, b.name, w_again is w)
x = tf.constant([[1.0, 2.0]])
y = tf.matmul(x, w) + b
g = tf.gradients(tf.reduce_sum(y), [w, b])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y))
    print(sess.run(g))
print([v.name for v in tf.global_variables()])
print(len(tf.trainable_variables()))
