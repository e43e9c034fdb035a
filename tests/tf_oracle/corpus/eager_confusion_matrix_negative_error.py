# mode: eager
# checks: tf.math.confusion_matrix with a negative prediction: TensorFlow's assertion error (InvalidArgumentError)
import tensorflow as tf

print(tf.math.confusion_matrix([0, 1], [1, 1], num_classes=2))
tf.math.confusion_matrix([0, 1, 2], [0, 2, -1])
