# mode: graph
# checks: graph-level and op-level seeds for random_uniform / truncated_normal; each run draws anew
import tensorflow as tf

tf.set_random_seed(1234)
a = tf.random_uniform([2])
b = tf.random_normal([2], seed=1)
c = tf.truncated_normal([3], stddev=0.1)
with tf.Session() as sess:
    print(sess.run(a))
    print(sess.run(a))
    print(sess.run(b))
    print(sess.run(c))
with tf.Session() as sess:
    print(sess.run(a))
