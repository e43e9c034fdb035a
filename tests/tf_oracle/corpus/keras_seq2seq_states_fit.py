# mode: eager
# checks: the functional encoder-decoder idiom: an LSTM with return_state=True gives its states as the initial_state of a decoder LSTM, a two-input Model, predict, and a short fit
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
rng = np.random.RandomState(7)
enc_x = rng.rand(6, 4, 3).astype('float32')
dec_x = rng.rand(6, 2, 3).astype('float32')
target = rng.rand(6, 2, 1).astype('float32')
enc_in = tf.keras.Input(shape=(4, 3))
dec_in = tf.keras.Input(shape=(2, 3))
enc_out, state_h, state_c = tf.keras.layers.LSTM(3, return_state=True)(enc_in)
print(enc_out.shape, state_h.shape, state_c.shape)
dec_seq = tf.keras.layers.LSTM(3, return_sequences=True)(dec_in, initial_state=[state_h, state_c])
gru_seq, gru_state = tf.keras.layers.GRU(2, return_sequences=True, return_state=True)(dec_seq)
out = tf.keras.layers.Dense(1)(gru_seq)
model = tf.keras.Model([enc_in, dec_in], out)
print([layer.name for layer in model.layers], len(model.trainable_weights), model.count_params())
print(model.predict([enc_x[:2], dec_x[:2]], verbose=0))
model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss='mse')
history = model.fit([enc_x, dec_x], target, epochs=2, batch_size=3, shuffle=False, verbose=0)
print([round(v, 5) for v in history.history['loss']])
print(model([enc_x[:1], dec_x[:1]]).numpy())
