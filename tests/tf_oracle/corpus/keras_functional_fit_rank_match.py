# mode: eager
# checks: functional API with tf.keras.activations.tanh / sigmoid objects, np and tf seeds, Model(inputs=, outputs=)
import numpy as np
import tensorflow as tf

np.random.seed(1)
tf.keras.utils.set_random_seed(1)
n = 10
x = np.random.randn(n, 3)
y = np.random.choice([0, 1], size=n)
layer1 = tf.keras.layers.Dense(5, activation=tf.keras.activations.tanh)
layer2 = tf.keras.layers.Dense(1, activation=tf.keras.activations.sigmoid)
input_x = tf.keras.Input(shape=(3,))
h = layer1(input_x)
out = layer2(h)
model = tf.keras.Model(inputs=input_x, outputs=out)
model.compile(optimizer='sgd', loss='binary_crossentropy', metrics=['accuracy'])
hist = model.fit(x, y, epochs=4, verbose=0, shuffle=False)
print([round(v, 4) for v in hist.history['loss']])
print(model.predict(x[:3], verbose=0))
print(h.shape, out.shape)
