# mode: graph
# checks: a fed sparse_placeholder's indices are checked when the session runs: sparse.to_dense of ordered indices, then of indices out of order (validate_indices=False takes them), then the InvalidArgumentError naming the SparseToDense node
import tensorflow as tf

x = tf.sparse_placeholder(tf.float32, shape=[2, 3])
d = tf.sparse.to_dense(x)
loose = tf.sparse.to_dense(x, validate_indices=False)
with tf.Session() as sess:
    print(sess.run(d, {x: tf.SparseTensorValue([[0, 1], [1, 0]], [1.0, 2.0], [2, 3])}))
    print(sess.run(loose, {x: tf.SparseTensorValue([[1, 0], [0, 1]], [1.0, 2.0], [2, 3])}))
    print(sess.run(d, {x: tf.SparseTensorValue([[1, 0], [0, 1]], [1.0, 2.0], [2, 3])}))
