# mode: eager
# checks: a Metric subclass with add_weight state: update_state / result / reset_state (the default zeroes its variables), in compile(metrics=) and fit's per-epoch reset
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)


class CountAbove(tf.keras.metrics.Metric):
    def __init__(self, threshold=0.5, name="count_above", **kwargs):
        super().__init__(name=name, **kwargs)
        self.threshold = threshold
        self.count = self.add_weight(name="count", initializer="zeros")
        self.seen = self.add_weight(shape=(), name="seen", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        above = tf.cast(y_pred > self.threshold, "float32")
        if sample_weight is not None:
            above = above * tf.cast(tf.reshape(sample_weight, (-1, 1)), "float32")
        self.count.assign_add(tf.reduce_sum(above))
        self.seen.assign_add(tf.cast(tf.shape(y_pred)[0], "float32"))

    def result(self):
        return self.count / self.seen


m = CountAbove()
m.update_state(None, tf.constant([[0.2], [0.7], [0.9]]))
print(float(m.result()), [v.name for v in m.variables], m.count.numpy())
m.reset_state()
print(m.count.numpy(), m.seen.numpy())
m.update_state(None, tf.constant([[0.6], [0.1]]), sample_weight=tf.constant([2.0, 1.0]))
print(float(m.result()))

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="ones")])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="binary_crossentropy", metrics=[CountAbove(0.6)])
x = np.array([[0.1, 0.2], [1.0, -0.5], [0.3, 0.9], [-1.0, 0.4]], dtype="float32")
y = np.array([[0.0], [1.0], [1.0], [0.0]], dtype="float32")
h = model.fit(x, y, batch_size=2, epochs=3, shuffle=False, verbose=0)
print(h.history)
print(model.evaluate(x, y, verbose=0))
