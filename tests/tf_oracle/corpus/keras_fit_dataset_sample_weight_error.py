# mode: eager
# checks: fit(dataset, sample_weight=...) is Keras 3's ValueError: the weights belong in the dataset
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer='sgd', loss='mse')
x = np.ones((4, 2), dtype=np.float32)
dataset = tf.data.Dataset.from_tensor_slices((x, np.zeros(4))).batch(2)
model.fit(dataset, sample_weight=np.ones(4), verbose=0)
