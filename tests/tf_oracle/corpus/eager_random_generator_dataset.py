# mode: eager
# checks: a tf.random.Generator drawn from in a Dataset.map (element by element, each pass going on), in a tf.range loop of a tf.function, with tensor bounds and a tensor shape
import tensorflow as tf
g = tf.random.Generator.from_seed(5)
ds = tf.data.Dataset.range(4).map(lambda x: tf.cast(x, tf.float32) + g.uniform([]))
for v in ds:
    print(v.numpy())
print(list(ds.as_numpy_iterator()))
print(g.state.numpy())
@tf.function
def loop(n):
    t = tf.constant(0.0)
    for i in tf.range(n):
        t += g.normal([])
    return t
print(loop(tf.constant(3)), g.state.numpy())
@tf.function
def bounds(lo, hi):
    return g.uniform([3], lo, hi)
print(bounds(tf.constant(1.0), tf.constant(2.0)))
print(g.normal(shape=tf.constant([2])), g.uniform([2], tf.constant(3), tf.constant(9), tf.int32))
