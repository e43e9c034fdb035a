# mode: eager
# checks: a custom gradient differentiated again by an outer tape (its grad fn uses the input)
import tensorflow as tf

@tf.custom_gradient
def cube(x):
    def grad(dy):
        return dy * 3.0 * x * x
    return x * x * x, grad

x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = cube(x)
    dy_dx = inner.gradient(y, x)
print(y.numpy(), dy_dx.numpy(), outer.gradient(dy_dx, x).numpy())
