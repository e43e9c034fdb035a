# mode: graph
# checks: tf.losses.sparse_softmax_cross_entropy with int32 labels, argmax predictions, tf.metrics-free accuracy
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, (None, 3))
W = tf.get_variable("W", [3, 2], initializer=tf.constant_initializer(0.1))
bias = tf.get_variable("bias", [2], initializer=tf.zeros_initializer())
logits = tf.matmul(x, W) + bias
target = tf.placeholder(tf.int32, (None))
loss = tf.losses.sparse_softmax_cross_entropy(labels=target, logits=logits)
pred = tf.argmax(logits, axis=-1)
acc = tf.reduce_mean(tf.cast(tf.equal(tf.cast(pred, tf.int32), target), tf.float32))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
xs = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]], dtype=np.float32)
ts = np.array([0, 1, 1, 0])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(5):
        _, l, a = sess.run([train, loss, acc], {x: xs, target: ts})
        print(i, l, a)
    print(sess.run(pred, {x: xs}))
