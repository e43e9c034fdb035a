# mode: eager
# checks: tf.signal.fft of a float32 tensor: TensorFlow's Tcomplex attr error
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
print(tf.signal.fft(tf.cast(x, tf.complex64)))
y = tf.signal.fft(x)
