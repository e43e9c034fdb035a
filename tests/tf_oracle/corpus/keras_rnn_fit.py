# mode: eager
# checks: LSTM and GRU layers inside a Sequential model compiled and fit (SGD, mse), then evaluate and predict; and a functional model of SimpleRNN sequences into a GRU
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.RandomState(5)
x = rng.rand(8, 5, 2).astype('float32')
y = x.sum(axis=(1, 2)).reshape(8, 1) / 5.0
model = tf.keras.Sequential([tf.keras.Input(shape=(5, 2)), tf.keras.layers.LSTM(4, return_sequences=True),
                             tf.keras.layers.GRU(3), tf.keras.layers.Dense(1)])
print([layer.name for layer in model.layers], [tuple(w.shape) for w in model.weights], model.count_params())
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss='mse')
history = model.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0)
print([round(v, 5) for v in history.history['loss']])
print(model.evaluate(x, y, verbose=0))
print(model.predict(x[:2], verbose=0))
inputs = tf.keras.Input(shape=(5, 2))
hidden = tf.keras.layers.SimpleRNN(3, return_sequences=True)(inputs)
outputs = tf.keras.layers.Dense(1)(tf.keras.layers.GRU(2)(hidden))
functional = tf.keras.Model(inputs, outputs)
print(hidden.shape, outputs.shape, [w.path for w in functional.weights])
print(functional(x[:2]).numpy())
