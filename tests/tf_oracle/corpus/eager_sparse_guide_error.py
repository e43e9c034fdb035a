# mode: eager
# checks: the TensorFlow guide's sparse tensor walk-through: a pretty-printer iterating indices and values, from_dense / to_dense, sparse + sparse, sparse_dense_matmul of ints, slice, map_values, concat (axis 0 and 1, expand_nonconcat_dims; no gradient, as SparseConcat), reduce_max (implicit zeros not counted; output_is_sparse), a tf.function of a sparse and a dense argument (twice); concat's shape error
import tensorflow as tf


def pprint_sparse_tensor(st):
    s = "<SparseTensor shape=%s \n values={" % (st.dense_shape.numpy().tolist(),)
    for (index, value) in zip(st.indices, st.values):
        s += "\n  %s: %s" % (index.numpy().tolist(), value.numpy().tolist())
    return s + "}>"
print(pprint_sparse_tensor(tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])))
st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(pprint_sparse_tensor(st2), tf.sparse.to_dense(st2))
print(pprint_sparse_tensor(tf.sparse.add(tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10]),
                                         tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10]))))
st_c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17], dense_shape=(2, 2))
print(tf.sparse.sparse_dense_matmul(st_c, tf.constant([[4], [6]])))
pattern = tf.sparse.from_dense(tf.constant([[1, 1, 0, 0, 1], [0, 1, 1, 0, 0], [1, 0, 0, 1, 1]]))
print(tf.sparse.to_dense(tf.sparse.slice(pattern, start=[0, 1], size=[2, 3])))
print(tf.sparse.to_dense(tf.sparse.map_values(tf.add, st2, 5)),
      tf.sparse.to_dense(tf.sparse.SparseTensor(st2.indices, st2.values + 5, st2.dense_shape)))
a = tf.SparseTensor([[0, 1], [1, 0]], [1, 2], [2, 2])
b = tf.SparseTensor([[0, 0], [1, 1]], [3, 4], [2, 3])
print(tf.sparse.concat(axis=1, sp_inputs=[a, b]), tf.sparse.concat(0, [a, b], expand_nonconcat_dims=True))
v = tf.Variable([1.0, 2.0, 5.0])
with tf.GradientTape() as t:
    c = tf.sparse.concat(1, [tf.SparseTensor([[0, 0], [0, 1], [1, 1]], v, [2, 2])] * 2)
    z = tf.reduce_sum(tf.sparse.to_dense(c) * [[1.0, 2.0, 3.0, 4.0]])
print(c.values, t.gradient(z, v))
st3 = tf.SparseTensor(indices=[[0, 3], [2, 4], [2, 1]], values=[-1.5, 0.5, -3.0], dense_shape=[3, 10])
print(tf.sparse.reduce_max(st3), tf.sparse.reduce_max(st3, axis=1), tf.sparse.reduce_max(st3, 0, keepdims=True),
      tf.sparse.reduce_max(st3, axis=1, output_is_sparse=True))


@tf.function
def f(x, y):
    return tf.sparse.sparse_dense_matmul(x, y)


sa = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[15, 25], dense_shape=[3, 10])
print(f(sa, tf.sparse.to_dense(tf.sparse.transpose(sa))), f(sa, tf.ones([10, 2], tf.int32)))
print(tf.sparse.concat(0, [a, b]))
