# mode: eager
# checks: float64 + float32 tensors is an error, not a promotion
import numpy as np
import tensorflow as tf

a = tf.constant(np.array([1.0, 2.0]))
b = tf.constant([1.0, 2.0])
print(a.dtype, b.dtype)
print(a + b)
