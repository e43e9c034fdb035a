# mode: eager
# checks: tf.image.resize with a method name TensorFlow does not know: its ValueError
import tensorflow as tf

x = tf.ones([1, 3, 3, 1])
print(tf.image.resize(x, [4, 4], method='nearest').shape)
y = tf.image.resize(x, [4, 4], method='cubic')
