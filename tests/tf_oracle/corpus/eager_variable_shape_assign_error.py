# mode: eager
# checks: assigning a value of another shape to a variable raises ValueError
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
v.assign([1.0, 2.0, 3.0])
