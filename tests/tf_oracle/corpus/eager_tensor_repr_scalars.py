# mode: eager
# checks: an eager scalar's repr shows its number as a Python scalar (float32 2.2 as 2.200000047683716), as TF 2.21 with NumPy 2 prints it; str and arrays unchanged
import tensorflow as tf
import numpy as np

print(repr(tf.constant(2.2)), repr(tf.constant(2.2, tf.float64)), repr(tf.constant(2.2, tf.float16)))
print(repr(tf.constant(3)), repr(tf.constant(True)), repr(tf.constant(np.int64(5))))
print(repr(tf.Variable(2.2)), repr(tf.constant([2.2])), repr(tf.constant(float("nan"))))
print(repr(tf.constant(1e-8)), repr(tf.constant(1e20)), str(tf.constant(2.2)))
print(repr(tf.constant("ab")), repr(tf.constant(1 + 2j)))
w = tf.Variable(0.1)
with tf.GradientTape() as tape:
    loss = tf.square(w * 3.3 - 1.0)
print([tape.gradient(loss, w)], [w])
