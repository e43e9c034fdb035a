# mode: eager
# checks: Layer.get_config (Keras 3's base: name, trainable, the DTypePolicy's config) and from_config (cls(**config)) of a subclass; tf.zeros(1, 1) takes 1 as TensorFlow's DataType enum (float32); add_loss on tf.zeros(1, 1)
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        self.add_loss(tf.reduce_sum(x))
        return x * self.factor

    def get_config(self):
        config = super().get_config()
        config.update({"factor": self.factor})
        return config


layer = Scale(3.0, name="scale_me")
config = layer.get_config()
print(config)
again = Scale.from_config(config)
print(again.name, again.factor, again.dtype, again(tf.zeros(1, 1)), again.losses)
print(tf.zeros(2, 3), tf.ones([2], 9), tf.as_dtype(10))
