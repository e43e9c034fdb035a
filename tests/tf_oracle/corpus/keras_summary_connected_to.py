# mode: eager
# checks: summary() of functional models that are not a chain has Keras 3's fourth column, Connected to (a residual add, two inputs merged, two heads, an encoder's states [0][1], [0][2]), Keras' layer order by depth, with its narrower columns wrapping and cutting long cells
import tensorflow as tf

layers = tf.keras.layers
inputs = tf.keras.Input((8,), name="measurements")
h = layers.Dense(8, activation="relu", name="first_projection")(inputs)
h = layers.add([layers.Dense(8, name="residual_branch")(h), h])
out = layers.Dense(1, name="regression_head")(layers.BatchNormalization()(h))
tf.keras.Model(inputs, out, name="residual").summary()
a, b = tf.keras.Input((3,), name="left"), tf.keras.Input((4, 2), name="right_sequence_input")
joined = layers.concatenate([a, layers.GlobalAveragePooling1D()(b)])
heads = [layers.Dense(1, name="score")(joined), layers.Dense(2, activation="softmax", name="label")(a)]
tf.keras.Model([a, b], heads, name="two_in_two_out").summary()
enc_in, dec_in = tf.keras.Input((4, 2), name="enc"), tf.keras.Input((5, 2), name="dec")
enc_out, h, c = layers.LSTM(3, return_state=True)(enc_in)
seq = layers.LSTM(3, return_sequences=True)(dec_in, initial_state=[h, c])
tf.keras.Model([enc_in, dec_in], layers.Dense(1)(seq), name="seq2seq").summary()
