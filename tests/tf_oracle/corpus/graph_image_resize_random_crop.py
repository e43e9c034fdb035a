# mode: graph
# checks: TF1 resize_images (bilinear, nearest align_corners), tf.image.resize, flip, random_crop and random_flip of a placeholder batch under set_random_seed; two runs, tf.gradients
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.placeholder(tf.float32, [None, 3, 4, 1])
w = tf.Variable(np.linspace(-1, 1, 5 * 6, dtype=np.float32).reshape(1, 5, 6, 1))
up = tf.image.resize_images(x, [5, 6])
near = tf.image.resize_images(x, [5, 6], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR, align_corners=True)
new = tf.image.resize(x, [5, 6])
flipped = tf.image.flip_left_right(up)
crop = tf.random_crop(up * w, [2, 3, 4, 1], seed=3)
rflip = tf.image.random_flip_left_right(x, seed=9)
loss = tf.reduce_sum(flipped * w) + tf.reduce_sum(crop ** 2) + tf.reduce_sum(near * new) + tf.reduce_sum(rflip * x)
grads = tf.gradients(loss, [w, x])
print(up.shape, near.shape, new.shape, crop.shape, rflip.shape)
xs = np.cos(np.arange(2 * 3 * 4, dtype=np.float32)).reshape(2, 3, 4, 1)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(2):
        u, n, c, r, l = sess.run([up, near, crop, rflip, loss], {x: xs})
        print(u[1, :, :, 0])
        print(n[0, :, :, 0])
        print(c[:, :, :, 0])
        print(r[:, :, :, 0])
        print(l)
    gw, gx = sess.run(grads, {x: xs})
    print(gw[0, :, :, 0])
    print(gx[:, :, :, 0])
