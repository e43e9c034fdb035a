# mode: eager
# checks: compile(optimizer=AdamW / 'adamw') and fit: decoupled weight decay on every trainable variable
import numpy as np
import tensorflow as tf

x = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, -1.0]], dtype=np.float32)
y = np.array([[1.0], [-1.0], [0.5], [2.0]], dtype=np.float32)
for optimizer in (tf.keras.optimizers.AdamW(learning_rate=0.05, weight_decay=0.1), 'adamw'):
    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                                 tf.keras.layers.Dense(1, kernel_initializer='ones', bias_initializer='ones')])
    model.compile(optimizer=optimizer, loss='mse')
    history = model.fit(x, y, epochs=3, batch_size=2, shuffle=False, verbose=0)
    print([round(v, 5) for v in history.history['loss']], np.round(model.get_weights()[0].ravel(), 6),
          np.round(model.get_weights()[1], 6), type(model.optimizer).__name__)
