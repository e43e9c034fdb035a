# mode: graph
# checks: a Python if on a graph tensor is not allowed (TypeError in graph mode)
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
y = x * 2.0
if y > 0:
    print("positive")
