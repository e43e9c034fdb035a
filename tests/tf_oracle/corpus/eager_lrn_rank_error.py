# mode: eager
# checks: tf.nn.lrn of a 3-D tensor: TensorFlow's kernel error
import tensorflow as tf

y = tf.nn.lrn(tf.ones([2, 3, 4]), 2)
