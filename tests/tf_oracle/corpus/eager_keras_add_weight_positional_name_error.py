# mode: eager
# checks: Keras 3's add_weight takes shape, initializer, dtype positionally and refuses Keras 2's positional name
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight((input_shape[-1],), "ones", "float32", name="w")

    def call(self, x):
        return x * self.w


print(Scale()(tf.constant([[1.0, 2.0]])))


class Legacy(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight("w", shape=(input_shape[-1],), initializer="zeros")

    def call(self, x):
        return x * self.w


print(Legacy()(tf.constant([[1.0, 2.0]])))
