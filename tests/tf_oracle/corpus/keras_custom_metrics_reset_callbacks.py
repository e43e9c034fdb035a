# mode: eager
# checks: a Model subclass listing its own trackers in `metrics` gets them reset at each epoch and evaluate; callbacks' hooks receive their logs positionally (on_train_begin(self, logs), on_batch_end(batch, logs))
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(9)


class Tracked(tf.keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.total = tf.keras.metrics.Mean(name="total")
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        self.total.update_state(loss)
        return {"total": self.total.result()}
    def test_step(self, data):
        x, y = data
        self.total.update_state(tf.reduce_mean(tf.square(self(x) - y)))
        return {"total": self.total.result()}

    @property
    def metrics(self):
        return [self.total]

class Record(tf.keras.callbacks.Callback):
    def on_train_begin(self, logs):
        self.seen = [("begin", logs)]
    def on_batch_end(self, batch, logs):
        self.seen.append((batch, round(logs["total"], 5)))

inputs = tf.keras.Input((2,))
model = Tracked(inputs, tf.keras.layers.Dense(1, kernel_initializer="zeros")(inputs))
model.compile(optimizer=tf.keras.optimizers.SGD(0.1))
x, y = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]], "float32"), np.array([[1.0], [2.0], [3.0], [4.0]], "float32")
record = Record()
h = model.fit(x, y, batch_size=2, epochs=3, shuffle=False, verbose=0, callbacks=[record])
print(h.history, record.seen, model.evaluate(x, y, verbose=0), model.evaluate(x, y, verbose=0))
