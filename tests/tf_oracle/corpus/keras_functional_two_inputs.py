# mode: eager
# checks: a two-input functional model joined by Concatenate and Add, trained with fit on a list of inputs
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(21)
a_in = tf.keras.Input(shape=(3,), name='a')
b_in = tf.keras.Input(shape=(2,), name='b')
a = layers.Dense(4, activation='relu')(a_in)
b = layers.Dense(4, activation='relu')(b_in)
merged = layers.Concatenate()([a, b])
summed = layers.Add()([a, b])
out = layers.Dense(1)(layers.Concatenate(axis=-1)([merged, summed]))
model = tf.keras.Model(inputs=[a_in, b_in], outputs=out)
print(merged.shape, summed.shape, out.shape)
rng = np.random.RandomState(21)
xa, xb = rng.rand(8, 3).astype('float32'), rng.rand(8, 2).astype('float32')
y = rng.rand(8, 1).astype('float32')
model.compile(optimizer='sgd', loss='mse')
h = model.fit([xa, xb], y, epochs=3, batch_size=4, shuffle=False, verbose=0)
print([round(v, 5) for v in h.history['loss']])
print(model.predict([xa[:2], xb[:2]], verbose=0))
