# mode: eager
# checks: the tf.where gradient trap: the unselected sqrt at 0 gets a zero upstream gradient (0 in TF 2.21, not nan)
import tensorflow as tf

x = tf.constant([0.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.where(x > 0, tf.sqrt(x), tf.zeros_like(x))
    safe = tf.where(x > 0, tf.sqrt(tf.where(x > 0, x, tf.ones_like(x))), tf.zeros_like(x))
print(y.numpy())
print(tape.gradient(y, x).numpy())
print(tape.gradient(safe, x).numpy())
with tf.GradientTape() as tape2:
    tape2.watch(x)
    s = tf.sqrt(x)
print(tape2.gradient(s, x).numpy())
