# mode: graph
# checks: K.gradients through tf.stop_gradient gives [None]
import tensorflow as tf
from tensorflow.keras import backend as k

x = k.variable(2.0)
y = x ** 2
z = tf.stop_gradient(y)
grads = k.gradients(z, x)
print(grads)
print(k.gradients(y + z, x))
