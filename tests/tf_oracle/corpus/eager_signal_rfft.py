# mode: eager
# checks: tf.signal rfft / irfft / rfft2d / irfft2d, default and given fft_length (padded and cropped), a batch
import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0, 0.5], [0.0, -1.0, 2.0, 4.0]])
r = tf.signal.rfft(x)
print(r)
print(tf.signal.irfft(r))
print(tf.signal.rfft(x, [6]), tf.signal.rfft(x, [3]))
print(tf.signal.irfft(r, [3]))
r2 = tf.signal.rfft2d(x)
print(r2)
print(tf.signal.irfft2d(r2, [2, 4]))
print(tf.signal.rfft(tf.constant([1.0, 2.0], tf.float64)).dtype)
