# mode: graph
# checks: tf.placeholder_with_default used unfed and fed
import tensorflow as tf

keep = tf.placeholder_with_default(1.0, shape=[])
x = tf.constant([2.0, 4.0])
y = x * keep
with tf.Session() as sess:
    print(sess.run(y))
    print(sess.run(y, feed_dict={keep: 0.5}))
