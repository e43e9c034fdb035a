# mode: graph
# checks: TF1 conv2d_transpose of an input whose depth is not the filter's: the shape error while building
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 5, 5, 3])
y = tf.nn.conv2d_transpose(x, tf.ones([3, 3, 4, 2]), [2, 10, 10, 4], [1, 2, 2, 1], "SAME")
