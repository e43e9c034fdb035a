# mode: eager
# checks: a reshuffling Dataset draws its order when an iterator is made (even one never read); Keras' fit / evaluate / predict make two per epoch
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(15)
ds = tf.data.Dataset.range(6).shuffle(6, seed=1)
print([int(v) for v in ds])
unread = iter(ds)
print([int(v) for v in ds])
seen = []

class Recording(tf.keras.Model):
    def train_step(self, data):
        seen.append([int(v) for v in data[1].numpy()])
        return super().train_step(data)

inp = tf.keras.Input(shape=(1,))
model = Recording(inp, tf.keras.layers.Dense(1)(inp))
model.compile(optimizer='sgd', loss='mse', run_eagerly=True)
pairs = tf.data.Dataset.from_tensor_slices((np.arange(6, dtype='float32').reshape(6, 1), np.arange(6)))
pairs = pairs.shuffle(6, seed=1).batch(2)
model.fit(pairs, epochs=2, verbose=0)
print(seen)
model.evaluate(pairs, verbose=0)
print([int(v) for _, y in pairs for v in y.numpy()])
model.predict(pairs, verbose=0)
print([int(v) for _, y in pairs for v in y.numpy()])
