# mode: graph
# checks: TF1 static shapes where a placeholder's batch size is unknown: (?, 3) times a (2, 3) constant is (2, 3); reshape to a full shape is that shape; tf.gradients through them; both inputs' gradients reduced (Reshape, Reshape_1)
import tensorflow as tf
import numpy as np

p = tf.placeholder(tf.float32, [None, 3])
c = tf.constant(np.ones((2, 3), np.float32))
y = c * p
print(y, tf.reduce_sum(y, axis=0) + p[0])
print(p + tf.ones([1, 3]), p - tf.zeros([3]), tf.maximum(p, c))
r = tf.reshape(p, [2, 3])
print(r, tf.reshape(p, [3, -1]), tf.reshape(p, [-1, 2]))
w = tf.Variable(tf.ones([3, 2]))
loss = tf.reduce_sum(tf.matmul(r, w)) + tf.reduce_sum(y * 3.0)
g = tf.gradients(loss, [w, p])
print(g[0])
g2 = tf.gradients(tf.reduce_sum(y), [p, c])
print(g2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {p: np.arange(6, dtype=np.float32).reshape(2, 3)}
    print(sess.run([y, r, g], feed))
    print(sess.run(g2, feed))
    print(sess.run(c * p, {p: np.full((1, 3), 3.0, np.float32)}))
