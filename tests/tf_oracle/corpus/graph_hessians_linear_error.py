# mode: graph
# checks: tf.hessians of a linear function: the second gradient is None, TensorFlow raises
import tensorflow as tf

x = tf.placeholder(tf.float32, [3])
y = tf.reduce_sum(2.0 * x)
print(tf.gradients(y, x))
h = tf.hessians(y, x)
print(h)
