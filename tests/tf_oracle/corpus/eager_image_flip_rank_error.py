# mode: eager
# checks: flip_left_right of a vector: TensorFlow's ValueError (an image needs three dimensions)
import tensorflow as tf

y = tf.image.flip_left_right(tf.ones([3]))
