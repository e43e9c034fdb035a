# mode: eager
# checks: tf.keras.metrics.TruePositives / FalsePositives / TrueNegatives / FalseNegatives: one threshold (a scalar), evenly spread thresholds (Keras' bucketed counts, predictions exactly at a threshold), other lists, labels and weights of rank 1 and 2, weights of shape (N, 1), int labels
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
y = rng.randint(0, 2, size=(16, 1)).astype("float32")
p = rng.rand(16, 1).astype("float32")
p[:5, 0] = [0.0, 0.25, 0.5, 0.75, 1.0]
w = rng.rand(16).astype("float32")
M = tf.keras.metrics
for cls in (M.TruePositives, M.FalsePositives, M.TrueNegatives, M.FalseNegatives):
    results = []
    for kwargs, weight in (({}, None), ({}, w), ({"thresholds": [0.0, 0.25, 0.5, 0.75, 1.0]}, None),
                           ({"thresholds": [0.0, 0.5, 1.0]}, w), ({"thresholds": [0.1, 0.3, 0.9]}, w[:, None]),
                           ({"thresholds": 0.75}, None)):
        metric = cls(**kwargs)
        metric.update_state(y, p, sample_weight=weight)
        results.append(np.round(metric.result().numpy(), 5).tolist())
    print(cls.__name__, metric.name, metric.accumulator.shape, results)
t = M.TruePositives(thresholds=[0.2, 0.6])
t.update_state(tf.constant([1, 1, 0, 1]), tf.constant([0.3, 0.7, 0.9, 0.1]))
t.update_state([[1, 0], [1, 1]], [[0.65, 0.1], [0.2, 0.95]], sample_weight=[[2.0], [0.5]])
print(t.result(), t.get_config(), repr(t))
f = M.FalseNegatives()
print(f(y[:, 0], p[:, 0]).numpy(), f.variables)
f.reset_state()
print(f.result())
