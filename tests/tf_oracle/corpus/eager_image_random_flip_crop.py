# mode: eager
# checks: random_flip_left_right / up_down (an image, a batch) and random_crop with op seeds and the global seed: TensorFlow's draws; a gradient through them
import numpy as np
import tensorflow as tf
tf.random.set_seed(3)
img = tf.constant(np.arange(3 * 4 * 2, dtype=np.float32).reshape(3, 4, 2))
batch = tf.constant(np.arange(5 * 2 * 3 * 1, dtype=np.float32).reshape(5, 2, 3, 1))
for i in range(3):
    print(tf.image.random_flip_left_right(img, seed=7)[:, :, 0])
print(tf.image.random_flip_left_right(batch)[:, :, :, 0])
print(tf.image.random_flip_up_down(batch, seed=1)[:, :, :, 0])
print(tf.image.random_flip_up_down(img)[:, :, 1])
for i in range(3):
    print(tf.image.random_crop(img, [2, 2, 2], seed=5)[:, :, 0])
print(tf.image.random_crop(batch, [2, 2, 2, 1])[:, :, :, 0])
v = tf.Variable(np.linspace(-1, 1, 24, dtype=np.float32).reshape(3, 4, 2))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.image.random_crop(v, [2, 3, 2], seed=2) ** 2) + tf.reduce_sum(tf.image.random_flip_left_right(v, seed=4) * img)
print(loss, tape.gradient(loss, v)[:, :, 0])
