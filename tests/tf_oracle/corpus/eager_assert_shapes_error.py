# mode: eager
# checks: assert on tensor shapes and values passes, then a failing assert is AssertionError
import tensorflow as tf

x = tf.ones([2, 3])
assert x.shape == (2, 3)
assert x.shape[0] == 2
assert tf.reduce_sum(x).numpy() == 6.0
assert bool(tf.reduce_all(x > 0))
print("shape checks passed")
assert x.shape == (3, 2), "expected a transposed matrix"
