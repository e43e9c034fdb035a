# mode: graph
# checks: tf.scatter_update / scatter_add / scatter_sub / scatter_nd_update / scatter_nd_add and Variable.scatter_* on reference variables (op names, values per step), tf.clip_by_average_norm
import numpy as np
import tensorflow as tf

table = tf.Variable(np.zeros((4, 2), np.float32))
counts = tf.Variable(np.zeros(4, np.float32))
ids = tf.placeholder(tf.int32, [None])
rows = tf.placeholder(tf.float32, [None, 2])
write = tf.scatter_update(table, ids, rows)
count = tf.scatter_add(counts, ids, tf.ones_like(ids, tf.float32))
undo = tf.scatter_sub(counts, [0], [0.5])
corner = tf.scatter_nd_update(table, [[0, 0], [3, 1]], [-1.0, -2.0])
bump = tf.scatter_nd_add(table, [[1]], [[10.0, 20.0]])
m1 = counts.scatter_update(tf.IndexedSlices(tf.constant([7.0]), tf.constant([2])))
m2 = counts.scatter_sub(tf.IndexedSlices(tf.constant([1.0, 2.0]), tf.constant([0, 3])))
m3 = table.scatter_nd_sub([[2, 1]], [5.0])
print([t.name for t in (write, count, undo, corner, bump, m1, m2, m3)], write.shape)
g = tf.constant([[3.0, 4.0], [0.0, 0.0]])
clipped = tf.clip_by_average_norm(g, 1.0)
print(clipped)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step, (i, r) in enumerate([([0, 2], [[1.0, 2.0], [3.0, 4.0]]), ([1], [[5.0, 6.0]]), ([2, 3], [[7.0, 8.0], [9.0, 0.5]])]):
        print(step, sess.run(write, {ids: i, rows: r}), sess.run(count, {ids: i}))
    print(sess.run(undo), sess.run(corner))
    print(sess.run(bump))
    print(sess.run(m1), sess.run(m2), sess.run(m3))
    print(sess.run([table, counts]))
    print(sess.run([clipped, tf.clip_by_average_norm(tf.constant([0.3, -0.4]), 1.0)]))
