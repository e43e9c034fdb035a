# mode: graph
# checks: TF1 gradients of conv2d_backprop_filter (to input, out_backprop) and conv2d_backprop_input (to filter, out_backprop)
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.constant(np.cos(np.arange(1 * 4 * 5 * 2)).reshape(1, 4, 5, 2), tf.float32)
w = tf.constant(np.linspace(-1, 1, 2 * 3 * 2 * 2).reshape(2, 3, 2, 2), tf.float32)
with tf.Session() as sess:
    for padding, strides in (("SAME", [1, 2, 2, 1]), ("VALID", [1, 1, 2, 1])):
        shape = tf.nn.conv2d(x, w, strides, padding).shape.as_list()
        dy = tf.constant(np.sin(np.arange(np.prod(shape))).reshape(shape), tf.float32)
        bf = tf.nn.conv2d_backprop_filter(x, [2, 3, 2, 2], dy, strides, padding)
        bi = tf.nn.conv2d_backprop_input([1, 4, 5, 2], w, dy, strides, padding)
        gx, gdy = tf.gradients(tf.reduce_sum(bf * tf.cos(bf)), [x, dy])
        gw, gdy2 = tf.gradients(tf.reduce_sum(bi * bi), [w, dy])
        print(padding, shape)
        for v in sess.run([gx, gdy, gw, gdy2]):
            print(v.reshape(-1)[:8], np.sum(v * v))
