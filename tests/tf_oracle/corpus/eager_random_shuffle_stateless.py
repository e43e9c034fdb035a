# mode: eager
# checks: seeded tf.random.shuffle, stateless draws, float64 and int64 draws, the op-seed sequence after set_seed
import tensorflow as tf

tf.random.set_seed(42)
print(tf.random.shuffle(tf.range(8)).numpy())
print(tf.random.normal([3], dtype=tf.float64).numpy())
print(tf.random.uniform([4], minval=-5, maxval=5, dtype=tf.int64).numpy())
print(tf.random.stateless_normal([2, 2], seed=[1, 2]).numpy())
print(tf.random.stateless_uniform([3], seed=[3, 4], minval=1.0, maxval=2.0).numpy())
print(tf.random.stateless_truncated_normal([3], seed=[5, 6]).numpy())
print(tf.random.normal([60]).numpy().sum())
print(tf.random.truncated_normal([200], seed=7).numpy()[-4:])
