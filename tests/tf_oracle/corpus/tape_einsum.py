# mode: eager
# checks: gradients through tf.einsum (matmul, trace, outer product, batch matmul)
import tensorflow as tf

a = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
b = tf.Variable([[0.5, -1.0], [2.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    m = tf.einsum('ij,jk->ik', a, b)
    tr = tf.einsum('ii', a)
    outer = tf.einsum('i,j->ij', a[0], b[1])
    s = tf.reduce_sum(m) + tr + tf.reduce_sum(outer)
print(m.numpy())
print(tr.numpy())
print(tape.gradient(s, a).numpy())
print(tape.gradient(s, b).numpy())
x = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3])
y = tf.ones([2, 3, 2])
print(tf.einsum('bij,bjk->bik', x, y).numpy())
