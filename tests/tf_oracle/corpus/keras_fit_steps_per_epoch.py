# mode: eager
# checks: fit(steps_per_epoch=): a repeated Dataset goes on where the last epoch stopped; arrays (batch_size from the steps); a finite Dataset that runs out
import numpy as np
import tensorflow as tf

x = np.arange(6, dtype=np.float32).reshape(6, 1)
y = 2.0 * x + 1.0


def make():
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,)),
                                 tf.keras.layers.Dense(1, kernel_initializer='zeros', bias_initializer='zeros')])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.01), loss='mse')
    return model


class Seen(tf.keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        seen.append(batch)


def run(data, **kwargs):
    seen.clear()
    model = make()
    history = model.fit(data, epochs=3, verbose=0, callbacks=[Seen()], **kwargs)
    print([round(v, 5) for v in history.history['loss']], seen, history.params['steps'],
          np.round(model.get_weights()[0].ravel(), 5))


seen = []
repeated = tf.data.Dataset.from_tensor_slices((x, y)).batch(2).repeat()
run(repeated, steps_per_epoch=2)
run(tf.data.Dataset.from_tensor_slices((x, y)).batch(2), steps_per_epoch=2)
run(tf.data.Dataset.from_tensor_slices((x, y)).batch(1), steps_per_epoch=4)
run(x, steps_per_epoch=2, shuffle=False, y=y)
run(x, steps_per_epoch=4, shuffle=False, y=y, batch_size=2)
run(tf.data.Dataset.from_tensor_slices((x, y)).batch(4), steps_per_epoch=5)
