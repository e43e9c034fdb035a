# mode: eager
# checks: tf.linalg.eigh's eigenvectors with TensorFlow's own signs (its Eigen kernel's, float32 and float64, batched; a repeated eigenvalue; the identity) and the tape gradient of a function that depends on those signs
import tensorflow as tf

a = tf.Variable([[2.0, -1.0, 0.5, 1.0], [-1.0, 3.0, 1.5, 0.0], [0.5, 1.5, -1.0, 2.0], [1.0, 0.0, 2.0, 0.5]])
e, v = tf.linalg.eigh(a)
print(e.numpy())
print(v.numpy())
print(tf.linalg.eigh(tf.cast(a, tf.float64))[1].numpy())
batch = tf.constant([[[1.0, 2.0], [2.0, -3.0]], [[0.5, -1.0], [-1.0, 4.0]], [[2.0, 1.0], [1.0, 2.0]]])
print(tf.linalg.eigh(batch))
print(tf.linalg.eigh(tf.constant([[3.0, 0.0, 0.0], [0.0, 1.0, 1.0], [0.0, 1.0, 1.0]])))
print(tf.linalg.eigh(tf.eye(3)))
w = tf.constant([[1.0, 0.5, -1.0, 2.0], [0.0, 1.0, 1.0, -0.5], [2.0, -1.0, 0.5, 1.0], [1.0, 1.0, 0.0, 0.25]])
with tf.GradientTape() as tape:
    e, v = tf.linalg.eigh(a)
    loss = tf.reduce_sum(v * w) + tf.reduce_sum(e * e)
print(tape.gradient(loss, a).numpy())
