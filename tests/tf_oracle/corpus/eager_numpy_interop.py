# mode: eager
# checks: NumPy functions on tensors, tensors from NumPy, np.asarray of a variable
import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(np.square(x))
print(np.mean(x), np.asarray(tf.Variable([1, 2])))
print(tf.matmul(np.eye(2, dtype=np.float32), x).numpy())
print(x.numpy().sum(axis=0), x.numpy().dtype)
print(tf.reduce_sum(np.ones(3)).dtype)
