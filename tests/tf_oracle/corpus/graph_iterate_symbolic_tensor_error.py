# mode: graph
# checks: iterating over a TF1 graph tensor is TensorFlow's OperatorNotAllowedInGraphError (here tf.control_dependencies given the single tensor a TF1 while_loop returns)
import tensorflow as tf

a = tf.placeholder(shape=[], dtype=tf.string)
b = tf.placeholder(shape=[], dtype=tf.string)
loop = tf.while_loop(lambda i: i < tf.constant(3), lambda i: i + 1, loop_vars=[0])
print(loop)
with tf.control_dependencies([loop]):
    c = tf.strings.join([a, b])
with tf.Session() as sess:
    print(sess.run(c, feed_dict={a: "hello", b: "world"}))
with tf.control_dependencies(loop):
    d = tf.strings.join([a, b])
