# mode: graph
# checks: histogram summaries' bytes (TensorFlow's exponential buckets, runs of empty buckets collapsed), of floats, ints and nothing; text and image summaries
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
h = tf.compat.v1.summary.histogram('h', tf.constant([0.0, 1.0, -1.0, 3.5, 1e-13]))
i = tf.compat.v1.summary.histogram('ints', tf.constant([[1, 2], [2, 7]]))
e = tf.compat.v1.summary.histogram('empty', tf.zeros([0]))
t = tf.compat.v1.summary.text('note', tf.constant('hi there'))
im = tf.compat.v1.summary.image('img', tf.zeros([1, 2, 3, 1]))
print(h, t, im)
with tf.compat.v1.Session() as sess:
    for out in sess.run([h, i, e, t, im]):
        print(out)
