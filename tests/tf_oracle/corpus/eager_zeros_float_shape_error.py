# mode: eager
# checks: a shape written with floats: tf.zeros / tf.ones convert it to int32 first, TF's TypeError
import tensorflow as tf
print(tf.zeros([3, 1]).shape, tf.ones(2))
for shape in [(2.0,), 3.0]:
    try:
        tf.ones(shape)
    except TypeError as error:
        print('TypeError:', error)
w = tf.Variable(initial_value=tf.zeros([3., 1.]))
