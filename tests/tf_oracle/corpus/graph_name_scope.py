# mode: graph
# checks: op names under tf.name_scope and duplicate-name suffixes
import tensorflow as tf

with tf.name_scope("layer"):
    a = tf.constant(1.0, name="a")
    b = tf.constant(2.0, name="a")
    c = tf.add(a, b)
d = tf.multiply(c, 2.0)
e = tf.multiply(d, 2.0)
print(a.name, b.name, c.name, d.name, e.name)
print(tf.gradients(e, a)[0].name)
