# mode: eager
# checks: the TF random-numbers guide's uses of tf.random.Generator: split generators, one made inside a tf.function's first call, one passed as its argument, saved and restored by a Checkpoint; stateless split and fold_in, full-range stateless ints
import tensorflow as tf
g = tf.random.Generator.from_seed(1)
print(g.normal([]))
new_gs = g.split(3)
for new_g in new_gs:
    print(new_g.normal([]))
print(g.normal([]))
g = None
@tf.function
def foo():
    global g
    if g is None:
        g = tf.random.Generator.from_seed(1)
    return g.normal([])
print(foo())
print(foo())
@tf.function
def bar(x):
    return x.normal([])
g1 = tf.random.Generator.from_seed(1)
print(bar(g1), bar(g1))
print(bar(tf.random.Generator.from_seed(2)), bar.experimental_get_tracing_count())
g = tf.random.Generator.from_seed(1)
cp = tf.train.Checkpoint(generator=g)
print(g.normal([]))
cp.write("ckpt")
print(g.normal([]))
cp.restore("ckpt")
print(g.normal([]), g.state.numpy())
seeds = tf.random.experimental.stateless_split([1, 2], num=3)
print(seeds)
print(tf.random.stateless_normal([3], seed=seeds[0, :]))
print(tf.random.split(tf.constant([1, 2], tf.int64)))
print(tf.random.experimental.stateless_fold_in([1, 2], 5))
print(tf.random.stateless_uniform([3], seed=[1, 2], minval=None, maxval=None, dtype=tf.int64))
