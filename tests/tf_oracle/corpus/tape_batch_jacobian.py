# mode: eager
# checks: batch_jacobian of a per-example map, compared with the full jacobian's diagonal blocks
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])
w = tf.constant([[1.0, -1.0, 0.5], [2.0, 0.0, -0.5]])

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.tanh(x @ w)

jb = tape.batch_jacobian(y, x)
print(f'jb.shape: {jb.shape}')
j = tape.jacobian(y, x)
print(f'j.shape: {j.shape}')
print(tf.reduce_max(tf.abs(jb[1] - j[1, :, 1, :])).numpy())
print(jb[0].numpy())
