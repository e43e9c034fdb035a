# mode: eager
# checks: compile(weighted_metrics=) take the sample weights (names: weighted_ when also unweighted), validation_data (x, y, sw), validation_steps
import numpy as np
import tensorflow as tf

x = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], dtype=np.float32)
y = np.array([[1.0], [0.0], [3.0], [2.0], [5.0], [4.0]], dtype=np.float32)
sw = np.array([1.0, 0.0, 2.0, 0.5, 1.5, 1.0], dtype=np.float32)


def make(**kwargs):
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,)),
                                 tf.keras.layers.Dense(1, kernel_initializer='zeros', bias_initializer='zeros')])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.02), loss='mse', **kwargs)
    return model


model = make(metrics=['mae'], weighted_metrics=['mae', 'mse'])
history = model.fit(x, y, sample_weight=sw, epochs=2, batch_size=3, shuffle=False, verbose=0,
                    validation_data=(x[:4], y[:4], sw[:4]))
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
print(model.evaluate(x, y, sample_weight=sw, verbose=0, return_dict=True))
print(model.evaluate(x, y, verbose=0, return_dict=True))
print(model.evaluate(x, y, sample_weight=sw, verbose=0), model.metrics_names)
model = make(weighted_metrics=[tf.keras.metrics.MeanAbsoluteError(name='wmae')])
history = model.fit(x, y, epochs=3, batch_size=2, shuffle=False, verbose=0, validation_data=(x, y, sw),
                    validation_batch_size=2, validation_steps=2)
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
model = make(weighted_metrics=['mae'])
history = model.fit(x, y, class_weight={0: 2.0}, epochs=1, batch_size=6, verbose=0, validation_split=0.5)
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
