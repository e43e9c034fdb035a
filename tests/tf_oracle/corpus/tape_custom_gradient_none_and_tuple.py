# mode: eager
# checks: a custom gradient returning None for one input, and one returning two results
import tensorflow as tf

@tf.custom_gradient
def only_y(x, y):
    def grad(dz):
        return None, dz * 4.0
    return x * y, grad

@tf.custom_gradient
def both(x):
    def grad(da, db):
        return 2.0 * da + 3.0 * db
    return (x * 2.0, x * 3.0), grad

x = tf.Variable(1.0)
y = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    z = only_y(x, y)
    a, b = both(x)
    s = a + 10.0 * b
print(tape.gradient(z, [x, y]))
print(a.numpy(), b.numpy(), tape.gradient(s, x).numpy())
