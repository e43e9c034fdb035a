# mode: graph
# checks: sharing a variable with another shape is a ValueError
import tensorflow as tf

with tf.variable_scope("s"):
    w = tf.get_variable("w", [2, 2], initializer=tf.zeros_initializer())
with tf.variable_scope("s", reuse=True):
    same = tf.get_variable("w", [2, 2])
    print(same is w)
    other = tf.get_variable("w", [3, 3])
