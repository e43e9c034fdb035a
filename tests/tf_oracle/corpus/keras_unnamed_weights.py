# mode: eager
# checks: add_weight without a name is Keras 3's auto name, counted across layers (variable, variable_1, ...); a named one keeps its name; the paths under the layers' names
import tensorflow as tf


class Pair(tf.keras.layers.Layer):
    def build(self, shape):
        self.a = self.add_weight(shape=(shape[-1],), initializer="ones")
        self.b = self.add_weight(shape=(1,), initializer="zeros", name="offset")
        self.c = self.add_weight(shape=(), initializer="ones")

    def call(self, x):
        return x * self.a + self.b * self.c


first, second = Pair(), Pair()
print(second(first(tf.ones((1, 2)))).numpy())
print([v.name for v in first.weights], [v.path for v in second.weights])
