# mode: eager
# checks: asking a non-persistent tape for a second gradient is TensorFlow's RuntimeError
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = x * x
    z = y * x

print(tape.gradient(z, x))
print(tape.gradient(y, x))
