# mode: eager
# checks: Keras 3's Layer.add_variable needs an initializer (older posts call it like add_weight)
import tensorflow as tf

class Dense(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(name='w', shape=[input_shape[-1], self.units], initializer='ones')
        self.b = self.add_variable([self.units], 'zeros', name='b')
        self.c = self.add_variable(name='c', shape=[self.units])

    def call(self, x):
        return tf.matmul(x, self.w) + self.b

Dense(2)(tf.ones([1, 3]))
