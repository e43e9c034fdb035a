# mode: eager
# checks: reshaping 6 elements into [4, 2] is InvalidArgumentError
import tensorflow as tf

x = tf.range(6)
try:
    tf.reshape(x, [4, 2])
except tf.errors.InvalidArgumentError as err:
    print("InvalidArgumentError caught")
y = tf.reshape(x, [4, -1])
