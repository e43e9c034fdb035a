# mode: eager
# checks: tf.random.normal / truncated_normal / uniform inside a tf.function whose moments and bounds are tensors of the arguments (draws * stddev + mean as ops), a second call drawing on
import tensorflow as tf

tf.random.set_seed(3)


@tf.function
def noisy(x, scale):
    return x + tf.random.normal([3], stddev=scale * 2.0, mean=tf.reduce_mean(x), seed=5)


print(noisy(tf.constant([1.0, 2.0, 3.0]), tf.constant(0.5)))


@tf.function
def bounded(low, high):
    return tf.random.uniform([2, 2], minval=low, maxval=high), tf.random.truncated_normal([2], stddev=high)


print(bounded(tf.constant(-1.0), tf.constant(3.0)))
print(bounded(tf.constant(-1.0), tf.constant(3.0)))
