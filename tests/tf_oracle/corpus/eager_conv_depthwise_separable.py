# mode: eager
# checks: depthwise_conv2d (strides, dilations), separable_conv2d, atrous_conv2d, conv2d dilations, conv1d; values and gradients
import numpy as np
import tensorflow as tf
x = tf.constant(np.linspace(-1, 1, 2*7*7*3, dtype=np.float32).reshape(2, 7, 7, 3))
w = tf.Variable(np.linspace(-0.5, 0.7, 3*3*3*2, dtype=np.float32).reshape(3, 3, 3, 2))
pw = tf.Variable(np.linspace(0.3, -0.4, 6*4, dtype=np.float32).reshape(1, 1, 6, 4))
k = tf.Variable(np.linspace(-0.2, 0.9, 3*3*3*5, dtype=np.float32).reshape(3, 3, 3, 5))
s = tf.constant(np.cos(np.arange(2*9*3, dtype=np.float32)).reshape(2, 9, 3))
f1 = tf.Variable(np.linspace(-1, 1, 4*3*2, dtype=np.float32).reshape(4, 3, 2))
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, s])
    d = tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'SAME')
    d2 = tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'VALID', dilations=[2, 2])
    sp = tf.nn.separable_conv2d(x, w, pw, [1, 1, 1, 1], 'SAME')
    a = tf.nn.atrous_conv2d(x, k, 2, 'SAME')
    c = tf.stop_gradient(tf.nn.conv2d(x, k, strides=2, padding='VALID', dilations=2))
    c1 = tf.nn.conv1d(s, f1, stride=2, padding='SAME')
    c1b = tf.stop_gradient(tf.nn.conv1d(s, f1, stride=1, padding='VALID', dilations=2))
    loss = (tf.reduce_sum(d ** 2) + tf.reduce_sum(tf.tanh(d2)) + tf.reduce_sum(sp * sp) + tf.reduce_sum(a ** 2)
            + tf.reduce_sum(c) + tf.reduce_sum(c1 ** 2) + tf.reduce_sum(c1b ** 3))
print(d.shape, d2.shape, sp.shape, a.shape, c.shape, c1.shape, c1b.shape)
print(d[0, :, :, 4])
print(d2[1, :, :, 1])
print(sp[0, 3])
print(a[1, :, 2, :])
print(c[0, :, :, 0])
print(c1[1])
print(c1b[0])
print(loss)
for v in (w, pw, k, f1):
    print(tape.gradient(loss, v))
print(tape.gradient(loss, x)[0, :, :, 0])
print(tape.gradient(loss, s)[1])
