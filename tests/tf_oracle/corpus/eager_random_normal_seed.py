# mode: eager
# checks: tf.random.set_seed then tf.random.normal repeats the same numbers after re-seeding
import tensorflow as tf

tf.random.set_seed(1)
print(tf.random.normal([3]))
print(tf.random.normal([3]))
tf.random.set_seed(1)
print(tf.random.normal([3]).numpy())
