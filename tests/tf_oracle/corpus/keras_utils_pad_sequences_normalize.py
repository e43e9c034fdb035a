# mode: eager
# checks: keras.utils.pad_sequences (also tf.keras.preprocessing.sequence's: maxlen, padding, truncating, value, dtype, item shapes), normalize (NumPy and tensor, orders, axes), clear_session (utils' and the backend's: layer names start again)
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.sequence import pad_sequences

seqs = [[1, 2, 3], [4, 5], [], [6, 7, 8, 9, 10]]
print(pad_sequences is tf.keras.utils.pad_sequences, tf.keras.utils.clear_session is tf.keras.backend.clear_session)
print(pad_sequences(seqs))
print(pad_sequences(seqs, maxlen=3, padding="post"))
print(pad_sequences(seqs, maxlen=4, truncating="post", value=-1))
out = tf.keras.utils.pad_sequences([[0.5, 1.5], [2.25]], dtype="float32", value=9.0, padding="post")
print(out, out.dtype, type(out))
print(pad_sequences([np.ones((2, 2)), np.zeros((1, 2))], maxlen=3).shape, pad_sequences([["a", "b"], ["c"]], dtype=object, value="").tolist())
print(tf.keras.preprocessing.sequence.pad_sequences([np.arange(5), np.arange(2)], maxlen=np.int64(3)))
x = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]])
print(tf.keras.utils.normalize(x), tf.keras.utils.normalize(x, axis=1), tf.keras.utils.normalize(x, order=1).dtype)
print(tf.keras.utils.normalize(x.astype(np.float32), order=1))
t = tf.constant([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]])
for kwargs in [{}, {"axis": 0}, {"order": 1}, {"order": 3, "axis": 1}]:
    print(kwargs, tf.keras.utils.normalize(t, **kwargs).numpy())
print(tf.keras.utils.normalize(tf.constant(-2.5)).numpy(), tf.keras.utils.normalize([1.0, 2.0]).numpy())
v = tf.Variable([[1.0, 2.0, 2.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.keras.utils.normalize(v) * tf.constant([1.0, 0.0, -1.0]))
print(y.numpy(), tape.gradient(y, v).numpy())
print(tf.keras.layers.Dense(2).name, tf.keras.layers.Dense(2).name)
tf.keras.utils.clear_session()
print(tf.keras.layers.Dense(2).name, tf.keras.layers.LayerNormalization().name)
tf.keras.backend.clear_session()
print(tf.keras.layers.Dense(2).name)
for bad in [dict(padding="middle"), dict(truncating="both"), dict(value="x")]:
    try:
        pad_sequences(seqs, **bad)
    except ValueError as error:
        print(error)
for bad in [5, [1, 2]]:
    try:
        pad_sequences(bad)
    except ValueError as error:
        print(error)
