# mode: eager
# checks: Dataset.from_generator (output_types / output_shapes and output_signature), called again each epoch
import numpy as np
import tensorflow as tf

calls = []

def pairs(n):
    calls.append(n)
    for i in range(n):
        yield np.full([2], i, dtype=np.float64), i % 2

ds = tf.data.Dataset.from_generator(pairs, output_types=(tf.float32, tf.int64),
                                    output_shapes=([2], []), args=(3,))
print(ds.element_spec)
for x, y in ds.repeat(2).batch(4):
    print(x.numpy().tolist(), y.numpy().tolist())
sig = tf.data.Dataset.from_generator(lambda: iter([[1.0, 2.0], [3.0, 4.0]]),
                                     output_signature=tf.TensorSpec(shape=(2,), dtype=tf.float32))
print([t.numpy().tolist() for t in sig], len(calls))
