# mode: eager
# checks: the gradient of a vector target is the gradient of its sum
import tensorflow as tf

x = tf.Variable(2.)
with tf.GradientTape() as tape:
    y = x * [3., 4.]
print(tape.gradient(y, x).numpy())

x = tf.linspace(-10.0, 10.0, 9)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.sigmoid(x)
dy_dx = tape.gradient(y, x)
print(y.numpy())
print(dy_dx.numpy())
