# mode: eager
# checks: Keras 3 model.save_weights / load_weights kept for the run (a .weights.h5 name, as Keras requires); a file never saved is Keras' FileNotFoundError; a TensorBoard callback in fit
import tensorflow as tf
import numpy as np

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer='ones')])
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss='mse')
x = np.array([[1.0, 2.0], [2.0, 1.0]], np.float32)
y = np.array([[1.0], [0.0]], np.float32)
tensorboard = tf.keras.callbacks.TensorBoard(log_dir='./logs', histogram_freq=1)
history = model.fit(x, y, epochs=2, verbose=0, callbacks=[tensorboard])
print([round(l, 5) for l in history.history['loss']])
print(model.save_weights('./trained.weights.h5'))
trained = model.predict(x, verbose=0)
for w in model.weights:
    w.assign(tf.zeros_like(w))
print(model.predict(x, verbose=0))
print(model.load_weights('trained.weights.h5'))
print(np.array_equal(model.predict(x, verbose=0), trained), trained)
try:
    model.save_weights('./trained.h5')
except ValueError as e:
    print('ValueError:', e)
model.load_weights('./never.weights.h5')
