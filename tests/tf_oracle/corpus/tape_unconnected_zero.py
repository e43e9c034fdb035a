# mode: eager
# checks: unconnected_gradients=ZERO gives zeros of the source's shape instead of None
import tensorflow as tf

x = tf.Variable([2., 2.])
y = tf.Variable(3.)

with tf.GradientTape() as tape:
    z = y**2
print(tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
