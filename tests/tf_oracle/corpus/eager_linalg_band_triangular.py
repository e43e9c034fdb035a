# mode: eager
# checks: tf.linalg.band_part (batched, -1 keeping a whole triangle), triangular_solve (lower / upper, adjoint, a batch of matrices broadcast against one right-hand side), cholesky_solve, and their tape gradients
import tensorflow as tf

m = tf.reshape(tf.range(1.0, 13.0), [3, 4])
print(tf.linalg.band_part(m, 1, 0))
print(tf.linalg.band_part(m, -1, 1).numpy().tolist())
print(tf.linalg.band_part(tf.stack([m, -m]), 0, -1)[1])
a = tf.Variable([[[2.0, 0.5, 1.0], [1.0, 3.0, -1.0], [0.5, -2.0, 4.0]],
                 [[1.5, 2.0, 0.0], [0.0, 2.5, 1.0], [3.0, 1.0, 2.0]]])
b = tf.Variable([[1.0, -1.0], [2.0, 0.0], [0.5, 3.0]])
w = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.25, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    lower = tf.linalg.triangular_solve(a, b)
    upper = tf.linalg.triangular_solve(a, b, lower=False, adjoint=True)
    loss = tf.reduce_sum(lower * w) + tf.reduce_sum(upper ** 2)
    spd = tf.matmul(a[0], a[0], transpose_b=True) + tf.eye(3)
    x = tf.linalg.cholesky_solve(tf.linalg.cholesky(spd), b)
    loss2 = tf.reduce_sum(x * w)
print(lower.shape, lower.numpy())
print(upper.numpy())
ga, gb = tape.gradient(loss, [a, b])
print(ga.numpy())
print(gb.numpy())
print(x.numpy(), tf.reduce_max(tf.abs(spd @ x - b)).numpy() < 1e-5)
print([g.numpy() for g in tape.gradient(loss2, [a, b])])
