# mode: eager
# checks: tf.debugging.check_numerics passes finite values (its gradient too) and raises on a NaN
import tensorflow as tf

x = tf.constant([1.0, 4.0, 9.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.debugging.check_numerics(tf.sqrt(x), "sqrt")
    loss = tf.reduce_sum(y * y * y)
print(y)
print(tape.gradient(loss, x))
z = tf.debugging.check_numerics(tf.sqrt(x - 4.0), "sqrt of x - 4")
