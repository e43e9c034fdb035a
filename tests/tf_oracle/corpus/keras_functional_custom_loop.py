# mode: eager
# checks: a functional model trained by a hand-written loop over a batched Dataset with metric logs per epoch
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
keras.utils.set_random_seed(7)
rng = np.random.RandomState(1)
images = rng.rand(24, 6).astype("float32")
labels = rng.randint(0, 3, size=24)
inputs = keras.Input(shape=(6,))
h = layers.Dense(8, activation="relu")(inputs)
outputs = layers.Dense(3, activation="softmax")(h)
model = keras.Model(inputs, outputs)
loss_fn = keras.losses.SparseCategoricalCrossentropy()
optimizer = keras.optimizers.RMSprop()
metrics = [keras.metrics.SparseCategoricalAccuracy()]
loss_tracker = keras.metrics.Mean()
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    logs = {}
    for m in metrics:
        m.update_state(y, pred)
        logs[m.name] = m.result()
    loss_tracker.update_state(loss)
    logs["loss"] = loss_tracker.result()
    return logs
ds = tf.data.Dataset.from_tensor_slices((images, labels)).batch(8)
for epoch in range(3):
    for m in metrics:
        m.reset_state()
    loss_tracker.reset_state()
    for xb, yb in ds:
        logs = train_step(xb, yb)
    print(f"epoch {epoch}")
    for key, value in logs.items():
        print(f"...{key}: {value:.4f}")
