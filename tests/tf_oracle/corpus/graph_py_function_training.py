# mode: graph
# checks: a TF1 optimizer trains a variable through a tf.py_function (its gradient reaches the variable)
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

v = tf.Variable([1.0, -2.0])
out = tf.py_function(lambda t: tf.reduce_sum(tf.square(t - 3.0)), [v], tf.float32)
loss = out * 0.5
train = tf.train.GradientDescentOptimizer(0.2).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        _, l = sess.run([train, loss])
        print(step, l, sess.run(v))
