# mode: eager
# checks: fit(sample_weight=) weights each sample's loss (sum_over_batch_size of the weighted losses), evaluate(sample_weight=), a dataset of (x, y, sw)
import numpy as np
import tensorflow as tf

x = np.array([[0.0], [1.0], [2.0], [3.0], [4.0]], dtype=np.float32)
y = np.array([[1.0], [0.0], [3.0], [2.0], [5.0]], dtype=np.float32)
sw = np.array([1.0, 0.0, 2.0, 0.5, 1.5], dtype=np.float32)


def make():
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,)),
                                 tf.keras.layers.Dense(1, kernel_initializer='zeros', bias_initializer='zeros')])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss='mse', metrics=['mae'])
    return model


model = make()
history = model.fit(x, y, sample_weight=sw, epochs=3, batch_size=2, shuffle=False, verbose=0)
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
w, b = model.get_weights()
print(w.ravel(), b)
print(model.evaluate(x, y, sample_weight=sw, batch_size=2, verbose=0))
print(model.evaluate(x, y, batch_size=2, verbose=0))
print(model.evaluate(x, y, sample_weight=sw, verbose=0, return_dict=True))

model = make()
dataset = tf.data.Dataset.from_tensor_slices((x, y, sw)).batch(2)
history = model.fit(dataset, epochs=2, verbose=0)
print([round(v, 5) for v in history.history['loss']], model.get_weights()[0].ravel())
print(round(model.evaluate(dataset, verbose=0)[0], 5))
model = make()
print(model.train_on_batch(x, y, sample_weight=sw), model.test_on_batch(x, y, sample_weight=sw))
