# mode: eager
# checks: a tf.Module linear model trained with a Keras optimizer over its trainable_variables
import numpy as np
import tensorflow as tf

class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.zeros([3, 1]), name="w")
        self.b = tf.Variable(tf.zeros([1]), name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b

rng = np.random.RandomState(1)
x = rng.randn(32, 3).astype(np.float32)
y = x @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3
model = Linear()
opt = tf.keras.optimizers.Adam(0.1)
for step in range(60):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if step % 20 == 19:
        print(step + 1, f"{loss.numpy():.6f}")
print(np.round(model.w.numpy().ravel(), 4), np.round(model.b.numpy(), 4))
