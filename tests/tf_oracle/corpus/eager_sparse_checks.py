# mode: eager
# checks: TensorFlow's errors for SparseTensor arguments that do not fit (constructor shapes, indices out of bounds or repeated in to_dense, sparse_dense_matmul's column out of bounds, add of another shape, reshape of another size, retain's mask, expand_dims' axis), caught and printed; reduce_sum(output_is_sparse=True) and TF1's sparse_reduce_sum_sparse
import tensorflow as tf
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e)[:300])
t(lambda: tf.SparseTensor([[0, 0]], [1.0, 2.0], [2, 2]))
t(lambda: tf.SparseTensor([0, 1], [1.0, 2.0], [2, 2]))
t(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 5]], [1.0], [2, 2])))
t(lambda: tf.sparse.to_dense(tf.SparseTensor([[0, 1], [0, 1]], [1.0, 2.0], [2, 2])))
t(lambda: tf.sparse.sparse_dense_matmul(tf.SparseTensor([[0, 5]], [1.0], [2, 2]), tf.ones([2, 2])))
t(lambda: tf.sparse.add(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), tf.ones([3, 2])))
t(lambda: tf.sparse.reshape(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), [3, 2]))
t(lambda: tf.sparse.reduce_sum(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), axis=2))
t(lambda: tf.sparse.reduce_sum(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), output_is_sparse=True))
t(lambda: tf.sparse.to_dense([[1.0]]))
t(lambda: tf.sparse.transpose(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), [0, 0]))
t(lambda: tf.sparse.SparseTensor([[0, 1]], [1.0], [2, 2]).shape.as_list())
t(lambda: tf.sparse.retain(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), [True, False]))
t(lambda: tf.sparse.expand_dims(tf.SparseTensor([[0, 1]], [1.0], [2, 2]), 5))
t(lambda: tf.sparse.from_dense(tf.constant([[0.0, 1.0]])).shape)
t(lambda: tf.sparse.slice(tf.SparseTensor([[0, 1], [1, 1]], [1.0, 2.0], [2, 2]), [1, 0], [5, 5]))
sp = tf.SparseTensor([[0, 1], [0, 3], [2, 0], [2, 2]], [1.0, 2.0, -3.0, 3.0], [3, 4])
print(tf.sparse.reduce_sum(sp, output_is_sparse=True))
print(tf.sparse.reduce_sum(sp, axis=1, output_is_sparse=True))
print(tf.sparse.reduce_sum(sp, axis=0, keepdims=True, output_is_sparse=True))
print(tf.compat.v1.sparse_reduce_sum_sparse(sp, 1, keep_dims=True))
