# mode: eager
# checks: a subclassed model whose call loops on a tensor's truth value (d2l's FixedHiddenMLP) runs eagerly, but a functional model's symbolic call of it is Keras' OperatorNotAllowedInGraphError
import tensorflow as tf


class FixedHiddenMLP(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.flatten = tf.keras.layers.Flatten()
        self.rand_weight = tf.constant(tf.random.stateless_uniform((20, 20), seed=(1, 2)))
        self.dense = tf.keras.layers.Dense(20, activation=tf.nn.relu, kernel_initializer="ones")

    def call(self, inputs):
        X = self.flatten(inputs)
        X = tf.nn.relu(tf.matmul(X, self.rand_weight) + 1)
        X = self.dense(X)
        while tf.reduce_sum(tf.math.abs(X)) > 1:
            X /= 2
        return tf.reduce_sum(X)


X = tf.random.stateless_uniform((2, 20), seed=(3, 4))
net = FixedHiddenMLP()
print(net(X))
print(bool(tf.constant(3.0) > 1), [v.path for v in net.trainable_variables])

inputs = tf.keras.Input((20,))
hidden = tf.keras.layers.Dense(20)(inputs)
print(hidden.shape)
out = FixedHiddenMLP()(hidden)
