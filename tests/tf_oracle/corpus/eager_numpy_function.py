# mode: eager
# checks: tf.numpy_function eagerly (gradient None) and tf.py_function (differentiable through its tf ops)
import numpy as np
import tensorflow as tf

x = tf.Variable([1.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    y = tf.numpy_function(lambda a: np.sqrt(a), [x], tf.float32)
    z = tf.py_function(lambda a: tf.sqrt(a) * 2.0, [x], tf.float32)
    total = tf.reduce_sum(y) + tf.reduce_sum(z)
print(y, z)
print(tape.gradient(tf.reduce_sum(y), x))
print(tape.gradient(total, x))
