# mode: eager
# checks: Dense's default initializers (glorot_uniform kernel, zero bias) under a fixed seed
import tensorflow as tf

tf.keras.utils.set_random_seed(42)
layer = tf.keras.layers.Dense(3)
y = layer(tf.ones((1, 4)))
print(layer.kernel.shape, layer.bias.numpy())
print(layer.kernel.numpy())
print(y.numpy())
print(type(layer.kernel_initializer).__name__, type(layer.bias_initializer).__name__)
