# mode: eager
# checks: shuffle order per epoch under repeat, without reshuffling, with a small buffer, and under a global seed
import tensorflow as tf

ds = tf.data.Dataset.range(8)
print([int(v) for v in ds.shuffle(8, seed=7).repeat(2)])
fixed = ds.shuffle(8, seed=7, reshuffle_each_iteration=False)
print([int(v) for v in fixed], [int(v) for v in fixed])
print([int(v) for v in ds.shuffle(3, seed=11)])
tf.random.set_seed(5)
print([int(v) for v in ds.shuffle(8)])
print([b.numpy().tolist() for b in ds.shuffle(8, seed=2).batch(3)])
it = iter(tf.data.Dataset.from_tensor_slices({"x": [1, 2], "y": [3.0, 4.0]}))
print(next(it), next(it))
try:
    next(it)
except StopIteration:
    print("done")
