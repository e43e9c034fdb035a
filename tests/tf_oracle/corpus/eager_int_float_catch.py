# mode: eager
# checks: catching tf.errors.InvalidArgumentError around mixed dtypes, then casting
import tensorflow as tf

x = tf.constant([1, 2, 3])
y = tf.constant([0.5, 0.5, 0.5])
try:
    print(x * y)
except tf.errors.InvalidArgumentError as e:
    print("caught", type(e).__name__)
print(tf.cast(x, tf.float32) * y)
