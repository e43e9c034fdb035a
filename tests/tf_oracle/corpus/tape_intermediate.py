# mode: eager
# checks: the gradient with respect to an intermediate tensor recorded on the tape
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = x * x
    z = y * y

# Use the tape to compute the gradient of z with respect to the
# intermediate value y.
# dz_dy = 2 * y and y = x ** 2 = 9
print(t.gradient(z, y).numpy())
print(t.gradient(z, x).numpy())
del t
