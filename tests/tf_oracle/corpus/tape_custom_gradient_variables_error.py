# mode: eager
# checks: a custom gradient whose function reads a variable: grad_fn takes variables= and returns their gradients
import tensorflow as tf

scale = tf.Variable(3.0, name="scale")

@tf.custom_gradient
def scaled(x):
    def grad(dy, variables=None):
        return dy * scale * 0.5, [tf.reduce_sum(dy * x) * 100.0 for _ in variables]
    return x * scale, grad

x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(scaled(x))
dx, dscale = tape.gradient(y, [x, scale])
print(y.numpy(), dx.numpy(), dscale.numpy())

@tf.custom_gradient
def forgets(x):
    return x * scale, lambda dy: dy
forgets(tf.constant(1.0))
