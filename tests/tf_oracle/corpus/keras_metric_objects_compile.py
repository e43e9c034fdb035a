# mode: eager
# checks: compile with a loss object and metric objects (RootMeanSquaredError, MeanAbsoluteError), evaluate with return_dict
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(22)
x = np.linspace(0, 1, 10).reshape(-1, 1).astype('float32')
y = 2 * x + 1
model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss=tf.keras.losses.MeanSquaredError(),
              metrics=[tf.keras.metrics.RootMeanSquaredError(), tf.keras.metrics.MeanAbsoluteError()])
h = model.fit(x, y, epochs=3, batch_size=5, shuffle=False, verbose=0)
print(sorted(h.history))
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print(model.evaluate(x, y, verbose=0, return_dict=True))
