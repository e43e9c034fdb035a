# mode: graph
# checks: TF 2.21's Keras 3 LSTM without return_sequences in a TF1 graph builds, but Session.run fails (its while loop writes every step's output to index 0 of a TF1 TensorArray)
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [1, 3, 2])
lstm = tf.keras.layers.LSTM(2, kernel_initializer='ones', recurrent_initializer='zeros')
y = lstm(x)
print(y.shape)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y, {x: np.ones((1, 3, 2), np.float32)}))
