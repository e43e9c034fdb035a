# mode: eager
# checks: eager conv2d_backprop_filter whose out_backprop is not the conv2d output's size: the kernel's error
import tensorflow as tf

x = tf.ones([1, 5, 5, 2])
print(tf.compat.v1.nn.conv2d_backprop_filter(x, [3, 3, 2, 3], tf.ones([1, 5, 5, 3]), [1, 1, 1, 1], "SAME").shape)
w = tf.compat.v1.nn.conv2d_backprop_filter(x, [3, 3, 2, 3], tf.ones([1, 2, 2, 3]), [1, 1, 1, 1], "SAME")
