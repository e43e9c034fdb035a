# mode: eager
# checks: a Keras layer drawing from a tf.random.Generator (and one with a seeded tf.random op): building a functional model draws nothing, model.fit's steps go on from the generator's state
import numpy as np
import tensorflow as tf
tf.random.set_seed(1)
class Noise(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.gen = tf.random.Generator.from_seed(11)
    def call(self, x, training=None):
        return x + self.gen.uniform(tf.shape(x), -0.1, 0.1)
class SeededNoise(tf.keras.layers.Layer):
    def call(self, x):
        return x + tf.random.uniform(tf.shape(x), -0.1, 0.1, seed=4)
inp = tf.keras.Input((3,))
noise = Noise()
out = tf.keras.layers.Dense(1, kernel_initializer="ones")(noise(inp))
model = tf.keras.Model(inp, out)
print(noise.gen.state.numpy())
x = np.arange(12, dtype="float32").reshape(4, 3) / 10
print(model(x[:2]).numpy())
print(noise.gen.state.numpy())
print(tf.keras.Model(inp, SeededNoise()(inp))(x[:1]).numpy())
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
h = model.fit(x, np.ones((4, 1), "float32"), batch_size=2, epochs=2, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
print(noise.gen.state.numpy(), model.layers[-1].kernel.numpy().ravel().round(5))
