# mode: eager
# checks: an assert inside a tf.function runs at each call; tf.print there too; a failing call is TensorFlow's graph execution error
import sys
import tensorflow as tf


@tf.function
def normalize(v):
    tf.debugging.assert_positive(tf.reduce_sum(v), message="sum must be positive")
    tf.print("normalizing", v, output_stream=sys.stdout)
    return v / tf.reduce_sum(v)


print(normalize(tf.constant([1.0, 3.0])))
print(normalize(tf.constant([2.0, 2.0])))
print(normalize(tf.constant([1.0, -3.0])))
