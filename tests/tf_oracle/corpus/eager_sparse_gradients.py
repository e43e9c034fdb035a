# mode: eager
# checks: GradientTape gradients of a SparseTensor's values (a dense tensor of their shape) through to_dense (with a default value), sparse_dense_matmul (values and the dense matrix, adjoint_a), reduce_sum, add of a dense tensor, reorder and transpose, and of a dense tensor through from_dense
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
w = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
idx = [[0, 0], [1, 2], [2, 3]]
with tf.GradientTape(persistent=True) as tape:
    sp = tf.SparseTensor(idx, v, [3, 4])
    d = tf.sparse.to_dense(sp, default_value=0.5)
    y1 = tf.reduce_sum(d * d)
    m = tf.sparse.sparse_dense_matmul(sp, w)
    y2 = tf.reduce_sum(tf.sin(m))
    y3 = tf.sparse.reduce_sum(sp, axis=0)
    y4 = tf.reduce_sum(tf.sparse.add(sp, tf.ones([3, 4])) ** 2)
    t = tf.sparse.transpose(sp)
    y5 = tf.reduce_sum(tf.sparse.sparse_dense_matmul(t, w, adjoint_a=True) ** 2)
    r = tf.sparse.reorder(tf.SparseTensor([[2, 0], [0, 1]], v[:2] * 3.0, [3, 2]))
    y6 = tf.reduce_sum(tf.sparse.to_dense(r) * [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tape.gradient(y1, v))
print(tape.gradient(y2, [v, w]))
print(tape.gradient(y3, v))
print(tape.gradient(y4, v))
print(tape.gradient(y5, [v, w]))
print(tape.gradient(y6, v))
print(m, y3)
g = tape.gradient(y2, sp.values)
print(type(g).__name__, g)
x = tf.constant([[0.0, 1.5], [2.5, 0.0]])
with tf.GradientTape() as tape2:
    tape2.watch(x)
    s = tf.sparse.from_dense(x)
    z = tf.reduce_sum(tf.sparse.to_dense(s) * 3.0)
print(tape2.gradient(z, x))
