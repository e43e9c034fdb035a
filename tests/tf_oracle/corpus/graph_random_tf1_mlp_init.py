# mode: graph
# checks: a TF1 MLP's weights from unseeded ops under a graph seed (the op counter), a graph random tensor's repr, three training steps
import tensorflow as tf
import numpy as np

tf.set_random_seed(2021)
x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None, 1])
w1_init = tf.random_normal([3, 4], stddev=0.5)
print(w1_init)
W1 = tf.Variable(w1_init)
b1 = tf.Variable(tf.zeros([4]))
W2 = tf.Variable(tf.truncated_normal([4, 1], stddev=0.5))
b2 = tf.Variable(tf.random_uniform([1], -0.1, 0.1))
hidden = tf.nn.relu(tf.matmul(x, W1) + b1)
pred = tf.matmul(hidden, W2) + b2
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
data_x = np.array([[0.1, 0.2, 0.3], [0.5, -0.4, 0.9], [1.0, 0.0, -1.0]], dtype=np.float32)
data_y = np.array([[1.0], [0.0], [0.5]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(W1))
    print(sess.run([W2, b2]))
    for step in range(3):
        _, value = sess.run([train, loss], feed_dict={x: data_x, y: data_y})
        print(step, value)
