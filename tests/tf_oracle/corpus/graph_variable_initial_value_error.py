# mode: graph
# checks: feeding a string to a float placeholder raises ValueError
import tensorflow as tf

x = tf.placeholder(tf.float32)
with tf.Session() as sess:
    print(sess.run(x * 2, feed_dict={x: 1.5}))
    print(sess.run(x * 2, feed_dict={x: "abc"}))
