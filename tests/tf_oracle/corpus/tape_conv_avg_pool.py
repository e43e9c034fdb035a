# mode: eager
# checks: tf.nn.conv2d VALID with stride 2, avg_pool2d SAME, and their gradients under a tape
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1, 1, 2 * 5 * 5 * 2, dtype=np.float32).reshape(2, 5, 5, 2))
w = tf.Variable(np.linspace(-0.5, 0.5, 3 * 3 * 2 * 3, dtype=np.float32).reshape(3, 3, 2, 3))
with tf.GradientTape() as tape:
    y = tf.nn.conv2d(x, w, strides=2, padding='VALID')
    z = tf.nn.avg_pool2d(y, ksize=2, strides=1, padding='SAME')
    loss = tf.reduce_sum(z ** 2)
print(y.shape, z.shape)
print(y[0, :, :, 0])
print(z[1, :, :, 2])
print(loss)
print(tape.gradient(loss, w)[:, :, 0, 1])
