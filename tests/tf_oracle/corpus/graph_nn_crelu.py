# mode: graph
# checks: TF1 tf.nn.crelu(features, name, axis) in a session: its op's name, shape and tf.gradients
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 3])
y = tf.nn.crelu(x, name="cr")
z = tf.nn.crelu(x, None, 0)
g = tf.gradients(tf.reduce_sum(y * y * tf.range(6, dtype=tf.float32)) + tf.reduce_sum(z), x)[0]
print(y.name, y.shape, z.shape)
with tf.Session() as sess:
    for v in sess.run([y, z, g], {x: np.array([[1.5, -2.0, 0.25], [-0.5, 3.0, -1.0]])}):
        print(v)
