# mode: eager
# checks: batching elements of different shapes is TensorFlow's InvalidArgumentError
import tensorflow as tf

ds = tf.data.Dataset.range(1, 4).map(lambda n: tf.ones([n]))
print([t.shape.as_list() for t in ds])
for batch in ds.batch(2):
    print(batch)
