# mode: eager
# checks: jacobian of a vector with respect to a scalar, and of a scalar (its gradient)
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    v = tf.stack([x, x * x, x * x * x])
    s = tf.reduce_sum(v)
print(tape.jacobian(v, x))
print(tape.jacobian(s, x))
