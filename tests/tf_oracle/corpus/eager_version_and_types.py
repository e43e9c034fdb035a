# mode: eager
# checks: tf.__version__, executing_eagerly, type names of tensors and variables
import tensorflow as tf

print(tf.__version__)
print(tf.executing_eagerly())
x = tf.constant([1.0, 2.0])
v = tf.Variable(x)
print(type(x).__name__, type(v).__name__)
print(isinstance(x, tf.Tensor), isinstance(v, tf.Variable), isinstance(v, tf.Tensor))
print(tf.is_tensor(x), tf.is_tensor(v), tf.is_tensor(1.0))
print(type(x.numpy()).__name__, type(v.numpy()).__name__)
