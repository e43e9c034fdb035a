# mode: graph
# checks: TF 2.21's Keras 3 GRU with reset_after=True (the default) and a bias cannot be called in a TF1 graph (its (2, 3*units) bias split fails); reset_after=False runs
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [1, 3, 2])
before = tf.keras.layers.GRU(2, reset_after=False, return_sequences=True, kernel_initializer='ones',
                             recurrent_initializer='zeros')
y = before(x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y, {x: np.ones((1, 3, 2), np.float32)}))
after = tf.keras.layers.GRU(2, return_sequences=True)
print(after(x))
