# mode: graph
# checks: a TF1 MLP with tf.nn.dropout(h, keep_prob) fed 0.5 while training and 1.0 for the test set, under a graph seed: the same elements dropped as in TensorFlow, so the same losses
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 1])
keep_prob = tf.placeholder(tf.float32)
W1 = tf.Variable(tf.random_normal([4, 8], stddev=0.5))
W2 = tf.Variable(tf.random_normal([8, 1], stddev=0.5))
hidden = tf.nn.dropout(tf.nn.relu(tf.matmul(x, W1)), keep_prob)
pred = tf.matmul(hidden, W2)
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
data = np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(6, 4)
target = data.sum(axis=1, keepdims=True)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(hidden, {x: data[:2], keep_prob: 0.5}))
    for step in range(5):
        _, value = sess.run([train, loss], {x: data, y: target, keep_prob: 0.5})
        print(step, value)
    print("test", sess.run(loss, {x: data, y: target, keep_prob: 1.0}))
