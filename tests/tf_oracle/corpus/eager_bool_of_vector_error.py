# mode: eager
# checks: a Python if on a tensor of several elements is ambiguous (ValueError)
import tensorflow as tf

x = tf.constant([1.0, -2.0])
if x[0] > 0:
    print("first is positive")
if x > 0:
    print("all positive?")
