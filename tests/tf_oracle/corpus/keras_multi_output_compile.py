# mode: eager
# checks: a two-output functional model: compile losses as a list and a dict by output name (None for none), loss_weights, metrics per output (list of lists, dict), targets as a list or a dict, the logs' names (OUTPUT_loss, OUTPUT_METRIC; each output's loss the plain mean of its batches), evaluate, run_eagerly's weighting
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
inputs = tf.keras.Input((3,), name="features")
hidden = tf.keras.layers.Dense(4, activation="relu")(inputs)
score = tf.keras.layers.Dense(1, name="score")(hidden)
label = tf.keras.layers.Dense(2, activation="softmax", name="label")(hidden)
model = tf.keras.Model(inputs, [score, label])
print(model.output_names)
rng = np.random.RandomState(1)
x = rng.uniform(-1, 1, (10, 3)).astype("float32")
y_score, y_label = rng.uniform(0, 2, (10, 1)).astype("float32"), np.eye(2)[rng.randint(0, 2, 10)].astype("float32")
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss=["mse", "categorical_crossentropy"],
              loss_weights=[2.0, 0.5], metrics=[["mae"], [tf.keras.metrics.CategoricalAccuracy()]])
h = model.fit(x, [y_score, y_label], batch_size=4, epochs=2, shuffle=False, verbose=0)
print({k: np.round(v, 5).tolist() for k, v in h.history.items()})
print(np.round(model.evaluate(x, {"score": y_score, "label": y_label}, batch_size=4, verbose=0), 5))
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss={"label": "categorical_crossentropy", "score": None},
              metrics={"score": ["mse"]})
h = model.fit(x, {"score": y_score, "label": y_label}, batch_size=3, epochs=1, shuffle=False, verbose=0)
print({k: np.round(v, 5).tolist() for k, v in h.history.items()})
model.compile(optimizer="sgd", loss=["mae", None], run_eagerly=True)
h = model.fit(x, [y_score, y_label], batch_size=4, epochs=1, shuffle=False, verbose=0)
print({k: np.round(v, 5).tolist() for k, v in h.history.items()})
