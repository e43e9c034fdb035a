# mode: eager
# checks: complex tensors and variables are held and printed as TF's (Python complex is complex128, NumPy's complex64 kept), with elementwise arithmetic and reshape
import tensorflow as tf
import numpy as np
c = tf.Variable([5 + 4j, 6 + 1j])
print(c, c.dtype, c.dtype.is_complex, c.dtype.real_dtype)
t = tf.constant(np.array([1 + 2j], dtype=np.complex64))
print(t, t.dtype)
print(c + c)
print(tf.constant([1j]) * 2j)
print(tf.reshape(c, [2, 1]))
