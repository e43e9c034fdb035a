# mode: graph
# checks: TF1 tf.fft / tf.ifft / tf.spectral.rfft / tf.real / tf.imag / tf.conj / tf.angle on a fed placeholder in a session, complex constants
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 4])
c = tf.complex(x, tf.sin(x))
f = tf.fft(c)
r = tf.spectral.rfft(x)
back = tf.real(tf.ifft(f))
k = tf.constant([1 + 2j, 3j, 1])
print(f, r, k)
with tf.Session() as sess:
    outs = sess.run([f, r, back, tf.abs(f), tf.angle(f), tf.imag(f), tf.spectral.irfft(r), tf.conj(k) * k,
                     tf.fft2d(tf.reshape(tf.complex(tf.range(8.0), tf.range(8.0)), [2, 2, 2]))], {x: np.arange(8).reshape(2, 4)})
    for v in outs:
        print(v)
    print(sess.run(tf.reduce_sum(k * k)), sess.run(tf.signal.fft(tf.cast(tf.range(3.0), tf.complex64))))
