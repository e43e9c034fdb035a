# mode: graph
# checks: which graph variables report a `_ref` dtype (tf.Variable, get_variable) and which do not (use_resource=True, their reads, K.variable)
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
from tensorflow.keras import backend as K

v = tf.Variable([1.0, 2.0], name="weights")
print(v)
print(v.dtype, repr(v.dtype), v.dtype.name, v.dtype.base_dtype, v.dtype == tf.float32, v.dtype.base_dtype == tf.float32)
print(v.value().dtype, v.read_value().dtype, tf.identity(v).dtype, (v * 2.0).dtype, v.initial_value.dtype)
print(v.dtype.is_floating, v.dtype.is_integer, v.dtype.as_numpy_dtype)
g = tf.get_variable("g", [2], initializer=tf.zeros_initializer())
print(type(g).__name__, g.dtype, g)
i = tf.Variable(3, name="count")
print(i, i.dtype)
r = tf.Variable(1.0, use_resource=True, name="res")
print(type(r).__name__, r.dtype, r)
k = K.variable([1.0, 2.0])
print(type(k).__name__, k.dtype, k)
z = tf.zeros([2], dtype=v.dtype)
print(z, tf.cast(tf.constant(1), v.dtype))
print(tf.global_variables())
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(v + 1.0), sess.run(r), sess.run(k))
