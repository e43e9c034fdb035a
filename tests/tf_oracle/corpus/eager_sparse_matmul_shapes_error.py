# mode: eager
# checks: tf.sparse.sparse_dense_matmul's bounds checks (k before m, with adjoint_a), caught; then mismatched inner dimensions: the kernel's InvalidArgumentError
import tensorflow as tf

sp = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([4, 1])))
for idx, adj in (([[5, 0]], False), ([[0, 5]], False), ([[5, 0]], True), ([[0, 5]], True), ([[3, 3]], False)):
    try:
        tf.sparse.sparse_dense_matmul(tf.SparseTensor(idx, [1.0], [2, 2]), tf.ones([2, 2]), adjoint_a=adj)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2])))
