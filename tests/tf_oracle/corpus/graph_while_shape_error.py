# mode: graph
# checks: a loop variable whose shape changes without a shape invariant: TensorFlow's ValueError when the loop is built
import tensorflow as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [2])
n = tf.placeholder(tf.int32, [])
out = tf.while_loop(lambda i, v: i < n, lambda i, v: (i + 1, v * 2.0), [0, x])
print(out)
tf.while_loop(lambda v: tf.reduce_sum(v) < 10.0, lambda v: tf.concat([v, v], 0), [tf.ones([1])])
