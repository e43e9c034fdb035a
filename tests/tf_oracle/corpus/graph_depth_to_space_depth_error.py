# mode: graph
# checks: TF1 depth_to_space of a depth that is not a multiple of block * block: the shape error while building
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2, 2, 8])
print(tf.depth_to_space(x, 2).shape)
y = tf.depth_to_space(tf.placeholder(tf.float32, [None, 2, 2, 6]), 2)
