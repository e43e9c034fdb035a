# mode: eager
# checks: tf.range (ints, floats, negative deltas), linspace, cumsum
import tensorflow as tf

print(tf.range(5))
print(tf.range(1, 10, 3))
print(tf.range(0.0, 1.0, 0.25))
print(tf.range(10, 0, -4))
print(tf.range(5, dtype=tf.float32))
print(tf.linspace(0.0, 1.0, 5))
print(tf.cumsum(tf.range(1, 6)))
