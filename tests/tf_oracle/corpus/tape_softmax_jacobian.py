# mode: eager
# checks: the jacobian of softmax is diag(p) - p p^T
import tensorflow as tf

z = tf.constant([1.0, 2.0, 0.5])
with tf.GradientTape() as tape:
    tape.watch(z)
    p = tf.nn.softmax(z)
j = tape.jacobian(p, z)
print(p.numpy())
print(j.numpy())
print(tf.reduce_max(tf.abs(j - (tf.linalg.diag(p) - p[:, None] * p[None, :]))).numpy() < 1e-6)
