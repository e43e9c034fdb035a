# mode: eager
# checks: matmul of incompatible shapes is InvalidArgumentError (eager)
import tensorflow as tf

a = tf.ones([2, 3])
b = tf.ones([2, 3])
print(tf.matmul(a, tf.transpose(b)).numpy())
print(tf.matmul(a, b))
