# mode: graph
# checks: reuse=True for a variable that was never made is a ValueError
import tensorflow as tf

with tf.variable_scope("model"):
    w = tf.get_variable("w", [2], initializer=tf.zeros_initializer())
print(w.name, w.shape)
with tf.variable_scope("model", reuse=True):
    u = tf.get_variable("u", [2])
