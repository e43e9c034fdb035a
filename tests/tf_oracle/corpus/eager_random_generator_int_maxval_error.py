# mode: eager
# checks: tf.random.Generator.uniform refuses as TensorFlow does: equal int bounds (the kernel's InvalidArgumentError), the threefry algorithm on CPU, an int dtype with minval but no maxval (ValueError, the end)
import tensorflow as tf
g = tf.random.Generator.from_seed(1)
try:
    g.uniform([2], 3, 3, dtype=tf.int32)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
try:
    tf.random.Generator.from_seed(1, alg="threefry").normal([2])
except tf.errors.UnimplementedError as e:
    print(type(e).__name__, e)
try:
    tf.random.Generator.from_seed(1, alg="mersenne")
except ValueError as e:
    print(e)
print(g.state.numpy())
g.uniform([2], minval=0, dtype=tf.int32)
