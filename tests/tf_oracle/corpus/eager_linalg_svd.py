# mode: eager
# checks: tf.linalg.svd's singular values (batched too), the shapes of u and v (reduced and full), u diag(s) v^T rebuilding the matrix; tf.math.add_n of an empty list is TF's ValueError
import tensorflow as tf

a = tf.constant([[3.0, 1.0], [1.0, 3.0], [0.0, 2.0]])
s, u, v = tf.linalg.svd(a)
print(s, u.shape, v.shape)
print(tf.linalg.svd(a, compute_uv=False))
print([t.shape for t in tf.linalg.svd(a, full_matrices=True)])
print(bool(tf.reduce_max(tf.abs(u @ tf.linalg.diag(s) @ tf.transpose(v) - a)) < 1e-5))
batch = tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]) ** 0.5
print(tf.linalg.svd(batch, compute_uv=False))
s_b, u_b, v_b = tf.linalg.svd(batch)
print(u_b.shape, v_b.shape, bool(tf.reduce_max(tf.abs(tf.einsum("bs,bus,bvs->buv", s_b, u_b, v_b) - batch)) < 1e-4))
try:
    tf.math.add_n([])
except ValueError as e:
    print("ValueError:", e)
