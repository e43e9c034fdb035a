# mode: graph
# checks: get_variable with a constant tensor or array as initializer takes its shape
import numpy as np
import tensorflow as tf

w = tf.get_variable("w", initializer=tf.constant([[1.0, 2.0], [3.0, 4.0]]))
b = tf.get_variable("b", initializer=np.array([0.5, -0.5], dtype=np.float32))
y = tf.reduce_sum(tf.matmul(tf.ones([1, 2]), w) + b)
print(w.shape, b.shape, y)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([y, tf.gradients(y, [w, b])]))
