# mode: graph
# checks: a mapped, batched dataset's get_next in graph mode (the map runs on values, traced once)
import tensorflow as tf

ds = tf.data.Dataset.range(6).map(lambda i: (tf.cast(i, tf.float32) * 0.5, i % 2)).batch(3)
x, y = tf.data.make_one_shot_iterator(ds).get_next()
s = tf.reduce_sum(x)
with tf.Session() as sess:
    print(sess.run([s, y]))
    print(sess.run([s, y]))
