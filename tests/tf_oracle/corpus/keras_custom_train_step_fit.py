# mode: eager
# checks: overriding Model.train_step (Keras 3 style: compute_loss, optimizer.apply, metrics) and calling fit
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5)

class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

inputs = keras.Input(shape=(4,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
rng = np.random.RandomState(0)
x = rng.random((16, 4)).astype("float32")
y = rng.random((16, 1)).astype("float32")
history = model.fit(x, y, epochs=3, batch_size=8, shuffle=False, verbose=0)
print({k: [round(v, 4) for v in vals] for k, vals in history.history.items()})
