# mode: eager
# checks: the regression metrics (LogCoshError, CosineSimilarity, MeanSquaredLogarithmicError, MeanAbsolutePercentageError, RootMeanSquaredError, MeanSquaredError) with sample_weight of rank 1 and 2, labels of shape (N,) against (N, 1); Mean and Sum with weights of a lower rank than the values (Keras' per-sample reduction), their variables, count and total
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
y = rng.rand(6, 3).astype("float32") * 2
p = rng.rand(6, 3).astype("float32") * 2
w = rng.rand(6).astype("float32")
M = tf.keras.metrics
for metric in (M.LogCoshError(), M.CosineSimilarity(), M.MeanSquaredLogarithmicError(),
               M.MeanAbsolutePercentageError(), M.RootMeanSquaredError(), M.MeanSquaredError()):
    metric.update_state(y, p)
    plain = float(metric.result())
    metric.update_state(y, p, sample_weight=w)
    again = float(metric.result())
    metric.reset_state()
    metric.update_state(y[:, :1], p[:, :1], sample_weight=w[:, None])
    print(metric.name, type(metric).__module__, round(plain, 5), round(again, 5), round(float(metric.result()), 5))
r = M.RootMeanSquaredError()
r.update_state(y[:, 0], p[:, :1])
print(r.result().numpy(), r.total.numpy(), r.count.numpy())
m = M.Mean(name="avg")
m.update_state([1.0, 2.0, 3.0], sample_weight=[0.5, 1.0, 2.0])
m.update_state(np.arange(6.0).reshape(2, 3), sample_weight=[1.0, 3.0])
m.update_state(5.0)
print(m.result(), m.total, m.count, [v.path for v in m.variables])
s = M.Sum()
s.update_state(np.arange(6.0).reshape(2, 3), sample_weight=[1.0, 2.0])
s.update_state(tf.constant([[1.0], [2.0]]), sample_weight=tf.constant([[2.0], [0.5]]))
print(s.result(), s.variables)
print(M.Mean()(np.ones((2, 2, 2)), sample_weight=np.array([[1.0, 0.0], [1.0, 1.0]])).numpy())
print(M.msle(y[:2], p[:2]).numpy(), M.MSLE is M.msle, M.mape(y[:2], p[:2]).numpy(), M.logcosh(y[:2], p[:2]).numpy())
print(tf.keras.losses.cosine_similarity(y[:2], p[:2]).numpy(), tf.keras.losses.MeanSquaredLogarithmicError()(y, p).numpy())
