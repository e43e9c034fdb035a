# mode: eager
# checks: a Python for loop inside the tape: y = x**5 built by repeated multiplication
import tensorflow as tf

x = tf.Variable(1.5)
with tf.GradientTape() as tape:
    y = tf.constant(1.0)
    for i in range(5):
        y = y * x
print("y =", y.numpy())
print("dy/dx =", tape.gradient(y, x).numpy())
