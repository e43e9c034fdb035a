# mode: eager
# checks: an int32 source has no gradient (None) and TensorFlow warns about the dtype
import tensorflow as tf

x = tf.constant(10)

with tf.GradientTape() as g:
    g.watch(x)
    y = x * x

print(g.gradient(y, x))
