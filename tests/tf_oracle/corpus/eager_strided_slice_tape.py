# mode: eager
# checks: tf.strided_slice eagerly (masks, negative strides, a variable's value) and its gradient on a tape
import tensorflow as tf

x = tf.Variable(tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]))
with tf.GradientTape() as tape:
    a = tf.strided_slice(x, [0, 1], [2, 3], [1, 1], ellipsis_mask=1)
    b = tf.strided_slice(x, [1, 0, 3], [0, 3, 0], [-1, 2, -2], begin_mask=0, end_mask=1)
    c = tf.strided_slice(x, [0, 0, 0], [1, 1, 1], shrink_axis_mask=5)
    d = tf.strided_slice(x, [0, 0], [1, 2], new_axis_mask=2, end_mask=1)
    loss = tf.reduce_sum(a * a) + tf.reduce_sum(2.0 * b) + tf.reduce_sum(c) + tf.reduce_sum(d)
print(a)
print(b)
print(c)
print(d.shape)
print(tape.gradient(loss, x))
y = tf.constant([1, 2, 3, 4, 5])
print(tf.strided_slice(y, [4], [0], [-1]), tf.strided_slice(y, [-2], [10]))
