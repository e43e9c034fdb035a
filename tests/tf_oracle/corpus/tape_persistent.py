# mode: eager
# checks: a persistent tape gives several gradients from one recording
import tensorflow as tf

x = tf.constant([1, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = y * y

print(tape.gradient(z, x).numpy())  # 4 * x**3
print(tape.gradient(y, x).numpy())  # 2 * x
del tape
