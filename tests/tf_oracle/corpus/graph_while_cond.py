# mode: graph
# checks: tf.cond and tf.while_loop in a graph, with gradients through them
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
y = tf.cond(x > 0, lambda: x * x, lambda: -x)
i0 = tf.constant(0)
_, p = tf.while_loop(lambda i, acc: i < 3, lambda i, acc: (i + 1, acc * x), [i0, tf.constant(1.0)])
gy = tf.gradients(y, x)
gp = tf.gradients(p, x)
with tf.Session() as sess:
    for value in (2.0, -1.0):
        print(value, sess.run([y, gy, p, gp], feed_dict={x: value}))
