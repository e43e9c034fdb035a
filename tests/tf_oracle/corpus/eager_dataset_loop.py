# mode: eager
# checks: tf.data.Dataset.from_tensor_slices(...).shuffle(seed=).batch() training loop over epochs
import numpy as np
import tensorflow as tf

x = np.arange(10, dtype=np.float32)
y = 2 * x + 1
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(10, seed=42).batch(4)
w = tf.Variable(0.0)
b = tf.Variable(0.0)
opt = tf.keras.optimizers.SGD(0.01)
for epoch in range(3):
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((w * xb + b - yb) ** 2)
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    print(epoch, round(float(loss), 4), round(float(w), 4), round(float(b), 4))
