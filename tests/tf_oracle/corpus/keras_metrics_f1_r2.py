# mode: eager
# checks: F1Score / FBetaScore (per class, micro, macro, weighted; the best class or a threshold; a row of zero predictions; sample_weight; variables made at the first update) and R2Score (uniform, per output, variance-weighted, adjusted for regressors; labels (N,) against (N, 1)), get_config, the argument errors, compile names
import numpy as np
import tensorflow as tf
M = tf.keras.metrics
rng = np.random.RandomState(3)
Y = np.eye(4, dtype="float32")[rng.randint(0, 4, size=16)]
P = rng.rand(16, 4).astype("float32")
P[0] = 0.0
w = rng.rand(16).astype("float32")
for kw in ({}, {"average": "micro"}, {"average": "macro"}, {"average": "weighted"}, {"threshold": 0.5}, {"average": "macro", "threshold": 0.3}):
    for cls in (M.F1Score, lambda **k: M.FBetaScore(beta=2.0, **k)):
        m = cls(**kw)
        m.update_state(Y[:8], P[:8])
        m.update_state(Y[8:], P[8:], sample_weight=w[8:])
        print(m, kw, np.round(m.result().numpy(), 6), m.get_config(), [v.name for v in m.variables])
y = rng.randn(10, 3).astype("float32")
p = (y + 0.5 * rng.randn(10, 3)).astype("float32")
for kw in ({}, {"class_aggregation": None}, {"class_aggregation": "variance_weighted_average"}, {"num_regressors": 2}, {"num_regressors": 29}):
    r = M.R2Score(**kw)
    r.update_state(y[:5], p[:5])
    r.update_state(y[5:], p[5:], sample_weight=w[:5])
    print(r, kw, np.round(r.result().numpy(), 6), r.get_config(), [v.path for v in r.variables])
r = M.R2Score()
r.update_state(y[:, 0], p[:, :1])
print(r.result().numpy())
for bad in (lambda: M.F1Score(average="avg"), lambda: M.FBetaScore(beta=2), lambda: M.F1Score(threshold=1.5), lambda: M.R2Score(class_aggregation="x"),
            lambda: M.F1Score().update_state([1, 0], [0.3, 0.6])):
    try:
        bad()
    except ValueError as e:
        print(e)
print(M.get("f1_score"), M.get("r2_score"), M.get("F1Score").name)
