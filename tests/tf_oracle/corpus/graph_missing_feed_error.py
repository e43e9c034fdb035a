# mode: graph
# checks: running a tensor whose placeholder is not fed is InvalidArgumentError
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[2], name="x")
y = x * 2.0
with tf.Session() as sess:
    print(sess.run(y, feed_dict={x: [1.0, 2.0]}))
    print(sess.run(y))
