# mode: eager
# checks: make_initializable_iterator is TF1 graph code: eagerly it is a RuntimeError
import tensorflow as tf

ds = tf.data.Dataset.range(3)
print([int(v) for v in ds])
it = tf.compat.v1.data.make_initializable_iterator(ds)
