# mode: eager
# checks: tf.map_fn over a tensor, over a tuple (fn_output_signature), to a tuple of results, its gradient through a tape; tf.vectorized_map's values; tf.constant of a non-rectangular list is TF's ValueError
import tensorflow as tf
s = tf.constant([[1., 2., 3.], [4., 5., 6.]])
print(tf.map_fn(lambda x: tf.cumsum(x) / tf.reduce_sum(x), s))
print(tf.map_fn(lambda p: p[0] * p[1], (tf.constant([1, 2, 3]), tf.constant([4, 5, 6])), fn_output_signature=tf.int32))
print(tf.map_fn(lambda x: (x, x * 2.0), tf.constant([1.0, 2.0]), fn_output_signature=(tf.float32, tf.float32)))
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.map_fn(lambda x: x ** 2, v))
print(tape.gradient(y, v))
print(tf.vectorized_map(lambda x: x + 1, tf.constant([[1, 2], [3, 4]])))
try:
    tf.constant([[0, 1, 2], [3, 4], [5, 6, 7]])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.map_fn(lambda x: (x, x), tf.constant([1.0, 2.0]))
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])
