# mode: eager
# checks: a built Dense layer called on an input of another width raises
import tensorflow as tf

layer = tf.keras.layers.Dense(2, kernel_initializer='ones')
print(layer(tf.ones((1, 3))).numpy())
print(layer(tf.ones((1, 4))).numpy())
