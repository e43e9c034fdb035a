# mode: eager
# checks: tf.sparse.sparse_dense_matmul of mismatched inner dimensions: the kernel's InvalidArgumentError
import tensorflow as tf

sp = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([4, 1])))
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2])))
