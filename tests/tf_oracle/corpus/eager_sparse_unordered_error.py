# mode: eager
# checks: tf.sparse.to_dense refuses indices out of order (validate_indices=True) with the kernel's InvalidArgumentError; validate_indices=False takes them
import tensorflow as tf

u = tf.SparseTensor([[1, 0], [0, 1]], [5.0, 6.0], [2, 2])
print(tf.sparse.to_dense(u, validate_indices=False))
print(tf.sparse.to_dense(tf.sparse.reorder(u)))
print(tf.sparse.to_dense(u))
