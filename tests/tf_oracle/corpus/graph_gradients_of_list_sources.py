# mode: graph
# checks: tf.gradients with a placeholder source and an intermediate tensor source
import tensorflow as tf

x = tf.placeholder(tf.float32, [2])
h = tf.tanh(x)
y = tf.reduce_sum(h * h)
gx, gh = tf.gradients(y, [x, h])
with tf.Session() as sess:
    print(sess.run([gx, gh], {x: [0.5, -1.0]}))
