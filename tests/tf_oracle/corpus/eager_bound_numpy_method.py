# mode: eager
# checks: a forgotten call: print(t.numpy) and print(v.numpy) show TensorFlow's bound methods
import tensorflow as tf
x = tf.constant([1.0, 2.0])
v = tf.Variable(2.0)
print(x.numpy)
print(v.numpy)
print(x.numpy(), v.numpy())
