# mode: graph
# checks: graph tensors printed outside a session: str, repr in a list, names and shapes
import tensorflow as tf

a = tf.constant(2.0)
b = tf.constant(3.0)
c = a * b
d = tf.add(c, 1.0, name="my_add")
p = tf.placeholder(tf.float32, [None, 3], name="inputs")
print(c)
print([c, d])
print(d.name, d.op.name, d.op.type, c.shape, p.shape)
print(p)
v = tf.Variable([1.0, 2.0], name="weights")
print(v.name, v.shape, v.dtype)
print(tf.executing_eagerly())
