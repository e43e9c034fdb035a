# mode: eager
# checks: how eager tensors, variables and their numpy values print
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
v = tf.Variable([1.5, -2.0], name='v')
print(x)
print(repr(x))
print(v)
print(x.numpy())
print(v.numpy())
print(tf.constant(3))
print(tf.constant("hello"))
print(tf.constant([True, False]))
print([tf.constant(1.0), tf.constant(2)])
print(x.shape, x.dtype, x.shape.as_list(), v.shape)
