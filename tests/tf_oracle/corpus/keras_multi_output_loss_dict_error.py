# mode: eager
# checks: a loss dict naming only some of a model's outputs compiles, and fit is Keras 3's ValueError (every output's key expected)
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((2,))
first = tf.keras.layers.Dense(1, name="first")(inputs)
second = tf.keras.layers.Dense(1, name="second")(inputs)
model = tf.keras.Model(inputs, [first, second])
model.compile(optimizer="sgd", loss={"second": "mse"})
print("compiled")
model.fit(np.ones((4, 2)), [np.ones((4, 1)), np.zeros((4, 1))], verbose=0)
