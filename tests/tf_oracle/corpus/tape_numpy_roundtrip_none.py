# mode: eager
# checks: going through NumPy leaves the tape: the gradient is None
import numpy as np
import tensorflow as tf

x = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float32)

with tf.GradientTape() as tape:
    x2 = x**2
    # This step is calculated with NumPy
    y = np.mean(x2, axis=0)
    # Like most ops, reduce_mean will cast the NumPy array to a constant tensor
    y = tf.reduce_mean(y, axis=0)

print(y)
print(tape.gradient(y, x))
