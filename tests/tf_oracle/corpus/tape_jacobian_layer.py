# mode: eager
# checks: the jacobian of a layer's output with respect to its kernel has shape output + kernel
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
kernel = tf.Variable([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]])

with tf.GradientTape(persistent=True) as tape:
    y = tf.nn.relu(x @ kernel)

j = tape.jacobian(y, kernel)
print(f'y.shape: {y.shape}')
print(f'kernel.shape: {kernel.shape}')
print(f'j.shape: {j.shape}')
g = tape.gradient(y, kernel)
print('g.shape:', g.shape)
j_sum = tf.reduce_sum(j, axis=[0, 1])
delta = tf.reduce_max(abs(g - j_sum)).numpy()
assert delta < 1e-3
print('delta:', delta)
