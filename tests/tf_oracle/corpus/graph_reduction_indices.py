# mode: graph
# checks: old keyword spellings: reduction_indices, keep_dims, tf.log, tf.div, tf.to_float
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
s = tf.reduce_sum(x, reduction_indices=[1])
m = tf.reduce_mean(x, axis=0, keepdims=True)
l = tf.log(x)
d = tf.div(x, 2.0)
f = tf.to_float(tf.constant([1, 2]))
with tf.Session() as sess:
    for t in (s, m, l, d, f):
        print(sess.run(t))
