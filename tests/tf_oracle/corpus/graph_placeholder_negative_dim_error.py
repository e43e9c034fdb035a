# mode: graph
# checks: a negative placeholder dimension (-1 meaning "any" is a NumPy habit) is TensorFlow's ValueError, as tf.TensorShape's
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

try:
    tf.TensorShape([3, -2])
except ValueError as e:
    print("TensorShape:", e)
x = tf.placeholder(tf.float32, [-1, 3])
