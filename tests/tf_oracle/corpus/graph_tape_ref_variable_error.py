# mode: graph
# checks: a GradientTape in a TF1 graph with a reference variable (tf.Variable's default there) as a source is TensorFlow's AttributeError
import tensorflow as tf
import numpy as np

sess = tf.Session()
X = tf.constant(np.ones((2, 3), np.float32))
w = tf.Variable(tf.zeros([3, 1]))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.matmul(X, w) ** 2)
print(loss)
g = tape.gradient(loss, [w])
