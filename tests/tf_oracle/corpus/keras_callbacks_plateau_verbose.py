# mode: eager
# checks: ReduceLROnPlateau (a compiled metric monitored) and LearningRateScheduler together in a verbose=2 fit with Adamax: their messages among the progress lines, the logs' learning_rate (the later callback's)
import numpy as np
import tensorflow as tf
x = np.linspace(-1.0, 1.0, 16, dtype=np.float32).reshape(8, 2)
y = x.sum(axis=1, keepdims=True) * 0.0 + 1.0
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer=tf.keras.optimizers.Adamax(0.5), loss="mae", metrics=["mae"])
cbs = [tf.keras.callbacks.ReduceLROnPlateau(monitor="mae", factor=0.5, patience=1, verbose=1, min_delta=0.05),
       tf.keras.callbacks.LearningRateScheduler(lambda e, lr: lr, verbose=1)]
h = model.fit(x, y, epochs=4, batch_size=4, shuffle=False, verbose=2, callbacks=cbs)
print(h.history)
