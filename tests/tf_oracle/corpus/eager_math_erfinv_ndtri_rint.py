# mode: eager
# checks: tf.math.erfinv, ndtri (float32 and float64, +-1 / 0 / 1 edges, NaN outside), rint (half to even, no gradient): values and tape gradients, in tf.function; an int input's kernel error
import tensorflow as tf

x = tf.constant([-0.9, -0.3, 0.0, 0.5, 0.999])
p = tf.constant([1e-6, 0.02, 0.3, 0.5, 0.975])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, p])
    e, n = tf.math.erfinv(x), tf.math.ndtri(p)
    r = tf.math.rint(x * 3.0)
print(e.numpy(), n.numpy(), r.numpy())
print(tape.gradient(e, x).numpy(), tape.gradient(n, p).numpy(), tape.gradient(r, x))
print(tf.math.erfinv(tf.constant([-1.0, 1.0, 1.5, -0.9999999999, 0.3], tf.float64)).numpy())
print(tf.math.ndtri(tf.constant([0.0, 1.0, -0.5, 1e-300, 1e-20, 0.999999], tf.float64)).numpy())
print(tf.math.ndtri(tf.constant([1e-30, 1e-7, 0.999999])).numpy())
print(tf.math.rint(tf.constant([-1.5, -0.5, 0.5, 1.5, 2.5, 2.6])).numpy())


@tf.function
def f(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        y = tf.reduce_sum(tf.math.erfinv(v) * tf.math.ndtri((v + 1.0) / 2.0))
    return y, tape.gradient(y, v)


print(f(tf.constant([-0.5, 0.1, 0.7])))
try:
    tf.math.erfinv(tf.constant([1, 2]))
except tf.errors.InvalidArgumentError as err:
    print(type(err).__name__, str(err).splitlines()[0])
