# mode: eager
# checks: depthwise_conv2d with unequal row and column strides: TensorFlow's CPU kernel refuses it
import tensorflow as tf

x = tf.ones([1, 6, 6, 2])
print(tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 2, 1]), [1, 2, 2, 1], "SAME").shape)
y = tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 2, 1]), [1, 2, 1, 1], "SAME")
