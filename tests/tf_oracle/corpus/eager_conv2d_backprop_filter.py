# mode: eager
# checks: eager tf.compat.v1.nn.conv2d_backprop_filter / conv2d_backprop_input, their values and a tape gradient
import numpy as np
import tensorflow as tf

x = tf.constant(np.arange(1 * 4 * 4 * 1, dtype=np.float32).reshape(1, 4, 4, 1))
dy = tf.constant(np.linspace(-1, 1, 1 * 2 * 2 * 2, dtype=np.float32).reshape(1, 2, 2, 2))
w = tf.constant(np.ones((3, 3, 1, 2), np.float32))
with tf.GradientTape() as tape:
    tape.watch(x)
    bf = tf.compat.v1.nn.conv2d_backprop_filter(x, [3, 3, 1, 2], dy, [1, 2, 2, 1], "SAME")
    loss = tf.reduce_sum(bf * bf)
print(bf[:, :, 0, 1])
print(tape.gradient(loss, x)[0, :, :, 0])
print(tf.compat.v1.nn.conv2d_backprop_input([1, 4, 4, 1], w, dy, [1, 1, 1, 1], "VALID")[0, :, :, 0])
