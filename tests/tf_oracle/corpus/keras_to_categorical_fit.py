# mode: eager
# checks: to_categorical labels, Dropout(0.0) in a Sequential trained by fit, categorical crossentropy, accuracy
import numpy as np
import tensorflow as tf
from tensorflow.keras.utils import to_categorical

tf.keras.utils.set_random_seed(12)
rng = np.random.RandomState(12)
x = rng.rand(16, 4).astype('float32')
labels = rng.randint(0, 3, size=16)
y = to_categorical(labels, num_classes=3)
print(y[:3], y.dtype)
model = tf.keras.models.Sequential([
    tf.keras.layers.Dense(8, activation='relu', input_shape=(4,)),
    tf.keras.layers.Dropout(0.0),
    tf.keras.layers.Dense(3, activation='softmax')])
model.compile(optimizer='sgd', loss='categorical_crossentropy', metrics=['accuracy'])
h = model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print(np.argmax(model.predict(x[:4], verbose=0), axis=1))
