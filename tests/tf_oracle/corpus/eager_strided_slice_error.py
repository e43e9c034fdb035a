# mode: eager
# checks: tf.strided_slice's kernel errors: a zero stride, an index out of range, sizes that differ
import tensorflow as tf

x = tf.constant([[1., 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
for args in ([[0], [1], [0]], [[0, 0], [1], [1, 1]]):
    try:
        tf.strided_slice(x, *args)
    except tf.errors.InvalidArgumentError as exc:
        print(type(exc).__name__, exc.message)
tf.strided_slice(x, [5], [6], shrink_axis_mask=1)
