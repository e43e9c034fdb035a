# mode: graph
# checks: TF1 code's tf.nn / tf.train / tf.layers names that only tf.compat.v1 has (its `tf` is compat.v1)
import tensorflow as tf
tf.disable_v2_behavior()
x = tf.constant([[[[1.], [2.]], [[3.], [4.]]]])
k = tf.constant([[[[1.]]]])
dy = tf.ones([1, 2, 2, 1])
dk = tf.nn.conv2d_backprop_filter(x, (1, 1, 1, 1), dy, [1, 1, 1, 1], 'VALID')
dx = tf.nn.conv2d_backprop_input((1, 2, 2, 1), k, dy, [1, 1, 1, 1], 'VALID')
with tf.Session() as sess:
    print(sess.run([dk, dx]))
