# mode: eager
# checks: jacobian of an unconnected source is None, or zeros with UnconnectedGradients.ZERO
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
u = tf.Variable([3.0, 4.0, 5.0])
with tf.GradientTape(persistent=True) as tape:
    y = x * 2.0
print(tape.jacobian(y, u))
print(tape.jacobian(y, u, unconnected_gradients=tf.UnconnectedGradients.ZERO).shape)
print(tape.jacobian(y, x).numpy())
