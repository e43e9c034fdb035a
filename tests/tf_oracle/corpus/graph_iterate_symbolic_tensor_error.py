# mode: graph
# checks: iterating over a TF1 graph tensor is TensorFlow's OperatorNotAllowedInGraphError (here tf.control_dependencies given the single tensor a TF1 while_loop returns), but a tf.function's loop over a tensor is AutoGraph's
import tensorflow as tf


@tf.function
def total(v):
    s = 0.0
    for e in v:
        s += e
    return s


print(total(tf.constant([1.0, 2.0, 3.0])).dtype)
a = tf.placeholder(shape=[], dtype=tf.string)
b = tf.placeholder(shape=[], dtype=tf.string)
loop = tf.while_loop(lambda i: i < tf.constant(3), lambda i: i + 1, loop_vars=[0])
print(loop)
with tf.control_dependencies([loop]):
    c = tf.strings.join([a, b])
with tf.Session() as sess:
    print(sess.run([c, total(tf.constant([4.0, 5.0]))], feed_dict={a: "hello", b: "world"}))
with tf.control_dependencies(loop):
    d = tf.strings.join([a, b])
