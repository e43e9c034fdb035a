# mode: eager
# checks: seeded and unseeded random ops inside a tf.function: each trace keeps its own kernels (a second call goes on, a new signature starts again), apart from the eager ops' streams
import tensorflow as tf
tf.random.set_seed(1)
@tf.function
def f():
    return tf.random.uniform([2], seed=3)
print(f()); print(f())
print(tf.random.uniform([2], seed=3))
@tf.function
def g(x):
    return x + tf.random.normal([2])
print(g(tf.constant(1.0))); print(g(tf.constant(1.0))); print(g(tf.constant([1.0, 2.0])))
@tf.function
def h():
    a = tf.random.uniform([1])
    b = tf.random.uniform([1])
    return a, b
print(h()); print(h())
print(tf.random.uniform([1]))
@tf.function
def k():
    return tf.random.shuffle(tf.range(5), seed=2), tf.random.truncated_normal([2], seed=4)
print(k())
print(f())
