# mode: eager
# checks: a TensorFlow function of a functional model's KerasTensor is Keras 3's ValueError (only layers and operators take them)
import tensorflow as tf

inputs = tf.keras.Input(shape=(4,))
hidden = tf.keras.layers.Dense(3)(inputs)
doubled = hidden * 2.0
print(doubled.shape)
total = tf.reduce_sum(hidden)
