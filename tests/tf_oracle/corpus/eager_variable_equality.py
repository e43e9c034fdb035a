# mode: eager
# checks: TF2's eager variable == and != are elementwise tensors (also variable to variable, a variable with itself, a shape mismatch is False); `is` stays identity; a tensor compared with a list of another shape is False too
import numpy as np
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
w = tf.Variable([1.0, 5.0, 3.0])
print(v == w)
print(v != np.array([1.0, 2.0, 0.0], dtype=np.float32))
print(v == v, v is v)
print(v == [1.0, 2.0])
s = tf.Variable(2.5)
print(bool(s == 2.5), bool(s != 2.5), s == tf.constant(2.5))
if s == 2.5:
    print("equal as a condition")
print(tf.constant([1, 2, 3]) == [1, 2], tf.constant([1, 2, 3]) != [1, 2])
