import tensorflow as tf
from tensorflow.keras import backend as k

x = k.variable(2.0)
y = x ** 2

grads = k.gradients(y, x)

sess = tf.Session()
sess.run(tf.global_variables_initializer())
print(sess.run(grads))
