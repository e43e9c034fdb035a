# mode: eager
# checks: TopKCategoricalAccuracy / SparseTopKCategoricalAccuracy (k, labels of shape (N,) and (N, 1), sample_weight), Hinge / SquaredHinge (0/1 labels become -1/1, others kept), CategoricalHinge, and the functions tf.keras.metrics.binary_accuracy, categorical_accuracy, sparse_categorical_accuracy, top_k_categorical_accuracy, sparse_top_k_categorical_accuracy, hinge, squared_hinge, categorical_hinge
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(9)
labels = rng.randint(0, 5, size=10)
onehot = np.eye(5, dtype="float32")[labels]
scores = rng.rand(10, 5).astype("float32")
w = rng.rand(10).astype("float32")
M = tf.keras.metrics
for metric, a in ((M.TopKCategoricalAccuracy(), onehot), (M.TopKCategoricalAccuracy(k=2, name="top2"), onehot),
                  (M.SparseTopKCategoricalAccuracy(k=1), labels), (M.SparseTopKCategoricalAccuracy(3), labels[:, None])):
    metric.update_state(a, scores)
    plain = float(metric.result())
    metric.reset_state()
    metric.update_state(a, scores, sample_weight=w)
    print(metric.name, metric.k, round(plain, 5), round(float(metric.result()), 5), metric.get_config())
y = rng.randint(0, 2, size=(6, 2)).astype("float32")
p = rng.randn(6, 2).astype("float32")
for metric, a in ((M.Hinge(), y), (M.Hinge(), 2 * y - 1), (M.SquaredHinge(), y), (M.SquaredHinge(), y * 3),
                  (M.CategoricalHinge(), onehot[:6, :2])):
    metric.update_state(a, p, sample_weight=w[:6])
    print(metric.name, type(metric).__module__, round(float(metric.result()), 5))
print(M.binary_accuracy(y, p), M.binary_accuracy(y[:, :1], p[:, :1], threshold=0.0))
print(M.categorical_accuracy(onehot[:4], scores[:4]), M.sparse_categorical_accuracy(labels[:4], scores[:4]))
print(M.sparse_categorical_accuracy(labels[:4, None].astype("float32"), scores[:4]))
print(M.top_k_categorical_accuracy(onehot[:4], scores[:4]), M.top_k_categorical_accuracy(onehot[:4], scores[:4], k=2))
print(M.sparse_top_k_categorical_accuracy(labels[:4], scores[:4], k=2))
print(M.hinge(y, p), M.squared_hinge(y, p), M.categorical_hinge(onehot[:3], scores[:3]))
