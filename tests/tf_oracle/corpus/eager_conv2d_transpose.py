# mode: eager
# checks: tf.nn.conv2d_transpose (SAME/VALID, strides 1 and 2) values and its gradients for the filter and the input
import numpy as np
import tensorflow as tf
x = tf.constant(np.linspace(-1, 1, 2*5*5*2, dtype=np.float32).reshape(2, 5, 5, 2))
w = tf.Variable(np.linspace(-0.5, 0.7, 3*3*4*2, dtype=np.float32).reshape(3, 3, 4, 2))
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.nn.conv2d_transpose(x, w, [2, 10, 10, 4], strides=2, padding='SAME')
    y2 = tf.nn.conv2d_transpose(x, w, [2, 12, 12, 4], strides=[1, 2, 2, 1], padding='VALID')
    y3 = tf.nn.conv2d_transpose(x, w, [2, 5, 5, 4], strides=1, padding='SAME')
    loss = tf.reduce_sum(y ** 2) + tf.reduce_sum(tf.sin(y2)) + tf.reduce_sum(y3 * y3)
print(y.shape, y2.shape, y3.shape)
print(y[0, :, :, 1])
print(y2[1, :, 3, :])
print(y3[0, 2])
print(loss)
print(tape.gradient(loss, w)[:, :, 1, 0])
print(tape.gradient(loss, x)[1, :, :, 1])
