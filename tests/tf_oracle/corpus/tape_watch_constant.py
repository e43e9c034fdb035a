# mode: eager
# checks: a constant is only differentiated after tape.watch(); without it the gradient is None
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
dy_dx = g.gradient(y, x)
print(dy_dx)

with tf.GradientTape() as g2:
    y2 = x * x
print(g2.gradient(y2, x))
