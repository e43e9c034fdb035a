# mode: graph
# checks: TF1's tf.sparse_placeholder (no shape; a shape) fed a tuple and a tf.SparseTensorValue, sparse_tensor_dense_matmul / tf.sparse.matmul, to_dense, reduce_sum, add of a dense tensor: printed tensors, names, static shapes, values; tf.gradients of the values and the dense matrix, their names; a fetched SparseTensor is a SparseTensorValue; a fed shape of another size replans
import numpy as np
import tensorflow as tf

x = tf.sparse_placeholder(tf.float32)
x2 = tf.sparse_placeholder(tf.float32, shape=[3, 4], name="sx")
print(x)
print(x2, x2.shape)
w = tf.Variable(tf.reshape(tf.range(8, dtype=tf.float32) * 0.25, [4, 2]))
y = tf.sparse_tensor_dense_matmul(x, w)
y2 = tf.sparse.matmul(x2, w)
d = tf.sparse.to_dense(x2, default_value=-1.0)
s = tf.sparse.reduce_sum(x2)
a = tf.sparse.add(x2, tf.ones([3, 4]))
print(y, y2, d, s, a)
g = tf.gradients(tf.reduce_sum(tf.tanh(y)), [w, x.values])
g2 = tf.gradients(tf.reduce_sum(tf.sparse.to_dense(x2) * 3.0), [x2.values])
g3 = tf.gradients(s, x2.values)
g4 = tf.gradients(tf.reduce_sum(a * a), x2.values)
print(g, g2, g3, g4)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {x: (np.array([[0, 0], [1, 2]]), np.array([1.0, 2.0]), np.array([3, 4])),
            x2: tf.SparseTensorValue([[0, 1], [2, 3]], [3.0, 4.0], [3, 4])}
    print(sess.run([y, y2], feed))
    print(sess.run(g, feed))
    print(sess.run([g2, g3, g4], feed))
    print(sess.run([d, s, a], feed))
    print(sess.run(x2, feed))
    print(sess.run(tf.sparse.to_dense(x), feed))
    bigger = {x: tf.SparseTensorValue([[0, 3], [4, 1], [4, 2]], [0.5, 1.0, -1.0], [5, 4])}
    print(sess.run([y, g], bigger))
    print(sess.run(tf.sparse.to_dense(x), bigger))
