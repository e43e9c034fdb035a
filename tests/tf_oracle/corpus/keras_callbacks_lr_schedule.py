# mode: eager
# checks: Keras 3's LearningRateScheduler (schedule(epoch, lr) and schedule(epoch), verbose), ReduceLROnPlateau (monitor, factor, patience, min_lr, cooldown, verbose messages) and TerminateOnNaN in fit (verbose 0 and 2): the learning rates, the history's learning_rate, the stop
import numpy as np
import tensorflow as tf

x = np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(12, 2)
y = (x @ np.array([[2.0], [-1.0]], dtype=np.float32) + 0.5).astype(np.float32)


def make(lr=0.1):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=lr), loss="mse")
    return model


model = make()
sched = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr if epoch < 2 else lr * 0.5, verbose=1)
h = model.fit(x, y, epochs=4, batch_size=4, shuffle=False, verbose=0, callbacks=[sched])
print(sorted(h.history), np.round(h.history["loss"], 6), h.history["learning_rate"])
print(model.optimizer.learning_rate.numpy(), type(sched))
model = make(0.05)
h = model.fit(x, y, epochs=3, batch_size=6, shuffle=False, verbose=2,
              callbacks=[tf.keras.callbacks.LearningRateScheduler(lambda epoch: 0.2 / (epoch + 1))])
print(h.history)
model = make(0.4)
plateau = tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_lr=0.03, verbose=1)
h = model.fit(x, y, epochs=12, batch_size=12, shuffle=False, verbose=0, callbacks=[plateau])
print(np.round(h.history["loss"], 5), h.history["learning_rate"], plateau.wait, plateau.best, plateau.cooldown_counter)
model = make(0.5)
plateau = tf.keras.callbacks.ReduceLROnPlateau(factor=0.2, patience=2, cooldown=1, min_delta=0.01, verbose=1)
h = model.fit(x[:8], y[:8], epochs=8, batch_size=4, shuffle=False, verbose=0, validation_data=(x[8:], y[8:]), callbacks=[plateau])
print(sorted(h.history), np.round(h.history["val_loss"], 5), h.history["learning_rate"])
bad = x.copy()
bad[5, 0] = np.nan
model = make()
stop = tf.keras.callbacks.TerminateOnNaN()
h = model.fit(bad, y, epochs=3, batch_size=4, shuffle=False, verbose=0, callbacks=[stop])
print(h.epoch, h.history, model.stop_training, model.optimizer.iterations.numpy())
print(tf.keras.callbacks.ReduceLROnPlateau().monitor, plateau.factor, plateau.min_lr, plateau.patience)
