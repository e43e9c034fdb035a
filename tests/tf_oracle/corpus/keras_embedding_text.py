# mode: eager
# checks: Embedding + GlobalAveragePooling1D + Dense sigmoid on integer sequences, fit and predict
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(14)
rng = np.random.RandomState(14)
seqs = rng.randint(0, 20, size=(12, 5))
labels = (seqs.mean(axis=1) > 9.5).astype('float32')
model = tf.keras.Sequential([
    tf.keras.layers.Embedding(20, 4),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(1, activation='sigmoid')])
model.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])
h = model.fit(seqs, labels, epochs=3, batch_size=4, shuffle=False, verbose=0)
print([round(v, 4) for v in h.history['loss']])
print(model.predict(seqs[:3], verbose=0))
print(model.layers[0].embeddings.shape)
