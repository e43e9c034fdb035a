# mode: eager
# checks: the numerically stable log(1 + exp(x)) with a custom gradient, at x = 0 and x = 100
import tensorflow as tf

def log1pexp_naive(x):
    return tf.math.log(1 + tf.exp(x))

@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad

for f in (log1pexp_naive, log1pexp):
    for value in (0.0, 100.0):
        x = tf.constant(value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        print(f.__name__, value, y.numpy(), tape.gradient(y, x).numpy())
