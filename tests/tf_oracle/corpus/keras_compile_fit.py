# mode: eager
# checks: model.compile + fit (verbose=0, no shuffle) on fixed data, history of the loss
import numpy as np
import tensorflow as tf

x = np.array([[0.0], [1.0], [2.0], [3.0]], dtype=np.float32)
y = 2.0 * x - 1.0
model = tf.keras.Sequential([tf.keras.Input(shape=(1,)),
                             tf.keras.layers.Dense(1, kernel_initializer='zeros', bias_initializer='zeros')])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss='mse')
history = model.fit(x, y, epochs=5, batch_size=4, shuffle=False, verbose=0)
print([round(v, 5) for v in history.history['loss']])
w, b = model.get_weights()
print(w.ravel(), b)
print(model.evaluate(x, y, verbose=0))
