# mode: eager
# checks: tf.math.lbeta, polyval (Horner, empty coeffs), cumulative_logsumexp (axis, exclusive, reverse, a large spread), is_non_decreasing / is_strictly_increasing: values, tape gradients, tf.function
import tensorflow as tf

v = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(v)
    lb = tf.math.lbeta(v)
    pv = tf.math.polyval([2.0, -1.0, 3.0], v)
    c0 = tf.math.cumulative_logsumexp(v, axis=1)
    c1 = tf.math.cumulative_logsumexp(v, axis=0, exclusive=True, reverse=True)
    c2 = tf.math.cumulative_logsumexp(v, axis=-1, reverse=True)
for t in (lb, pv, c0, c1, c2):
    print(t.numpy(), tape.gradient(t, v).numpy())
print(tf.math.cumulative_logsumexp(tf.constant([-1000.0, 0.0, 3.0]), exclusive=True).numpy())
print(tf.math.cumulative_logsumexp(tf.constant([-1000.0, 0.0, 3.0], tf.float64), reverse=True).numpy())
print(tf.math.polyval([], tf.constant([3.0, 4.0])), tf.math.polyval([1.0, tf.constant(2.0)], 3.0))
print(tf.math.lbeta(tf.constant([[0.5, 0.5], [2.0, 3.0]], tf.float64)))
for a in ([1, 2, 2], [1.0, 2.0, 3.0], [], [[1], [3]], [3, 1]):
    print(tf.math.is_non_decreasing(a).numpy(), tf.math.is_strictly_increasing(a).numpy())


@tf.function
def g(t):
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf.reduce_sum(tf.math.cumulative_logsumexp(t) * tf.range(3.0)) + tf.math.lbeta(t)
    return y, tape.gradient(y, t), tf.math.is_strictly_increasing(t)


print(g(tf.constant([0.5, 1.5, 1.0])))
