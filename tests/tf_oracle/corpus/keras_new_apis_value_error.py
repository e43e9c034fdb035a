# mode: eager
# checks: Keras 3's ValueErrors of the newer APIs: ReduceLROnPlateau's factor >= 1, glu of an odd axis, GaussianNoise / GaussianDropout rates, an unknown monitor; then a LearningRateScheduler whose schedule gives an int, raised from fit
import numpy as np
import tensorflow as tf

attempts = [lambda: tf.keras.callbacks.ReduceLROnPlateau(factor=1.0),
            lambda: tf.keras.activations.glu(tf.ones((2, 3))),
            lambda: tf.keras.layers.GaussianNoise(1.5),
            lambda: tf.keras.layers.GaussianDropout(-0.1),
            lambda: tf.keras.layers.LayerNormalization(axis="last")]
for attempt in attempts:
    try:
        attempt()
    except (ValueError, TypeError) as error:
        print(type(error).__name__, error)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer="sgd", loss="mse")
x, y = np.ones((4, 2), dtype=np.float32), np.zeros((4, 1), dtype=np.float32)
try:
    model.fit(x, y, epochs=1, verbose=0, callbacks=[tf.keras.callbacks.ReduceLROnPlateau(monitor="weird_metric")])
except ValueError as error:
    print(error)
print(model.optimizer.learning_rate.numpy())
model.fit(x, y, epochs=2, verbose=0, callbacks=[tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: 1)])
