# mode: eager
# checks: a size that is not an integer is TensorFlow's TypeError (TensorShape, Dimension, tf.constant's shape), and a missing argument of a variable's method names BaseResourceVariable
import numpy as np
import tensorflow as tf

for make in (lambda: tf.TensorShape(["a"]), lambda: tf.TensorShape([1.5]), lambda: tf.compat.v1.Dimension("b")):
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)
print(tf.TensorShape([2, None, np.int64(3)]), tf.TensorShape([tf.compat.v1.Dimension(4)]).as_list())
v = tf.Variable(1.0)
for method in (v.assign, v.assign_add, v.assign_sub):
    try:
        method()
    except TypeError as e:
        print("TypeError:", e)
print(tf.constant(2.0, shape=[np.int32(2), 1]).numpy().tolist())
x = tf.constant(1.0, shape=["a"])
