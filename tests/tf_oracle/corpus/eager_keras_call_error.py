# mode: eager
# checks: an exception raised inside a Keras layer's or model's call() comes out in Keras 3's wording: the call named, then the original message and the arguments received
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def call(self, inputs, training=None):
        return inputs * undefined_name


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = Scale()

    def call(self, x):
        return self.scale(x)


try:
    Scale()(tf.ones([2, 3]))
except NameError as e:
    print(type(e).__name__, repr(str(e)))
net = Net()
net(tf.constant([[1.0, 2.0]]))
