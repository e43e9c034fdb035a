# mode: eager
# checks: op-level seeds with and without a global seed
import tensorflow as tf

tf.random.set_seed(5)
a = tf.random.uniform([2], seed=10)
b = tf.random.uniform([2], seed=10)
print(a.numpy(), b.numpy())
tf.random.set_seed(5)
print(tf.random.uniform([2], seed=10).numpy())
print(tf.random.normal([2], mean=3.0, stddev=0.5, seed=1).numpy())
