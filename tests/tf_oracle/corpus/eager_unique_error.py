# mode: eager
# checks: eager tf.unique (its namedtuple printed) and TensorFlow's error for a 2-D tensor
import tensorflow as tf
print(tf.unique(tf.constant([3, 1, 3, 2])))
print(tf.unique(tf.constant([[1, 2], [1, 3]])))
