# mode: eager
# checks: tf.math.bincount (weights, minlength, maxlength, dtype, binary_output, 2-D arr, float arr; its weights' gradient is a LookupError), confusion_matrix (num_classes, weights, dtype, its weights' gradient), invert_permutation
import tensorflow as tf

w0 = tf.Variable([0.5, 1.0, 2.0])
print(tf.math.bincount([1, 2, 3, 1]), tf.math.bincount([[1, 2], [3, 1]], minlength=6))
print(tf.math.bincount([1, 2, 3, 1], maxlength=2), tf.math.bincount([1, 2, 3, 1], weights=[0.5, 1.0, 2.0, 3.0]))
print(tf.math.bincount([1, 2, 3, 1], dtype=tf.float32), tf.math.bincount(tf.constant([1.0, 2.0])))
print(tf.math.bincount([1, 2, 1], binary_output=True), tf.math.bincount([], minlength=0))
print(tf.math.bincount(tf.constant([0, 4], tf.int64), weights=tf.constant([1.5, 2.0], tf.float64)))
with tf.GradientTape() as tape:
    counted = tf.math.bincount([0, 1, 1], weights=w0)
try:
    tape.gradient(counted, w0)
except LookupError as e:
    print("LookupError:", e)
print(tf.math.confusion_matrix([0, 1, 2, 1], [0, 2, 2, 1]))
w = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    cm = tf.math.confusion_matrix([0, 1, 2], [0, 2, 2], num_classes=4, weights=w, dtype=tf.float32)
    loss = tf.reduce_sum(cm * tf.reshape(tf.range(16.0), [4, 4]))
print(cm)
print(tape.gradient(loss, w))
print(tf.math.confusion_matrix(tf.constant([[1], [0]]), tf.constant([1, 1]), dtype=tf.int64))
print(tf.math.invert_permutation([3, 4, 0, 2, 1]), tf.math.invert_permutation(tf.constant([1, 0], tf.int64)))


@tf.function
def counts(a):
    return tf.math.bincount(a, minlength=5, maxlength=5), tf.math.invert_permutation(a)


print(counts(tf.constant([2, 0, 1, 3, 4])))
