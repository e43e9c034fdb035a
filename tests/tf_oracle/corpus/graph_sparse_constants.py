# mode: graph
# checks: a TF1 graph's SparseTensor of constants: its printed tensors and names, to_dense / sparse_tensor_to_dense / TF1's sparse_to_dense (scalar value, vector of indices), reduce_sum's static shapes, sparse_dense_matmul, a Session's SparseTensorValue of reorder / transpose / reshape / expand_dims / retain / from_dense, tf.gradients of the values through add, reorder and to_dense
import tensorflow as tf

sp = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
print(sp, sp.shape)
print(tf.sparse.to_dense(sp), tf.sparse_tensor_to_dense(sp, -2.0), tf.sparse_to_dense([1, 3], [5], 2.0))
print(tf.sparse.reduce_sum(sp), tf.sparse.reduce_sum(sp, 1), tf.sparse.reduce_sum(sp, 1, keepdims=True))
m = tf.sparse.sparse_dense_matmul(sp, tf.ones([4, 2]))
a = tf.sparse.add(sp, tf.ones([3, 4]))
print(m, a)
u = tf.SparseTensor([[1, 0], [0, 1]], [5.0, 6.0], [2, 2])
r = tf.sparse.reorder(u)
ga = tf.gradients(tf.reduce_sum(a * a), sp.values)
gr = tf.gradients(tf.reduce_sum(tf.sparse.to_dense(r) * [[1.0, 2.0], [3.0, 4.0]]), u.values)
with tf.Session() as sess:
    print(sess.run(sp))
    print(sess.run([tf.sparse.to_dense(sp), tf.sparse_tensor_to_dense(sp, -2.0)]))
    print(sess.run([tf.sparse_to_dense([1, 3], [5], 2.0), tf.sparse_to_dense([[0, 1], [1, 0]], [2, 2], [3, 4])]))
    print(sess.run([tf.sparse.reduce_sum(sp), tf.sparse.reduce_sum(sp, 0), m, a]))
    print(sess.run(r))
    print(sess.run(tf.sparse.transpose(sp)))
    print(sess.run(tf.sparse.reshape(sp, [2, 6])))
    print(sess.run(tf.sparse.expand_dims(sp, 0)))
    print(sess.run(tf.sparse.retain(sp, [False, True])))
    print(sess.run(tf.sparse.from_dense(tf.constant([[0, 3], [4, 0]]))))
    print(sess.run([ga, gr]))
    print(tf.sparse.to_dense(sp).eval(), sp.eval())
