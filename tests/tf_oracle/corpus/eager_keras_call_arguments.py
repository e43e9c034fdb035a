# mode: eager
# checks: Keras 3 re-raises an error from a layer's call with the call's name and the arguments received (lists and dicts of tensors, defaults, masks), its type kept
import tensorflow as tf


class Bad2(tf.keras.layers.Layer):
    def call(self, x, scale=2.0, mask=None):
        raise ValueError("bad input")


class Outer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = Bad2()

    def call(self, x, training=False):
        return self.inner(x * 2.0)


try:
    Bad2()([tf.ones([1, 2]), tf.zeros([2])], scale=3)
except ValueError as e:
    print(repr(str(e)))
try:
    Bad2()({"a": tf.ones([1])})
except ValueError as e:
    print(repr(str(e)))
try:
    Outer()(tf.ones([2, 2]), training=True)
except ValueError as e:
    print(type(e).__name__, repr(str(e)))
