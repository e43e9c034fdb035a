# mode: eager
# checks: tape.jacobian of an elementwise function is diagonal
import tensorflow as tf

x = tf.linspace(-2.0, 2.0, 5)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x**2 + tf.sin(x)
j = tape.jacobian(y, x)
print(j.shape)
print(j)
