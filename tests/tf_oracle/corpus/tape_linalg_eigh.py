# mode: eager
# checks: tf.linalg.eigh / eigvalsh (batched; only the lower triangle is read) and their tape gradients; eigenvectors are unique up to sign, so the case prints sign-invariant quantities of them (v diag(e) v^T, v * v, |v|) and differentiates sign-invariant functions
import tensorflow as tf

a = tf.Variable([[4.0, 1.0, -2.0], [1.0, 2.0, 0.5], [-2.0, 0.5, 3.0]])
e, v = tf.linalg.eigh(a)
print(type(tf.linalg.eigh(a)).__name__, e.shape, v.shape)
print(e.numpy())
print(tf.abs(v).numpy())
print((v @ tf.linalg.diag(e) @ tf.transpose(v)).numpy())
print(tf.linalg.eigvalsh(tf.linalg.band_part(a, -1, 0)).numpy())
batch = tf.stack([a, a * a, tf.eye(3) * 2.0 + tf.linalg.band_part(a, 0, 0)])
print(tf.linalg.eigvalsh(batch).numpy())
w = tf.constant([[1.0, -0.5, 2.0], [0.5, 1.5, -1.0], [2.0, 0.25, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    e, v = tf.linalg.eigh(a)
    values = tf.reduce_sum(e * [1.0, 2.0, 3.0])
    vectors = tf.reduce_sum(v * v * w)
    mixed = tf.reduce_sum(tf.linalg.eigvalsh(tf.stack([a, a * a])) ** 2)
    rebuilt = tf.reduce_sum((v * e[tf.newaxis, :]) @ tf.transpose(v) * w)
print(tape.gradient(values, a).numpy())
print(tape.gradient(vectors, a).numpy())
print(tape.gradient(mixed, a).numpy())
print(tape.gradient(rebuilt, a).numpy())
