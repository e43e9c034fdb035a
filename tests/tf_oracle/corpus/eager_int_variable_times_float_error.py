# mode: eager
# checks: an int32 variable times a Python float raises TypeError
import tensorflow as tf

w = tf.Variable([[1, 2]])
print(w)
print(w * 0.5)
