# mode: eager
# checks: fit with validation_split, a Callback subclass printing its logs, EarlyStopping on val_loss
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.RandomState(5)
x = rng.rand(20, 3).astype('float32')
y = (x.sum(axis=1, keepdims=True) > 1.5).astype('float32')

class PrintLogs(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print(epoch, sorted(logs), round(logs['val_loss'], 4))

model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation='relu', input_shape=(3,)),
                             tf.keras.layers.Dense(1, activation='sigmoid')])
model.compile(optimizer=tf.keras.optimizers.SGD(4.0), loss='binary_crossentropy', metrics=['accuracy'])
stop = tf.keras.callbacks.EarlyStopping(monitor='val_loss', patience=1)
h = model.fit(x, y, epochs=6, batch_size=8, validation_split=0.25, shuffle=False, verbose=0,
              callbacks=[PrintLogs(), stop])
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print(h.epoch, stop.stopped_epoch)
