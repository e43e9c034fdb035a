# mode: eager
# checks: Model.fit / evaluate with metrics=[Precision(), Recall(), AUC(), 'auc', 'precision', TruePositives(), 'bce'] and a weighted AUC: fixed initial weights, no shuffle; history keys and values, the verbose=2 log line, evaluate's list order and return_dict, validation metrics (val_ names)
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
x = rng.randn(24, 3).astype("float32")
y = (x[:, :1] + 0.5 * x[:, 1:2] - 0.3 * x[:, 2:] > 0.1).astype("float32")
w = rng.rand(24).astype("float32")
model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(4, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(0.2)),
    tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer=tf.keras.initializers.Constant(-0.1),
                          bias_initializer=tf.keras.initializers.Constant(0.05)),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.3), loss="binary_crossentropy",
              metrics=[tf.keras.metrics.Precision(), tf.keras.metrics.Recall(thresholds=0.4), tf.keras.metrics.AUC(),
                       "auc", "precision", tf.keras.metrics.TruePositives(), "bce"],
              weighted_metrics=[tf.keras.metrics.AUC(curve="PR", name="pr_auc")])
h = model.fit(x[:18], y[:18], batch_size=6, epochs=3, shuffle=False, verbose=2, sample_weight=w[:18],
              validation_data=(x[18:], y[18:]))
print(sorted(h.history))
for key in sorted(h.history):
    print(key, [round(v, 5) for v in h.history[key]])
print([round(v, 5) for v in model.evaluate(x, y, batch_size=8, verbose=0)])
print({k: round(v, 5) for k, v in model.evaluate(x, y, verbose=0, sample_weight=w, return_dict=True).items()})
print([m.name for m in model.metrics], model.metrics_names)
