# mode: eager
# checks: casting to an integer dtype and back cuts the gradient (None); float64 casts keep it
import tensorflow as tf

x = tf.Variable(2.7)
with tf.GradientTape(persistent=True) as tape:
    via_int = tf.cast(tf.cast(x, tf.int32), tf.float32) * x
    via_f64 = tf.cast(tf.cast(x, tf.float64) * 2.0, tf.float32)
    only_int = tf.cast(tf.cast(x, tf.int32), tf.float32)
print(tape.gradient(via_int, x))
print(tape.gradient(via_f64, x))
print(tape.gradient(only_int, x))
