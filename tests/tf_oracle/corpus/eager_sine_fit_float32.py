# mode: eager
# checks: float32 sin and cos are TensorFlow's Eigen kernels (not the correctly rounded value): a sine fit's losses and gradients, eagerly
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-3.0, 3.0, 21, dtype=np.float32))
y = 1.7 * tf.sin(1.3 * x) + 0.1 * tf.cos(4.0 * x)
a = tf.Variable(1.0)
b = tf.Variable(1.0)
print(tf.sin(x))
print(tf.cos(x * 7.0))
print(tf.sin(tf.constant([30000.0, -1e6, 3.0e8, 1e-40])), tf.cos(tf.constant(25000.0)))
opt = tf.keras.optimizers.SGD(0.05)
for step in range(30):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(a * tf.sin(b * x) - y))
    grads = tape.gradient(loss, [a, b])
    opt.apply_gradients(zip(grads, [a, b]))
    if step % 6 == 0:
        print(step, loss.numpy(), [g.numpy() for g in grads])
print(a.numpy(), b.numpy())
