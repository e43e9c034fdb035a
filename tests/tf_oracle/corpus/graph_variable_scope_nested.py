# mode: graph
# checks: nested variable scopes, default_name numbering, reuse_variables() and a scope object re-entered
import tensorflow as tf

with tf.variable_scope("net") as net_scope:
    with tf.variable_scope(None, default_name="dense"):
        a = tf.get_variable("kernel", [1], initializer=tf.zeros_initializer())
    with tf.variable_scope(None, default_name="dense"):
        b = tf.get_variable("kernel", [1], initializer=tf.zeros_initializer())
    print(tf.get_variable_scope().name, a.name, b.name)
    tf.get_variable_scope().reuse_variables()
    again = tf.get_variable("dense/kernel")
print(net_scope.name, net_scope.reuse, again is a)
with tf.variable_scope(net_scope, reuse=True):
    print(tf.get_variable("dense_1/kernel") is b)
    c = tf.constant(1.0, name="c")
with tf.variable_scope("net"):
    d = tf.constant(2.0, name="d")
    v = tf.Variable(3.0, name="plain")
print(c.name, d.name, v.name)
