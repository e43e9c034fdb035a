# mode: graph
# checks: Keras backend K.variable / K.gradients in graph mode, run in a Session
import tensorflow as tf
from tensorflow.keras import backend as K

x = K.variable(3.0)
w = K.variable([[1.0, 2.0]])
y = x ** 3 + K.sum(w * w) * x
grads = K.gradients(y, [x, w])
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run(grads))
print(type(grads).__name__, len(grads))
