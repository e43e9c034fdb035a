# mode: eager
# checks: fit's default shuffle=True under a global seed (the same order every epoch and every fit), the progress lines of fit (verbose 1 and 2, one epoch: no header), evaluate and predict
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)


class Spy(tf.keras.Model):
    def train_step(self, data):
        x = data[0]
        if self.spying:
            print("batch", x.numpy()[:, 0].astype(int).tolist())
        return super().train_step(data)


inputs = tf.keras.Input((1,))
model = Spy(inputs, tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse", metrics=["mae"], run_eagerly=True)
x = np.arange(11, dtype="float32").reshape(11, 1)
y = 2.0 * x + 1.0
model.spying = True
h = model.fit(x, y, batch_size=4, epochs=2, verbose=0)
h = model.fit(x, y, batch_size=5, epochs=1, verbose=0)
model.spying = False
model.fit(x, y, batch_size=4, epochs=2)
model.fit(x, y, batch_size=5, epochs=1, verbose=2, validation_split=0.2)
print(model.evaluate(x, y, batch_size=8))
print(model.evaluate(x, y, verbose=2))
print(model.predict(x[:3]).shape)
print(sorted(h.history))
print(tf.random.uniform(()).numpy())
