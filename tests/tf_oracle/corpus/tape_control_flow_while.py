# mode: eager
# checks: a Python while whose condition is an eager tensor
import tensorflow as tf

x = tf.Variable(1.0)
with tf.GradientTape() as tape:
    y = x
    steps = 0
    while y < 100.0:
        y = y * 3.0 + x
        steps += 1
print(steps, y.numpy(), tape.gradient(y, x).numpy())
