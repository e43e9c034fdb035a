# mode: eager
# checks: stacking an empty tf.TensorArray: eagerly a (0,) tensor (or (0, n) with an element shape); in a tf.function with an element shape (0, n), without one the TensorList kernel's InvalidArgumentError
import tensorflow as tf

print(tf.TensorArray(tf.float32, size=0).stack())
print(tf.TensorArray(tf.float32, size=0, element_shape=[3]).stack())


@tf.function
def empty_known():
    return tf.TensorArray(tf.float32, size=0, element_shape=[3]).stack()


@tf.function
def empty_unknown():
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    return ta.stack(), ta.size()


print(empty_known())
print(empty_unknown())
