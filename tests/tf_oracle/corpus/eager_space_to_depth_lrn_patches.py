# mode: eager
# checks: space_to_depth, depth_to_space, local_response_normalization / lrn (beta 0.75, 0.5, 1), extract_patches (SAME, strides, rates); values and tape gradients
import numpy as np
import tensorflow as tf
x = tf.constant(np.sin(np.arange(2 * 4 * 6 * 3, dtype=np.float32)).reshape(2, 4, 6, 3))
d = tf.constant(np.cos(np.arange(1 * 2 * 3 * 8, dtype=np.float32)).reshape(1, 2, 3, 8))
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, d])
    s2d = tf.nn.space_to_depth(x, 2)
    d2s = tf.nn.depth_to_space(d, 2)
    lrn = tf.nn.local_response_normalization(x, depth_radius=1, bias=2.0, alpha=0.5, beta=0.75)
    lrn2 = tf.nn.lrn(d, 2)
    lrn3 = tf.nn.lrn(x, depth_radius=2, bias=1.0, alpha=1.0, beta=1.0)
    p = tf.image.extract_patches(x, sizes=[1, 2, 3, 1], strides=[1, 2, 2, 1], rates=[1, 1, 1, 1], padding='SAME')
    p2 = tf.image.extract_patches(x, [1, 2, 2, 1], [1, 1, 1, 1], [1, 2, 2, 1], 'VALID')
    loss = (tf.reduce_sum(s2d * tf.range(12, dtype=tf.float32)) + tf.reduce_sum(d2s ** 3) + tf.reduce_sum(lrn ** 2)
            + tf.reduce_sum(tf.sin(lrn2)) + tf.reduce_sum(lrn3) + tf.reduce_sum(p * p) + tf.reduce_sum(tf.cos(p2)))
print(s2d.shape, d2s.shape, lrn.shape, p.shape, p2.shape)
print(s2d[1, 1])
print(d2s[0, :, :, 1])
print(lrn[0, 1])
print(lrn2[0, 1])
print(lrn3[1, 2])
print(p[0, 1])
print(p2[1, 0, 0])
print(loss)
print(tape.gradient(loss, x)[1, :, :, 0])
print(tape.gradient(loss, d)[0, 1])
