# mode: graph
# checks: Keras backend ops in graph mode (K.mean, K.square, K.clip) evaluated with K.get_value / eval
import tensorflow as tf
from tensorflow.keras import backend as K

v = K.variable([[1.0, -2.0], [3.0, 0.5]])
m = K.mean(K.square(v))
c = K.clip(v, 0.0, 1.0)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run(m))
print(sess.run(c))
print(K.floatx(), K.epsilon())
print(v.dtype)
