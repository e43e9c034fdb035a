# mode: eager
# checks: tf.math.segment_prod of ids that are not sorted: the kernel's InvalidArgumentError
import tensorflow as tf

print(tf.math.segment_prod(tf.constant([1.0, 2.0, 3.0]), tf.constant([0, 0, 1])).numpy())
tf.math.segment_prod(tf.constant([1.0, 2.0, 3.0]), tf.constant([1, 0, 0]))
