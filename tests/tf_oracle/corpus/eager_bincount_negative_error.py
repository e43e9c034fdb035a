# mode: eager
# checks: tf.math.bincount of weights of another length (caught), then of a negative value: the kernel's InvalidArgumentError
import tensorflow as tf

try:
    tf.math.bincount([1, 2, 3, 1], weights=[0.5, 1.0, 2.0])
except tf.errors.InvalidArgumentError as e:
    print(e.message)
tf.math.bincount(tf.constant([1, -2, 3]))
