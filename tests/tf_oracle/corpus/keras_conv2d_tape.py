# mode: eager
# checks: a tiny Conv2D + Flatten + Dense model under a tape with sparse crossentropy from logits
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(4, 4, 1)),
    tf.keras.layers.Conv2D(2, 3, activation='relu'),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3)])
x = np.arange(32, dtype=np.float32).reshape(2, 4, 4, 1) / 32.0
y = np.array([0, 2])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = tf.keras.optimizers.Adam(0.01)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(step, float(loss))
print([tuple(v.shape) for v in model.trainable_variables])
