# mode: graph
# checks: a seeded tf.random_shuffle of a constant in a graph: a new order at each run, the same orders again in a new session
import tensorflow as tf

tf.set_random_seed(7)
order = tf.random_shuffle(tf.range(6))
rows = tf.random.shuffle(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), seed=2)
print(order)
with tf.Session() as sess:
    print(sess.run(order))
    print(sess.run(order))
    print(sess.run([rows, order]))
with tf.Session() as sess:
    print(sess.run(order))
