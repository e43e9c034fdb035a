# mode: graph
# checks: TF1 conv2d_backprop_input whose out_backprop depth is not the filter's: the shape error while building
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

dy = tf.placeholder(tf.float32, [None, 3, 3, 3])
x = tf.nn.conv2d_backprop_input([2, 5, 5, 4], tf.ones([3, 3, 4, 2]), dy, [1, 2, 2, 1], "SAME")
