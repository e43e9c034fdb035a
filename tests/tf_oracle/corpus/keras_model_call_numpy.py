# mode: eager
# checks: a Keras model called on a NumPy float64 array computes in float32
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                             tf.keras.layers.Dense(1, kernel_initializer='ones', bias_initializer='zeros')])
out = model(np.array([[0.1, 0.2]]))
print(out.dtype, out.numpy())
print(model.predict(np.array([[1.0, 2.0]]), verbose=0))
print(model.count_params())
