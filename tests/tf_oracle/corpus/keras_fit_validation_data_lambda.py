# mode: eager
# checks: fit with validation_data as a tuple, LambdaCallback on_epoch_end, history keys
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
rng = np.random.RandomState(6)
x_train, x_val = rng.rand(16, 2), rng.rand(6, 2)
y_train, y_val = x_train @ [[1.0], [-2.0]] + 0.5, x_val @ [[1.0], [-2.0]] + 0.5
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer='adam', loss='mse', metrics=['mae'])
seen = []
cb = tf.keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(round(logs['loss'], 4)))
h = model.fit(x_train, y_train, validation_data=(x_val, y_val), epochs=3, batch_size=4, verbose=0,
              shuffle=False, callbacks=[cb])
print(list(h.history))
print(seen)
print([round(v, 4) for v in h.history['val_mae']])
