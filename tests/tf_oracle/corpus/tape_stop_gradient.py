# mode: eager
# checks: tf.stop_gradient inside a tape blocks one path, the other still contributes
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    a = x * 3.0
    b = tf.stop_gradient(a) * x
    c = tf.stop_gradient(x * x)
print(tape.gradient(b, x))
print(tape.gradient(c, x))
