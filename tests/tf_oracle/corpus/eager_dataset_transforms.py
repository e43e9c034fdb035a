# mode: eager
# checks: Dataset map / filter / enumerate / zip / range / skip, element_spec, cardinality and len
import tensorflow as tf

ds = tf.data.Dataset.range(10)
print(ds)
print(list(ds.skip(7).as_numpy_iterator()))
evens = ds.filter(lambda x: x % 2 == 0).map(lambda x: x * 10)
print([int(v) for v in evens])
print(evens.cardinality().numpy(), ds.cardinality().numpy(), ds.repeat().cardinality().numpy())
pairs = tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0], [[1, 0], [0, 1], [1, 1]]))
print(pairs.element_spec)
print(len(pairs), pairs.batch(2).element_spec)
for i, (x, y) in pairs.enumerate(start=5):
    print(i.numpy(), x.numpy(), y.numpy())
zipped = tf.data.Dataset.zip((ds.take(3), tf.data.Dataset.from_tensors(7.0).repeat()))
print([(int(a), float(b)) for a, b in zipped])
scaled = pairs.map(lambda x, y: (x * 2.0, tf.cast(y, tf.float32)))
print(next(iter(scaled.batch(3))))
