# mode: eager
# checks: seeded tf.nn.dropout eagerly (op seed and global seed), rate 0 (nothing dropped, the op seed used up), a noise_shape, a gradient through the mask
import tensorflow as tf

tf.random.set_seed(5)
x = tf.reshape(tf.range(1.0, 13.0), [3, 4])
print(tf.nn.dropout(x, rate=0.5, seed=1).numpy())
print(tf.nn.dropout(x, rate=0.25).numpy())
print(tf.nn.dropout(x, rate=0.0).numpy().sum())
print(tf.nn.dropout(x, rate=0.5, noise_shape=[3, 1]).numpy())
v = tf.Variable([1.0, 2.0, 3.0, 4.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.nn.dropout(v, rate=0.5, seed=2) * v)
print(tape.gradient(y, v).numpy())
