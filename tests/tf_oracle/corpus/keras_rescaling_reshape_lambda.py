# mode: eager
# checks: Rescaling(1./255), Reshape, Lambda layers in a Sequential, output shapes and values
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(4, 4)),
    tf.keras.layers.Rescaling(1. / 255),
    tf.keras.layers.Reshape((16,)),
    tf.keras.layers.Lambda(lambda t: t * 2.0 - 1.0),
    tf.keras.layers.Dense(2, kernel_initializer='ones')])
x = np.arange(32, dtype='float32').reshape(2, 4, 4) * 8
print(model(x))
print([layer.name for layer in model.layers])
