# mode: eager
# checks: with Adam: a small Keras CNN (Conv2D same/strided, MaxPooling2D, BatchNormalization, pooling, softmax) compiled and fit
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(3)
rng = np.random.RandomState(3)
x = rng.rand(12, 8, 8, 1).astype('float32')
y = rng.randint(0, 3, size=12)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 1)),
    layers.Conv2D(4, (3, 3), padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.BatchNormalization(),
    layers.Conv2D(6, 3, strides=2, padding='same'),
    layers.AveragePooling2D(pool_size=1),
    layers.GlobalAveragePooling2D(),
    layers.Dense(3, activation='softmax')])
print([layer.name for layer in model.layers])
print([tuple(w.shape) for w in model.weights])
model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
history = model.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0)
print({k: [round(v, 4) for v in vals] for k, vals in history.history.items()})
print(model.evaluate(x, y, verbose=0))
print(model.predict(x[:2], verbose=0))
print(model.layers[2].moving_mean.numpy())
