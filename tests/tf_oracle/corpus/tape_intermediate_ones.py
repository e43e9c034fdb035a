# mode: eager
# checks: the old guide's example: z = (sum of ones(2, 2))**2, dz/dy and dz/dx
import tensorflow as tf

x = tf.ones((2, 2))

with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = tf.reduce_sum(x)
    z = tf.multiply(y, y)

dz_dy = t.gradient(z, y)
assert dz_dy.numpy() == 8.0
dz_dx = t.gradient(z, x)
for i in [0, 1]:
    for j in [0, 1]:
        assert dz_dx[i][j].numpy() == 8.0
print(dz_dy, dz_dx)
