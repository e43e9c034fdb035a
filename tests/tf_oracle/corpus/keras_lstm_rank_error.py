# mode: eager
# checks: an LSTM called on a 2-D input raises Keras 3's ndim error
import tensorflow as tf

layer = tf.keras.layers.LSTM(2)
print(layer(tf.ones((1, 3, 2))).shape)
print(layer(tf.ones((2, 3))))
