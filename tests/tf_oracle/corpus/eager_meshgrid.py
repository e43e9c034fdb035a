# mode: eager
# checks: tf.meshgrid with indexing 'xy' (default) and 'ij', three inputs, and the gradient to each input
import tensorflow as tf

X, Y = tf.meshgrid([1.0, 2.0, 3.0], [10.0, 20.0])
print(X)
print(Y)
rows, cols = tf.meshgrid(tf.range(3), tf.range(2), indexing="ij")
print(rows.shape, cols)
print([t.shape for t in tf.meshgrid([1, 2], [3, 4, 5], [6, 7, 8, 9])])
a = tf.Variable([1.0, 2.0])
b = tf.Variable([0.5, 1.0, 1.5])
with tf.GradientTape() as tape:
    p, q = tf.meshgrid(a, b)
    z = tf.reduce_sum(p * q ** 2)
print(z, tape.gradient(z, [a, b]))
