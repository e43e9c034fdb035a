# mode: graph
# checks: TF1 conv2d_backprop_filter / conv2d_backprop_input against tf.gradients of conv2d, SAME and VALID, strided
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.constant(np.arange(2 * 5 * 5 * 2, dtype=np.float32).reshape(2, 5, 5, 2) / 10)
w = tf.constant(np.linspace(-1, 1, 3 * 3 * 2 * 3, dtype=np.float32).reshape(3, 3, 2, 3))
with tf.Session() as sess:
    for padding, strides in (("SAME", [1, 2, 2, 1]), ("VALID", [1, 1, 1, 1]), ("VALID", [1, 2, 2, 1])):
        y = tf.nn.conv2d(x, w, strides, padding)
        dy = tf.sin(tf.reshape(tf.range(tf.size(y), dtype=tf.float32), tf.shape(y)))
        gx, gw = tf.gradients(y, [x, w], dy)
        bf = tf.nn.conv2d_backprop_filter(x, [3, 3, 2, 3], dy, strides, padding)
        bi = tf.nn.conv2d_backprop_input([2, 5, 5, 2], w, dy, strides, padding)
        a, b, c, d = sess.run([gx, gw, bf, bi])
        print(padding, strides, bf.shape, bi.shape, np.abs(a - d).max() < 1e-5, np.abs(b - c).max() < 1e-5)
        print(c[:, :, 1, 2])
        print(d[1, :, :, 0])
