# mode: graph
# checks: op seeds without a graph seed, a random tensor drawn anew at each run and again from the start in a new session, an initializer run twice
import tensorflow as tf

a = tf.random_normal([2], seed=3)
b = tf.random_uniform([2, 2], seed=3)
c = a * 2.0 + 1.0
v = tf.Variable(tf.random_normal([3], seed=11))
with tf.Session() as sess:
    print(sess.run(a))
    print(sess.run([a, c]))
    print(sess.run(b))
    sess.run(v.initializer)
    print(sess.run(v))
    sess.run(v.initializer)
    print(sess.run(v))
with tf.Session() as sess:
    print(sess.run(c))
