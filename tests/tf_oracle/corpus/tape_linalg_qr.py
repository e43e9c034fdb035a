# mode: eager
# checks: tf.linalg.qr of tall, square, wide and batched matrices (reduced and full_matrices), the Qr namedtuple, its tape gradients (q and r together, r alone, the wide case), and TensorFlow's NotImplementedError for the gradient of a tall full_matrices QR
import tensorflow as tf

a = tf.Variable([[2.0, -1.0, 0.5], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0], [1.0, 0.5, -2.0]])
res = tf.linalg.qr(a)
print(type(res).__name__, res._fields, res.q.shape, res.r.shape)
print(res.q.numpy())
print(res.r.numpy())
print([t.shape for t in tf.linalg.qr(a, full_matrices=True)])
wide = tf.Variable([[1.0, 2.0, 0.0, -1.0], [0.5, -1.0, 2.0, 1.0]])
qw, rw = tf.linalg.qr(wide)
print(qw.numpy(), rw.numpy())
batch = tf.stack([a[:3], tf.transpose(a[1:])])
print(tf.linalg.qr(batch).r.numpy())
w = tf.constant([[1.0, 0.5, -1.0], [2.0, 0.0, 1.0], [0.5, 1.5, 0.25], [-1.0, 1.0, 0.5]])
with tf.GradientTape(persistent=True) as tape:
    q, r = tf.linalg.qr(a)
    both = tf.reduce_sum(q * w) + tf.reduce_sum(r * r[:, :1])
    only_r = tf.reduce_sum(tf.linalg.qr(tf.stack([a[:3], tf.transpose(a[1:])]))[1] ** 2)
    qw, rw = tf.linalg.qr(wide)
    wide_loss = tf.reduce_sum(qw[:, 0]) + tf.reduce_sum(rw * tf.transpose(w[:, :2]))
    full = tf.reduce_sum(tf.linalg.qr(a, full_matrices=True)[0])
print(tape.gradient(both, a).numpy())
print(tape.gradient(only_r, a).numpy())
print(tape.gradient(wide_loss, wide).numpy())
try:
    tape.gradient(full, a)
except NotImplementedError as e:
    print("NotImplementedError:", e)
