# mode: eager
# checks: fitting y = 3x + 2 with a tape and assign_sub, loss printed every 20 steps
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
x_train = rng.uniform(-1, 1, 50).astype(np.float32)
y_train = 3 * x_train + 2 + rng.normal(0, 0.05, 50).astype(np.float32)

W = tf.Variable(0.0)
b = tf.Variable(0.0)
lr = 0.1

for step in range(101):
    with tf.GradientTape() as tape:
        pred = W * x_train + b
        loss = tf.reduce_mean(tf.square(pred - y_train))
    dW, db = tape.gradient(loss, [W, b])
    W.assign_sub(lr * dW)
    b.assign_sub(lr * db)
    if step % 20 == 0:
        print(f"step {step}: loss={loss.numpy():.6f} W={W.numpy():.4f} b={b.numpy():.4f}")
