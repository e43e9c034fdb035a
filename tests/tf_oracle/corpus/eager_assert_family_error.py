# mode: eager
# checks: a failing tf.debugging.assert_equal ends the program with TensorFlow's InvalidArgumentError
import tensorflow as tf

labels = tf.constant([0, 1, 2, 3])
predictions = tf.constant([0, 1, 1, 3])
tf.debugging.assert_equal(labels, labels)
print("labels equal themselves")
tf.debugging.assert_equal(labels, predictions, message="predictions differ")
