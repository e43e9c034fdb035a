# mode: eager
# checks: second derivatives through the linalg decompositions with nested tapes: the Hessian-vector products of slogdet, logdet, eigvalsh, a triangular solve, QR and pinv (gradients of TensorFlow's gradient rules)
import tensorflow as tf

a = tf.Variable([[3.0, 1.0, 0.5], [1.0, 2.0, -0.5], [0.5, -0.5, 4.0]])
t = tf.constant([[1.0, 0.5, -1.0], [0.0, 2.0, 1.0], [1.0, -1.0, 0.5]])
fns = {
    "slogdet": lambda m: tf.linalg.slogdet(m)[1],
    "logdet": lambda m: tf.linalg.logdet((m + tf.transpose(m)) / 2),
    "eigvalsh": lambda m: tf.reduce_sum(tf.linalg.eigvalsh(m) ** 3),
    "triangular": lambda m: tf.reduce_sum(tf.linalg.triangular_solve(m, t) ** 2),
    "qr": lambda m: tf.reduce_sum(tf.linalg.qr(m).r * t),
    "pinv": lambda m: tf.reduce_sum(tf.linalg.pinv(m[:, :2]) * t[:2]),
}
for name, fn in fns.items():
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = fn(a)
        g = inner.gradient(y, a)
        gv = tf.reduce_sum(g * t)
    print(name, y.numpy())
    print(outer.gradient(gv, a).numpy())
