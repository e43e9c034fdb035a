# mode: graph
# checks: Tensor.eval() with no default session is a ValueError
import tensorflow as tf

x = tf.constant([1.0, 2.0]) * 3.0
print(x)
print(x.eval())
