# mode: eager
# checks: a boolean tensor (or NumPy array) as the index is tf.boolean_mask; its gradient through a tape; boolean_mask inside tf.function
import numpy as np
import tensorflow as tf

x = tf.constant([[1, 2], [3, 4], [5, 6]])
print(x[tf.constant([True, False, True])])
labels = tf.constant([0, 2, 1, 2, 2])
preds = tf.constant([0, 1, 1, 2, 0])
print(preds[labels == 2], tf.reduce_mean(tf.cast(preds[labels == 2] == 2, tf.float32)))
print(x[np.array([False, True, True])])
print(tf.boolean_mask(x, [[True, False], [False, True], [True, True]]))
v = tf.Variable([1.5, -2.0, 3.0, -0.5])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(v[v > 0] ** 2)
print(y, tape.gradient(y, v))


@tf.function
def positive(a):
    return tf.boolean_mask(a, a > 0.0)


print(positive(tf.constant([1.0, -1.0, 2.0])), positive(tf.constant([-3.0, 4.0, 5.0])))
