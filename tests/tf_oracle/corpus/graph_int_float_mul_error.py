# mode: graph
# checks: multiplying an int32 tensor by a float32 tensor while building the graph is TypeError/ValueError
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

a = tf.constant([1, 2])
b = tf.constant([0.5, 1.5])
print(a, b)
c = a * b
