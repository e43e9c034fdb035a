# mode: graph
# checks: tf.strided_slice with begin/end/ellipsis/new-axis/shrink masks and negative strides, and its gradient
import tensorflow as tf
tf.disable_v2_behavior()

x = tf.Variable([[1., 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
a = tf.strided_slice(x, [0, 1], [2, 3])
b = tf.strided_slice(x, [0, 3], [3, 0], [2, -1])
c = tf.strided_slice(x, [1], [2], shrink_axis_mask=1)
d = tf.strided_slice(x, [0, 0, 1], [0, 0, 3], [1, 1, 1], new_axis_mask=1, begin_mask=2, end_mask=2)
e = tf.strided_slice(x, [0, 2], [0, 3], ellipsis_mask=1)
f = tf.strided_slice(x, [-1, 0], [0, 4], [-1, 2], end_mask=1)
h = tf.compat.v1.strided_slice(x, [1, -1], [3, 0], shrink_axis_mask=2)
print(a, b, c, d, e, f, h, sep="\n")
loss = tf.reduce_sum(b * b) + tf.reduce_sum(3.0 * d) + tf.reduce_sum(f * e) + tf.reduce_sum(h)
g = tf.gradients(loss, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for value in sess.run([a, b, c, d, e, f, h, g]):
        print(value)
