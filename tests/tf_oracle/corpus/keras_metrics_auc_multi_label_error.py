# mode: eager
# checks: AUC(multi_label=True): counts per threshold and label (variables made at the first update, or at once with num_labels), each label's ROC / PR area averaged or weighted by label_weights, given thresholds, sample_weight, reset_state, in fit's history; the rank-1 error
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(1)
Y = rng.randint(0, 2, size=(15, 3)).astype("float32")
P = rng.rand(15, 3).astype("float32")
w = rng.rand(15).astype("float32")
for kw in ({}, {"curve": "PR"}, {"num_labels": 3}, {"label_weights": [0.2, 0.3, 1.0]}, {"label_weights": [0.2, 0.3, 1.0], "curve": "PR"},
           {"thresholds": [0.1, 0.5, 0.6]}, {"thresholds": [0.25, 0.5, 0.75]}, {"summation_method": "minoring", "num_thresholds": 9}):
    auc = tf.keras.metrics.AUC(multi_label=True, **kw)
    before = len(auc.variables)
    auc.update_state(Y[:8], P[:8])
    auc.update_state(Y[8:], P[8:], sample_weight=w[8:])
    print(kw, before, round(float(auc.result()), 6), auc.true_positives.shape, auc.false_negatives.numpy()[len(auc.thresholds) // 2])
auc.reset_state()
print(auc.result(), auc.get_config()["multi_label"])
x = rng.randn(12, 2).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3, activation="sigmoid",
                                                                          kernel_initializer=tf.keras.initializers.Constant([[0.5, -0.3, 0.1], [0.2, 0.4, -0.6]]))])
model.compile(optimizer=tf.keras.optimizers.SGD(0.2), loss="binary_crossentropy",
              metrics=[tf.keras.metrics.AUC(multi_label=True, name="ml_auc"), tf.keras.metrics.AUC(name="flat_auc")])
h = model.fit(x, Y[:12], batch_size=4, epochs=2, shuffle=False, verbose=0)
print({k: [round(v, 5) for v in vals] for k, vals in sorted(h.history.items())})
tf.keras.metrics.AUC(multi_label=True).update_state(Y[:, 0], P[:, 0])
