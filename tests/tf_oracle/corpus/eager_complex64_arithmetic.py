# mode: eager
# checks: complex64 arithmetic as TensorFlow's kernels round it: x * conj(x) has a zero imaginary part; a power spectrum
import numpy as np
import tensorflow as tf

f = tf.constant(np.array([1.5 - 2.25j, 0.3 + 0.7j, -0.1 + 0.9j], np.complex64))
print(f * tf.math.conj(f))
print(f * f, f + f, f - 2 * f)
print(tf.reduce_sum(f * tf.math.conj(f)))
spectrum = tf.signal.rfft(tf.constant([0.5, 1.0, -0.25, 2.0, 0.75, 0.0]))
print(tf.math.real(spectrum * tf.math.conj(spectrum)))
