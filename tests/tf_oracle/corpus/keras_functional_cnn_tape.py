# mode: eager
# checks: a functional CNN (Input -> Conv2D valid -> MaxPool2D -> Flatten -> Dense) trained with a tape and SGD
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
inputs = tf.keras.Input(shape=(6, 6, 2))
h = tf.keras.layers.Conv2D(3, 3, activation='tanh')(inputs)
h = tf.keras.layers.MaxPool2D(pool_size=(2, 2))(h)
print(h.shape)
outputs = tf.keras.layers.Dense(1)(tf.keras.layers.Flatten()(h))
model = tf.keras.Model(inputs=inputs, outputs=outputs)
x = tf.constant(np.linspace(0, 1, 4 * 6 * 6 * 2, dtype=np.float32).reshape(4, 6, 6, 2))
y = tf.constant([[1.0], [0.0], [0.5], [2.0]])
opt = tf.keras.optimizers.SGD(0.05)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(step, loss.numpy())
print(grads[0][:, :, 0, 0])
