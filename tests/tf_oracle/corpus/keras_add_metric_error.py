# mode: eager
# checks: Layer.add_metric is gone in Keras 3: NotImplementedError, reported (called on a functional model's input) as Keras reports an error of a symbolic call
import tensorflow as tf


class Logging(tf.keras.layers.Layer):
    def call(self, x):
        self.add_metric(tf.reduce_mean(x), name="mean_activation")
        return x


inputs = tf.keras.Input((3,))
outputs = Logging()(inputs)
