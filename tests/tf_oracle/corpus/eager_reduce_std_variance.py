# mode: eager
# checks: tf.math.reduce_variance / reduce_std (axis, keepdims) in float32, their gradient, and the TypeError of an integer input
import tensorflow as tf

x = tf.Variable([[1.0, 2.0, 4.0], [3.0, 5.0, 9.5]])
print(tf.math.reduce_variance(x))
print(tf.math.reduce_variance(x, axis=0))
print(tf.math.reduce_std(x, axis=1, keepdims=True))
with tf.GradientTape() as tape:
    s = tf.reduce_sum(tf.math.reduce_std(x, axis=0))
print(s, tape.gradient(s, x))
print(tf.math.reduce_std([0.1, 0.2, 0.3, 0.7]).numpy())
try:
    tf.math.reduce_std(tf.constant([1, 2, 3]))
except TypeError as e:
    print("TypeError:", e)
