# mode: eager
# checks: TensorFlow's errors for the linalg decompositions caught and printed (non-square eigh, rank-1 QR, triangular_solve shape mismatch, cross of 2-vectors, pinv of a vector, slogdet of a non-square matrix), then tf.linalg.lstsq's gradient with fast=False, TensorFlow's ValueError
import tensorflow as tf

wide = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
square = tf.constant([[2.0, 0.0], [1.0, 3.0]])
for f in [lambda: tf.linalg.eigh(wide), lambda: tf.linalg.qr(tf.constant([1.0, 2.0])),
          lambda: tf.linalg.triangular_solve(square, tf.ones([3, 1])),
          lambda: tf.linalg.triangular_solve(tf.ones([2, 2, 2]), tf.ones([3, 2, 1])),
          lambda: tf.linalg.cross(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])),
          lambda: tf.linalg.cross(tf.constant([1.0, 2.0, 3.0]), wide),
          lambda: tf.linalg.slogdet(wide), lambda: tf.linalg.band_part(wide, 3, 0)]:
    try:
        f()
    except (tf.errors.InvalidArgumentError, tf.errors.FailedPreconditionError) as e:
        print(type(e).__name__, e.message)
try:
    tf.linalg.pinv(tf.constant([1.0, 2.0]))
except ValueError as e:
    print("ValueError:", e)
print(tf.linalg.triangular_solve(tf.constant([[0.0, 0.0], [1.0, 1.0]]), tf.constant([[1.0], [2.0]])).numpy())
m = tf.Variable([[1.0, 2.0], [0.5, -1.0], [2.0, 1.0]])
with tf.GradientTape() as tape:
    x = tf.linalg.lstsq(m, tf.constant([[1.0], [0.0], [2.0]]), fast=False)
print(x.numpy())
tape.gradient(x, m)
