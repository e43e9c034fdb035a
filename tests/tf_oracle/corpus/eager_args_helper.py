# mode: eager
# checks: *args and **kwargs helpers around tape gradients
import tensorflow as tf

def grads_of(fn, *variables, **options):
    with tf.GradientTape(**options) as tape:
        out = fn(*variables)
    return [g.numpy() if g is not None else None for g in tape.gradient(out, list(variables))]

a, b, c = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)
print(grads_of(lambda x, y: x * y, a, b))
print(grads_of(lambda *xs: tf.add_n([x * x for x in xs]), a, b, c))
print(grads_of(lambda x, y, z: x + 0.0 * y, a, b, c, persistent=True))
