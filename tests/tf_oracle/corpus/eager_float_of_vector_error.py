# mode: eager
# checks: float() of a non-scalar tensor is a TypeError
import tensorflow as tf

loss = tf.constant([0.5, 0.25])
print(float(tf.reduce_sum(loss)))
print(float(loss))
