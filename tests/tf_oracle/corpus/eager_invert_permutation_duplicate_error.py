# mode: eager
# checks: tf.math.invert_permutation of a vector with a value out of range (caught) and one repeated: the kernel's InvalidArgumentError
import tensorflow as tf

print(tf.math.invert_permutation([2, 0, 1]))
try:
    tf.math.invert_permutation([0, 3, 1])
except tf.errors.InvalidArgumentError as e:
    print(e.message)
tf.math.invert_permutation(tf.constant([0, 0, 1]))
