# mode: eager
# checks: seeded tf.random.uniform (float range and int maxval) and truncated_normal
import tensorflow as tf

tf.random.set_seed(1234)
print(tf.random.uniform([2, 3]).numpy())
print(tf.random.uniform([4], minval=-1.0, maxval=1.0).numpy())
print(tf.random.uniform([5], maxval=10, dtype=tf.int32).numpy())
print(tf.random.truncated_normal([4], stddev=0.1).numpy())
