# mode: eager
# checks: conv2d_transpose's output_shape that the input's size does not come from: TensorFlow's kernel error
import numpy as np
import tensorflow as tf

x = tf.constant(np.ones((2, 5, 5, 2), np.float32))
print(tf.nn.conv2d_transpose(x, tf.ones([3, 3, 4, 2]), [2, 11, 11, 4], 2, "VALID").shape)
y = tf.nn.conv2d_transpose(x, tf.ones([3, 3, 4, 2]), [2, 10, 10, 4], 2, "VALID")
