# mode: graph
# checks: TF1 space_to_depth, lrn, extract_image_patches (ksizes=), depth_to_space on a placeholder batch; values and tf.gradients
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4, 4, 2])
w = tf.Variable(np.linspace(-1, 1, 8 * 3, dtype=np.float32).reshape(8, 3))
s2d = tf.space_to_depth(x, 2)
norm = tf.nn.lrn(s2d, depth_radius=2, bias=1.0, alpha=0.1, beta=0.75)
patches = tf.extract_image_patches(x, ksizes=[1, 3, 3, 1], strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding='SAME')
back = tf.depth_to_space(s2d, 2)
y = tf.tensordot(norm, w, [[3], [0]])
loss = tf.reduce_sum(y ** 2) + tf.reduce_mean(patches) + tf.reduce_sum(back * x)
grads = tf.gradients(loss, [w, x])
print(s2d.shape, norm.shape, patches.shape, back.shape)
xs = np.cos(np.arange(2 * 4 * 4 * 2, dtype=np.float32)).reshape(2, 4, 4, 2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    a, b, c, l = sess.run([s2d, norm, patches, loss], {x: xs})
    print(a[1, 0])
    print(b[0, 1])
    print(c[1, 2, 3])
    print(l)
    gw, gx = sess.run(grads, {x: xs})
    print(gw)
    print(gx[0, :, :, 1])
