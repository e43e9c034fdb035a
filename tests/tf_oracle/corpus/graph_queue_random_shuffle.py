# mode: graph
# checks: tf.RandomShuffleQueue with a seed: TensorFlow's order of dequeues (min_after_dequeue, dequeue_many, close)
import tensorflow as tf
tf.disable_v2_behavior()

tf.set_random_seed(7)
q = tf.RandomShuffleQueue(20, 3, [tf.int32, tf.float32], shapes=[[], [2]], seed=11)
n = tf.placeholder(tf.int32, [None])
fill = q.enqueue_many([n, tf.stack([tf.cast(n, tf.float32), -tf.cast(n, tf.float32)], 1)])
one = q.dequeue()
many = q.dequeue_many(3)
print(type(q), q.name, one, many)
with tf.Session() as sess:
    sess.run(fill, {n: list(range(10))})
    print(sess.run(one))
    print(sess.run(many))
    sess.run(fill, {n: [100, 101]})
    print(sess.run(many))
    sess.run(q.close())
    print(sess.run(q.dequeue_up_to(10)))
q2 = tf.RandomShuffleQueue(10, 0, tf.float32, seed=3)
with tf.Session() as sess:
    sess.run(q2.enqueue_many([[1.0, 2.0, 3.0, 4.0, 5.0]]))
    print([sess.run(q2.dequeue()) for _ in range(5)])
