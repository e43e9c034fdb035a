# mode: graph
# checks: tf.print in a TF1 graph formats a float32 tensor's values as TensorFlow does (9 digits where 6 do not read back), ints and bools too
import sys
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None])
y = x * 1.1
p = tf.print("y:", y, tf.cast(x, tf.int32), x > 1.0, output_stream=sys.stdout)
with tf.Session() as sess:
    with tf.control_dependencies([p]):
        z = tf.identity(y)
    print(sess.run(z, {x: np.array([0.5, 1.25, 3.0], np.float32)}))
