# mode: eager
# checks: add_loss in a functional model: none recorded while it is built; fit adds them to the compiled loss; a compile without a loss keeps the one compiled before (Keras 3), so the same total
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)


class Penalty(tf.keras.layers.Layer):
    def __init__(self, rate):
        super().__init__()
        self.rate = rate

    def call(self, x):
        self.add_loss(self.rate * tf.reduce_mean(tf.square(x)))
        return x


inputs = tf.keras.Input((2,))
outputs = Penalty(0.25)(tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
model = tf.keras.Model(inputs, outputs)
print(model.losses)
data = np.array([[1.0, 0.5], [0.0, 2.0], [1.0, 1.0], [2.0, 0.0]], dtype="float32")
target = np.array([[1.0], [2.0], [0.0], [1.0]], dtype="float32")
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
h = model.fit(data, target, batch_size=2, epochs=2, shuffle=False, verbose=0)
print(h.history)
model.compile(optimizer=tf.keras.optimizers.SGD(0.05))
h = model.fit(data, target, batch_size=2, epochs=2, shuffle=False, verbose=0)
print(h.history, model.evaluate(data, target, verbose=0))
