# mode: eager
# checks: adding an int32 tensor and a float32 tensor is TensorFlow's InvalidArgumentError
import tensorflow as tf

x = tf.constant(1)
y = tf.constant(1.0)
print(x.dtype, y.dtype)
z = x + y
print(z)
