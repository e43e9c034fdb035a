# mode: eager
# checks: tf.linalg.solve of a batch, then of a singular matrix (TensorFlow's InvalidArgumentError)
import tensorflow as tf

batch = tf.constant([[[2.0, 0.0], [0.0, 4.0]], [[1.0, 1.0], [0.0, 1.0]]])
rhs = tf.constant([[[2.0], [2.0]], [[3.0], [1.0]]])
print(tf.linalg.solve(batch, rhs).numpy().tolist())
print(tf.linalg.matvec(batch, [1.0, 2.0]).numpy().tolist())
tf.linalg.solve(tf.constant([[1.0, 2.0], [2.0, 4.0]]), tf.constant([[1.0], [1.0]]))
