# mode: eager
# checks: tf.math.polyval with coefficients given as a tensor, not a list: TensorFlow's ValueError
import tensorflow as tf

x = tf.constant([1.0, 2.0])
print(tf.math.polyval([1.0, 0.0, -1.0], x).numpy())
tf.math.polyval(tf.constant([1.0, 0.0, -1.0]), x)
