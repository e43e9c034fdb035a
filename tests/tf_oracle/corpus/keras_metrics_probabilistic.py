# mode: eager
# checks: the probabilistic metrics (BinaryCrossentropy, CategoricalCrossentropy with from_logits and label_smoothing, SparseCategoricalCrossentropy with ignore_class, KLDivergence, Poisson): per-update means, sample_weight of rank 1 and 2, names, class paths, get_config
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(5)
y = rng.randint(0, 2, size=(8, 1)).astype("float32")
p = rng.uniform(0.05, 0.95, size=(8, 1)).astype("float32")
labels = rng.randint(0, 3, size=8)
onehot = np.eye(3, dtype="float32")[labels]
logits = rng.randn(8, 3).astype("float32")
probs = tf.nn.softmax(logits).numpy()
w = rng.rand(8).astype("float32")
M = tf.keras.metrics
cases = [(M.BinaryCrossentropy(), y, p), (M.BinaryCrossentropy(from_logits=True, label_smoothing=0.1), y, p - 0.5),
         (M.CategoricalCrossentropy(), onehot, probs), (M.CategoricalCrossentropy(from_logits=True, label_smoothing=0.2), onehot, logits),
         (M.SparseCategoricalCrossentropy(), labels, probs), (M.SparseCategoricalCrossentropy(from_logits=True, ignore_class=1), labels, logits),
         (M.KLDivergence(), onehot, probs), (M.Poisson(), onehot * 2.0, probs)]
for metric, a, b in cases:
    metric.update_state(a[:5], b[:5])
    first = float(metric.result())
    metric.update_state(a[5:], b[5:], sample_weight=w[5:])
    second = float(metric.result())
    weighted = type(metric)(**{k: v for k, v in metric.get_config().items() if k not in ("name", "dtype")})
    weighted.update_state(a, b, sample_weight=w[:, None])
    print(metric.name, type(metric).__module__, round(first, 5), round(second, 5), round(float(weighted.result()), 5))
print(M.BinaryCrossentropy(from_logits=True).get_config(), M.SparseCategoricalCrossentropy().get_config())
print(M.binary_crossentropy(y[:3], p[:3]).numpy(), M.kld(onehot[:2], probs[:2]).numpy(), M.poisson(onehot[:2], probs[:2]).numpy())
print(M.KLD is M.kld, M.kullback_leibler_divergence.__name__, tf.keras.losses.KLD is M.kld)
