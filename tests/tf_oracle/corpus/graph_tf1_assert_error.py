# mode: graph
# checks: a TF1 training step guarded by tf.assert_equal on the batch sizes: the failing sess.run is TensorFlow's InvalidArgumentError
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2], name="x")
y = tf.placeholder(tf.float32, [None], name="y")
w = tf.Variable([[0.5], [-0.5]], name="w")
check = tf.assert_equal(tf.shape(x)[0], tf.shape(y)[0], message="batch sizes differ")
with tf.control_dependencies([check]):
    loss = tf.reduce_mean(tf.square(tf.squeeze(tf.matmul(x, w), 1) - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([loss, train], {x: [[1.0, 2.0], [3.0, 4.0]], y: [1.0, 0.0]})[0])
    print(sess.run(w))
    sess.run(train, {x: [[1.0, 2.0], [3.0, 4.0]], y: [1.0, 0.0, 2.0]})
