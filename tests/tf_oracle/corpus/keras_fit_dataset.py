# mode: eager
# checks: Sequential without an Input, compiled with tf.optimizers.Adam and 'mse', fit on a batched Dataset
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
rng = np.random.RandomState(3)
x = rng.normal(size=[8, 5])
y = rng.normal(size=8)
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
model = tf.keras.Sequential([tf.keras.layers.Dense(10), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.optimizers.Adam(), loss='mse')
history = model.fit(dataset, epochs=3, verbose=0)
print([round(v, 5) for v in history.history['loss']])
print(len(model.trainable_variables), model.count_params())
