# mode: graph
# checks: TF1 conv2d_transpose (value/filter keywords, a tf.stack output_shape of a placeholder batch), depthwise rate, separable, conv1d; values and tf.gradients
import numpy as np
import tensorflow as tf
x = tf.placeholder(tf.float32, [None, 4, 4, 2])
w = tf.Variable(np.linspace(-0.5, 0.7, 3 * 3 * 3 * 2, dtype=np.float32).reshape(3, 3, 3, 2))
batch = tf.shape(x)[0]
up = tf.nn.conv2d_transpose(x, w, output_shape=tf.stack([batch, 8, 8, 3]), strides=[1, 2, 2, 1], padding='SAME')
up2 = tf.nn.conv2d_transpose(value=x, filter=w, output_shape=[2, 9, 9, 3], strides=[1, 2, 2, 1], padding='VALID')
dw = tf.Variable(np.linspace(-1, 1, 2 * 2 * 3 * 2, dtype=np.float32).reshape(2, 2, 3, 2))
d = tf.nn.depthwise_conv2d(up, dw, [1, 1, 1, 1], 'SAME', rate=[2, 2])
pw = tf.Variable(np.linspace(0.5, -0.5, 6 * 2, dtype=np.float32).reshape(1, 1, 6, 2))
sp = tf.nn.separable_conv2d(up2, dw, pw, [1, 2, 2, 1], 'VALID')
seq = tf.reshape(up, [-1, 64, 3])
f = tf.Variable(np.linspace(-0.3, 0.3, 5 * 3 * 2, dtype=np.float32).reshape(5, 3, 2))
c1 = tf.nn.conv1d(seq, f, stride=3, padding='SAME')
loss = tf.reduce_sum(d ** 2) + tf.reduce_sum(tf.sin(sp)) + tf.reduce_mean(c1 ** 2)
grads = tf.gradients(loss, [w, dw, pw, f, x])
print(up.shape, up2.shape, d.shape, sp.shape, c1.shape)
xs = np.cos(np.arange(2 * 4 * 4 * 2, dtype=np.float32)).reshape(2, 4, 4, 2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    out = sess.run([up, up2, d, sp, c1, loss], {x: xs})
    for o in out[:5]:
        print(o.shape)
    print(out[0][1, :, :, 2])
    print(out[3][0, :, :, 1])
    print(out[4][0, :6])
    print(out[5])
    for g in sess.run(grads, {x: xs}):
        print(g.shape)
        print(g.reshape(-1)[:12])
