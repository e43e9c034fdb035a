# mode: graph
# checks: feeding a value whose shape does not fit the placeholder is a ValueError
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
y = tf.reduce_sum(x, axis=1)
with tf.Session() as sess:
    print(sess.run(y, feed_dict={x: np.ones((2, 3))}))
    print(sess.run(y, feed_dict={x: np.ones((2, 4))}))
