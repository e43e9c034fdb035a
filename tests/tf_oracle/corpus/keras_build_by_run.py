# mode: eager
# checks: a layer without build() of its own but with unbuilt sublayers is built by a symbolic run of its call first (Keras 3): its prints and NumPy draws happen twice on the first call, its assignments in that run are not kept
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)


class Counter(tf.keras.layers.Layer):
    def build(self, shape):
        self.count = self.add_weight(shape=(), initializer="zeros", trainable=False, name="count")

    def call(self, x):
        self.count.assign_add(1.0)
        return x * 2.0


class Block(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones")
        self.counter = Counter()

    def call(self, x):
        noise = np.random.uniform(size=(1, 2)).astype("float32")
        print("call", x.shape, noise.round(4).tolist())
        return self.counter(self.dense(x)) + noise


block = Block()
print(block(tf.ones((3, 4))).numpy(), block.counter.count.numpy())
print(block(tf.ones((1, 4))).numpy(), block.counter.count.numpy(), len(block.weights))
plain = Counter()
print(plain(tf.ones((2,))).numpy(), plain.count.numpy())
