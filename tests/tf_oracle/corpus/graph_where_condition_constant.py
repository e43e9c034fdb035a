# mode: graph
# checks: tf.where(condition) in a TF1 graph, of a condition computed from constants: a Where op of shape (?, rank), int64 coordinates, gathered
import tensorflow as tf
x = tf.constant([29.05, 27.61, 31.19, 29.35, 30.97, 26.67, 38.08])
indices = tf.where(x > 30)
out = tf.gather(x, indices)
m = tf.where(tf.constant([[True, False], [False, True]]))
print(indices, out, m)
with tf.Session() as sess:
    print(sess.run([indices, out, m, tf.reduce_sum(out)]))
p = tf.placeholder(tf.float32, [3])
