# mode: eager
# checks: Layer.add_loss: losses of the last call only (cleared when the outermost call starts), sublayers' and regularizers' in Keras 3's order, under a tape; a non-tensor refused
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

class Block(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones", kernel_regularizer=tf.keras.regularizers.l2(0.1))
        self.penalty = Penalty(0.5)

    def call(self, x):
        self.add_loss(tf.reduce_sum(x))
        return self.penalty(self.dense(x))


block, x = Block(), tf.constant([[1.0, 2.0], [3.0, -1.0]])
print(block.losses)
block(x)
print([float(v) for v in block.losses])
block(2.0 * x)
print([float(v) for v in block.losses], len(block.penalty.losses))
with tf.GradientTape() as tape:
    block(x)
    total = tf.add_n(block.losses)
print(float(total), tape.gradient(total, block.dense.kernel).numpy())
try:
    Penalty(1.0).add_loss(3.0)
except ValueError as e:
    print("ValueError:", e)
