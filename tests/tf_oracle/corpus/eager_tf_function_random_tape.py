# mode: eager
# checks: random ops in a tf.function under a GradientTape (the gradient sees the call's own draws); tf.random.set_seed starts the function's kernels again; dropout in a tf.function
import tensorflow as tf
tf.random.set_seed(5)
w = tf.Variable([1.0, 2.0, 3.0])
@tf.function
def noisy_loss():
    noise = tf.random.normal([3], seed=11)
    mask = tf.cast(tf.random.uniform([3], seed=12) > 0.5, tf.float32)
    return tf.reduce_sum(w * noise * mask), noise, mask
for step in range(2):
    with tf.GradientTape() as tape:
        loss, noise, mask = noisy_loss()
    print(step, loss.numpy(), noise.numpy(), mask.numpy(), tape.gradient(loss, w).numpy())
tf.random.set_seed(5)
print(noisy_loss()[1].numpy())
@tf.function
def drop(x):
    return tf.nn.dropout(x, rate=0.5, seed=3)
print(drop(tf.ones([6])).numpy(), drop(tf.ones([6])).numpy())
print(noisy_loss.experimental_get_tracing_count())
