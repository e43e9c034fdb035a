# mode: eager
# checks: fit with both class_weight and sample_weight is Keras 3's ValueError
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(2, activation='softmax')])
model.compile(optimizer='sgd', loss='sparse_categorical_crossentropy')
x = np.ones((4, 2), dtype=np.float32)
y = np.array([0, 1, 1, 0])
model.fit(x, y, class_weight={0: 1.0, 1: 2.0}, sample_weight=np.ones(4), verbose=0)
