# mode: eager
# checks: d(x**2)/dx at x = 3 through a GradientTape on a variable, printed as tensor and as numpy
import tensorflow as tf

x = tf.Variable(3.0)

with tf.GradientTape() as tape:
    y = x**2

dy_dx = tape.gradient(y, x)
print(dy_dx)
print(dy_dx.numpy())
print(y)
