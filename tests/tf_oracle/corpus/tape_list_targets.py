# mode: eager
# checks: a list of targets is differentiated as their sum
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    y0 = x**2
    y1 = 1 / x

print(tape.gradient({'y0': y0, 'y1': y1}, x).numpy())
print(tape.gradient([y0, y1], x).numpy())
print(tape.gradient(y0, x).numpy(), tape.gradient(y1, x).numpy())
