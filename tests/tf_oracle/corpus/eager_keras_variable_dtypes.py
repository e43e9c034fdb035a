# mode: eager
# checks: Keras 3 variables give their dtype as a str equal to tf.float32; K.variable makes TensorFlow's own variable
import tensorflow as tf
from tensorflow.keras import backend as K

layer = tf.keras.layers.Dense(2, name="d", kernel_initializer="ones")
layer.build((None, 3))
w = layer.kernel
print(w.dtype, repr(w.dtype), w.dtype == tf.float32, tf.float32 == w.dtype, w.dtype in (tf.float32,))
print(type(w).__name__, w.value.dtype, (w * 2.0).dtype, tf.convert_to_tensor(w).dtype, w.numpy().dtype)
print(w)
k = K.variable([1.0, 2.0])
print(type(k).__name__, repr(k.dtype), k.name)
print(k)
n = K.variable([[3.0]], name="n")
print(n.name, n.shape)
