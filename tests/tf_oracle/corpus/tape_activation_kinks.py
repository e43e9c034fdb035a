# mode: eager
# checks: gradients of relu, abs, maximum and reduce_max at their kinks and ties
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    r = tf.nn.relu(x)
    a = tf.abs(x)
    m = tf.maximum(x, 0.0)
    t = tf.reduce_max(tf.constant([1.0, 1.0]) * x[2])
    mx = tf.reduce_max(tf.stack([x[1], x[1] * 1.0, x[0]]))
print(tape.gradient(r, x).numpy())
print(tape.gradient(a, x).numpy())
print(tape.gradient(m, x).numpy())
print(tape.gradient(t, x).numpy())
print(tape.gradient(mx, x).numpy())
