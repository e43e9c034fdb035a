# mode: eager
# checks: a SparseTensor times / divided by a dense tensor or a number (broadcast), tf.sparse.map_values, tf.sparse.eye, a SparseTensor as a tf.function argument, with_values, tf.shape of a SparseTensor, and TensorFlow's errors for sp + 1.0 and tf.convert_to_tensor(sp); the gradient of values through sp * dense
import tensorflow as tf

sp = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
print(sp * tf.constant([[1.0, 2.0, 3.0, 4.0]]))
print(sp / 2.0)
print(sp * 3)
print(tf.sparse.map_values(tf.square, sp))
print(tf.sparse.map_values(tf.add, sp, 1.0))
print(tf.sparse.eye(2), tf.sparse.to_dense(tf.sparse.eye(2, 3, dtype=tf.int32)))
print(sp.with_values(tf.constant([5, 6])), tf.shape(sp), tf.shape(sp, out_type=tf.int64))


@tf.function
def f(s):
    return tf.sparse.reduce_sum(s) * 2.0


print(f(sp))
print(f(tf.SparseTensor([[0, 1]], [5.0], [2, 2])))
v = tf.Variable([3.0, 4.0])
with tf.GradientTape() as tape:
    s = tf.SparseTensor([[0, 1], [1, 0]], v, [2, 2]) * tf.constant([[2.0], [5.0]])
    y = tf.reduce_sum(tf.sparse.to_dense(s) ** 2)
print(s.values, tape.gradient(y, v))
try:
    sp + 1.0
except TypeError as e:
    print(type(e).__name__, e)
try:
    tf.convert_to_tensor(sp)
except ValueError as e:
    print(type(e).__name__, e)
