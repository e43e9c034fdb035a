# mode: eager
# checks: Dataset batch / repeat / take / shuffle(seed=) element order and shapes
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(tf.range(7))
print([int(t) for t in ds])
print([b.numpy().tolist() for b in ds.batch(3)])
print([b.numpy().tolist() for b in ds.batch(3, drop_remainder=True)])
print([int(t) for t in ds.repeat(2).take(9)])
print([int(t) for t in ds.shuffle(7, seed=1)])
for batch in ds.batch(4).take(1):
    print(batch)
pairs = tf.data.Dataset.from_tensor_slices(({'a': [1.0, 2.0]}, [0, 1]))
for features, label in pairs:
    print(features['a'].numpy(), label.numpy())
