# mode: eager
# checks: tf.signal fft / ifft / fft2d / ifft2d / fft3d of complex64 and complex128, tf.complex, real / imag / abs / angle / conj
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
c = tf.complex(x, -0.5 * x)
f = tf.signal.fft(c)
print(np.round(f.numpy(), 4))
print(tf.abs(tf.signal.ifft(f) - c) < 1e-5)
print(tf.math.real(f), tf.math.imag(f))
print(tf.abs(f), tf.math.angle(f))
print(tf.math.conj(c), tf.math.real(x), tf.math.imag(x))
m = tf.reshape(tf.cast(tf.range(6), tf.complex128), [2, 3])
print(tf.signal.fft2d(m))
print(tf.abs(tf.signal.ifft2d(tf.signal.fft2d(m)) - m) < 1e-9)
print(tf.signal.fft3d(tf.cast(tf.reshape(tf.range(8.0), [2, 2, 2]), tf.complex64)))
print(tf.cast(f, tf.float32))
