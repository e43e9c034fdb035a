# mode: eager
# checks: SensitivityAtSpecificity / SpecificityAtSensitivity / PrecisionAtRecall / RecallAtPrecision: the best rate where the other reaches the value over num_thresholds thresholds (one: 0.5; predictions at 0 and 1), class_id, sample_weight, values 0 and 1, get_config, the range errors
import numpy as np
import tensorflow as tf
M = tf.keras.metrics
rng = np.random.RandomState(5)
y = rng.randint(0, 2, size=(40, 1)).astype("float32")
p = np.clip(0.3 * y + 0.7 * rng.rand(40, 1), 0, 1).astype("float32")
p[:3, 0] = [0.0, 1.0, 0.5]
w = rng.rand(40).astype("float32")
Y = np.eye(3, dtype="float32")[rng.randint(0, 3, size=12)]
P = rng.rand(12, 3).astype("float32")
for cls, v in ((M.SensitivityAtSpecificity, 0.5), (M.SpecificityAtSensitivity, 0.8), (M.PrecisionAtRecall, 0.7), (M.RecallAtPrecision, 0.6)):
    for kw in ({}, {"num_thresholds": 1}, {"num_thresholds": 7}, {"class_id": 1}):
        m = cls(v, **kw)
        if "class_id" in kw:
            m.update_state(Y, P, sample_weight=w[:12])
        else:
            m.update_state(y[:20], p[:20])
            m.update_state(y[20:], p[20:], sample_weight=w[20:])
        print(m, kw, round(float(m.result()), 6), m.get_config(), len(m.thresholds), m.thresholds[:2])
    print(cls(1.0)(y, p).numpy(), cls(0.0)(y, p).numpy())
for bad in (lambda: M.PrecisionAtRecall(1.5), lambda: M.RecallAtPrecision(0.5, num_thresholds=0), lambda: M.SensitivityAtSpecificity(-0.1)):
    try:
        bad()
    except ValueError as e:
        print(e)
