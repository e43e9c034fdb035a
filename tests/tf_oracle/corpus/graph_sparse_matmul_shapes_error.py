# mode: graph
# checks: a fed sparse_placeholder whose dense shape does not fit the dense matrix: sparse_tensor_dense_matmul's InvalidArgumentError when the session runs
import numpy as np
import tensorflow as tf

x = tf.sparse_placeholder(tf.float32)
y = tf.sparse_tensor_dense_matmul(x, tf.ones([4, 2]))
with tf.Session() as sess:
    print(sess.run(y, {x: tf.SparseTensorValue([[0, 1]], [2.0], [2, 4])}))
    print(sess.run(y, {x: tf.SparseTensorValue([[0, 1]], [2.0], [2, 3])}))
