# mode: eager
# checks: a @tf.function train step of a Keras model with Adam (slots made inside the first trace)
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
x = np.linspace(-1, 1, 16, dtype=np.float32).reshape(-1, 1)
y = 3.0 * x - 1.0
model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
opt = tf.keras.optimizers.Adam(0.1)
loss_fn = tf.keras.losses.MeanSquaredError()

@tf.function
def train_step(xb, yb):
    with tf.GradientTape() as tape:
        loss = loss_fn(yb, model(xb))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss

for step in range(40):
    loss = train_step(x, y)
    if step % 10 == 9:
        print(step + 1, f"{loss.numpy():.5f}")
print(np.round(model.layers[0].kernel.numpy().ravel(), 4), int(opt.iterations.numpy()))
print(train_step.experimental_get_tracing_count())
