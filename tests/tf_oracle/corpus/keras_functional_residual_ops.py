# mode: eager
# checks: Python operators on functional-API tensors (a residual x + inputs, scaling, slicing) inside a Model
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(31)
inputs = tf.keras.Input(shape=(4,))
h = tf.keras.layers.Dense(4, activation='tanh')(inputs)
h = h + inputs
h = 0.5 * h - 1.0
first = h[:, :2]
out = tf.keras.layers.Dense(1)(first)
model = tf.keras.Model(inputs, out)
print(h.shape, first.shape, [layer.name for layer in model.layers])
x = np.linspace(-1, 1, 12, dtype='float32').reshape(3, 4)
print(model(x))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(x) ** 2)
grads = tape.gradient(loss, model.trainable_variables)
print([g.shape for g in grads])
print(grads[0])
