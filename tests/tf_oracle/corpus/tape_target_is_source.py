# mode: eager
# checks: the gradient of a source with respect to itself is ones; of a sum of copies, their count
import tensorflow as tf

x = tf.Variable([[1.0, 2.0]])
with tf.GradientTape(persistent=True) as tape:
    y = tf.identity(x)
    z = x + x + x
print(tape.gradient(x, x))
print(tape.gradient(y, x))
print(tape.gradient(z, x))
