# mode: graph
# checks: creating the same get_variable twice without reuse is a ValueError
import tensorflow as tf

with tf.variable_scope("dense"):
    w = tf.get_variable("kernel", [3, 1], initializer=tf.zeros_initializer())
print(w.name)
with tf.variable_scope("dense"):
    w2 = tf.get_variable("kernel", [3, 1])
