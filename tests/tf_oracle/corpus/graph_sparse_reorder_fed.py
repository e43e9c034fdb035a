# mode: graph
# checks: TF1's tf.sparse_reorder and tf.sparse.transpose of a sparse_placeholder's fed indices (sorted when the session runs): printed tensors and names, the SparseTensorValues, to_dense of them and tf.gradients of the values through them (a dense gradient, TensorFlow's name)
import numpy as np
import tensorflow as tf
x = tf.sparse_placeholder(tf.float32)
r = tf.sparse_reorder(x)
t = tf.sparse.transpose(x)
print(r, t)
d = tf.sparse_tensor_to_dense(r)
g = tf.gradients(tf.reduce_sum(d * tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])), x.values)
gt = tf.gradients(tf.reduce_sum(tf.sparse.to_dense(t) * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])), x.values)
print(g)
with tf.Session() as sess:
    feed = {x: tf.SparseTensorValue([[1, 2], [0, 1], [1, 0], [0, 2]], [1.0, 2.0, 3.0, 4.0], [2, 3])}
    print(sess.run(r, feed))
    print(sess.run([d, g, gt], feed))
    print(sess.run(t, feed))
    print(sess.run(tf.sparse.to_dense(t), feed))
