# mode: eager
# checks: a Python if on an eager tensor picks the branch, and only that branch is differentiated
import tensorflow as tf

def f(x):
    if x > 0.0:
        return x * x
    else:
        return -3.0 * x

for value in [2.0, -1.5]:
    x = tf.Variable(value)
    with tf.GradientTape() as tape:
        y = f(x)
    print(value, y.numpy(), tape.gradient(y, x).numpy())
