# mode: eager
# checks: a tf.data pipeline (map normalising, shuffle with a seed, batch, prefetch AUTOTUNE) given to fit
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(15)
rng = np.random.RandomState(15)
x = rng.randint(0, 255, size=(12, 4)).astype('float32')
y = rng.randint(0, 2, size=12)

def normalise(features, label):
    return features / 255.0, label

ds = tf.data.Dataset.from_tensor_slices((x, y)).map(normalise).shuffle(12, seed=1).batch(4)
ds = ds.prefetch(tf.data.AUTOTUNE)
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
model.compile(optimizer='sgd', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
h = model.fit(ds, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print(model.evaluate(ds, verbose=0))
