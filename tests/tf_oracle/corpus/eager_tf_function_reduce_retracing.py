# mode: eager
# checks: tf.function(reduce_retracing=True): a second trace of other sizes takes them as unknown (TensorFlow's common supertype of the latest trace), later calls reuse it; Python arguments still retrace
import tensorflow as tf


@tf.function(reduce_retracing=True)
def g(x, n=1):
    print('Tracing with', x, n)
    return x * n


print(g(tf.constant([1, 2, 3])))
print(g(tf.constant([1, 2, 3, 4, 5])))
print(g(tf.constant([1, 2, 3, 4, 5, 6, 7])))
print(g(tf.constant([[1.0]])), g(tf.constant([[1.0, 2.0]])), g(tf.constant([[3.0], [4.0]])))
print(g(tf.constant([1, 2]), 2), g.experimental_get_tracing_count())
