# mode: eager
# checks: a custom gradient of two inputs returns one gradient per input
import tensorflow as tf

@tf.custom_gradient
def scaled_product(x, y):
    z = x * y
    def grad(dz):
        return 10.0 * dz * y, 0.1 * dz * x
    return z, grad

x = tf.Variable(3.0)
y = tf.Variable(4.0)
with tf.GradientTape() as tape:
    z = scaled_product(x, y) + x
dx, dy = tape.gradient(z, [x, y])
print(z.numpy(), dx.numpy(), dy.numpy())
