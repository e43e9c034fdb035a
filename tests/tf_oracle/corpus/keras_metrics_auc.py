# mode: eager
# checks: tf.keras.metrics.AUC: ROC and PR with Keras' interpolation, minoring / majoring, num_thresholds, given thresholds (evenly spread or not), from_logits, sample_weight, label_weights, labels of rank 2, accumulation, reset_state, thresholds, get_config
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
y = rng.randint(0, 2, size=(30, 1)).astype("float32")
p = np.clip(y * 0.3 + rng.rand(30, 1) * 0.7, 0.0, 1.0).astype("float32")
w = rng.rand(30).astype("float32")
labels = np.eye(3, dtype="float32")[rng.randint(0, 3, size=10)]
scores = rng.rand(10, 3).astype("float32")
for kwargs in ({}, {"curve": "PR"}, {"summation_method": "minoring"}, {"curve": "PR", "summation_method": "majoring"},
               {"num_thresholds": 5}, {"thresholds": [0.25, 0.5, 0.75]}, {"thresholds": [0.1, 0.3, 0.35, 0.9]},
               {"from_logits": True}, {"curve": "pr", "num_thresholds": 50}, {"curve": "PRGAIN"}):
    plain, weighted, ranked = tf.keras.metrics.AUC(**kwargs), tf.keras.metrics.AUC(**kwargs), tf.keras.metrics.AUC(**kwargs)
    plain.update_state(y, p)
    weighted.update_state(y, p, sample_weight=w)
    ranked.update_state(labels, scores)
    print(kwargs, plain.name, [round(float(m.result()), 6) for m in (plain, weighted, ranked)])
auc = tf.keras.metrics.AUC(label_weights=[0.2, 0.5, 1.0])
auc.update_state(labels, scores, sample_weight=w[:10])
print(round(float(auc.result()), 6))
auc = tf.keras.metrics.AUC(name="roc")
auc.update_state(y[:12], p[:12])
auc.update_state(y[12:], p[12:], sample_weight=w[12:])
print(auc, auc.result().numpy(), auc.num_thresholds, len(auc.thresholds), auc.thresholds[:3], auc.thresholds[-1])
print(auc.true_positives.shape, auc.variables[3].path, auc.true_positives.numpy()[:4], auc.false_negatives.numpy()[-3:])
auc.reset_state()
print(auc.result(), auc.get_config())
print(tf.keras.metrics.AUC(thresholds=[0.5, 0.2]).get_config()["thresholds"], tf.keras.metrics.AUC(curve="PR").curve)
print(tf.keras.metrics.AUC()([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).numpy(), tf.keras.metrics.AUC(curve="PR")([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).numpy())
