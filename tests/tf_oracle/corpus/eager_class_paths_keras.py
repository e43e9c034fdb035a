# mode: eager
# checks: type(x) of Keras 3 objects (layers, models, optimizers, losses, metrics, initializers, regularizers, schedules, callbacks) prints Keras' class paths
import tensorflow as tf


class Net(tf.keras.Model):
    pass


things = {
    "user_model": Net(), "dense": tf.keras.layers.Dense(2),
    "sequential": tf.keras.Sequential([tf.keras.layers.Dense(1)]),
    "sgd": tf.keras.optimizers.SGD(0.1), "adam": tf.keras.optimizers.Adam(), "rmsprop": tf.keras.optimizers.RMSprop(),
    "mse": tf.keras.losses.MeanSquaredError(), "cce": tf.keras.losses.CategoricalCrossentropy(),
    "metric_mean": tf.keras.metrics.Mean(), "accuracy": tf.keras.metrics.SparseCategoricalAccuracy(),
    "conv": tf.keras.layers.Conv2D(2, 3), "pool": tf.keras.layers.MaxPooling2D(), "dropout": tf.keras.layers.Dropout(0.5),
    "input": tf.keras.Input(shape=(3,)), "glorot": tf.keras.initializers.GlorotUniform(),
    "he_normal": tf.keras.initializers.HeNormal(), "zeros": tf.keras.initializers.Zeros(),
    "l2": tf.keras.regularizers.l2(0.01), "bn": tf.keras.layers.BatchNormalization(), "lstm": tf.keras.layers.LSTM(2),
    "gru": tf.keras.layers.GRU(2), "embedding": tf.keras.layers.Embedding(4, 2), "flatten": tf.keras.layers.Flatten(),
    "concat": tf.keras.layers.Concatenate(), "schedule": tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9),
    "early_stopping": tf.keras.callbacks.EarlyStopping(),
}
for name, obj in things.items():
    print(name, type(obj))
print(tf.keras.layers.Layer, tf.keras.Model, type(tf.keras))
