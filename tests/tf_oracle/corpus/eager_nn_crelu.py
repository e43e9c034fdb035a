# mode: eager
# checks: tf.nn.crelu along the last axis and axis=0 (relu of x and -x concatenated), its tape gradient, an int input
import tensorflow as tf

x = tf.constant([[1.0, -2.0, 0.25], [-0.5, 3.0, -1.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.crelu(x)
    z = tf.nn.crelu(x, axis=0)
    loss = tf.reduce_sum(y * tf.range(6, dtype=tf.float32)) + tf.reduce_sum(z * z)
print(y)
print(z)
print(tape.gradient(loss, x))
print(tf.nn.crelu(tf.constant([1, -2])))
