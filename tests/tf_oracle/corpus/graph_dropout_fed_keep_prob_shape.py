# mode: graph
# checks: tf.nn.dropout with a fed keep_prob placeholder of unknown shape keeps its input's static shape (as TensorFlow sets it), so a conv2d, a reshape by get_shape().as_list() and a second dropout follow it; seeded, so the same elements drop
import numpy as np
import tensorflow as tf

tf.set_random_seed(11)
keep_prob = tf.placeholder(tf.float32)
X = tf.placeholder(tf.float32, [None, 6, 6, 1])
W1 = tf.Variable(tf.random_normal([3, 3, 1, 2], stddev=0.5))
L1 = tf.nn.relu(tf.nn.conv2d(X, W1, strides=[1, 1, 1, 1], padding="SAME"))
L1 = tf.nn.dropout(L1, keep_prob=keep_prob)
print(L1.shape)
W2 = tf.Variable(tf.random_normal([3, 3, 2, 2], stddev=0.5))
L2 = tf.nn.conv2d(L1, W2, strides=[1, 1, 1, 1], padding="SAME")
L2 = tf.nn.max_pool(L2, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
flat = tf.reshape(L2, [-1, np.prod(L2.get_shape().as_list()[1:])])
flat = tf.nn.dropout(flat, keep_prob)
print(flat.get_shape().as_list())
out = tf.reduce_sum(flat, 1)
images = np.random.RandomState(0).rand(3, 6, 6, 1).astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out, {X: images, keep_prob: 1.0}))
    print(sess.run(out, {X: images, keep_prob: 0.5}))
