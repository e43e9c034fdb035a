# mode: eager
# checks: random_crop to a size larger than the value: TensorFlow's failed assertion
import tensorflow as tf

x = tf.ones([2, 3, 4, 1])
y = tf.image.random_crop(x, [3, 3, 3, 1], seed=1)
