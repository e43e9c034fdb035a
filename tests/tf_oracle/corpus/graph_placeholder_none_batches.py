# mode: graph
# checks: a placeholder("float", [None, 3]) fed a batch of 4, then a test set of 2
import numpy as np
import tensorflow as tf

x = tf.placeholder("float", [None, 3])
y_ = tf.placeholder("float", [None, 1])
W = tf.Variable(tf.zeros([3, 1]))
b = tf.Variable(tf.zeros([1]))
y = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(y - y_))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

batch_x = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=np.float32)
batch_y = np.array([[1], [2], [3], [6]], dtype=np.float32)
test_x = np.array([[2, 0, 0], [0, 0, 2]], dtype=np.float32)
test_y = np.array([[2], [6]], dtype=np.float32)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(100):
        sess.run(train, feed_dict={x: batch_x, y_: batch_y})
    print("train loss", sess.run(loss, feed_dict={x: batch_x, y_: batch_y}))
    print("test loss", sess.run(loss, feed_dict={x: test_x, y_: test_y}))
    print(sess.run(y, feed_dict={x: test_x}))
    print(x.shape, y.shape)
