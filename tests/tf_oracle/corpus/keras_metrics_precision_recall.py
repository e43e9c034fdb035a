# mode: eager
# checks: tf.keras.metrics.Precision / Recall: the default 0.5 threshold, a thresholds list (a vector result), top_k, class_id, sample_weight, accumulation over updates, reset_state, repr, variables and get_config
import numpy as np
import tensorflow as tf

y = np.array([[0], [1], [1], [1], [0], [1]], dtype="float32")
p = np.array([[0.6], [0.4], [0.5], [0.9], [0.2], [0.7]], dtype="float32")
w = np.array([1.0, 2.0, 0.5, 1.0, 3.0, 0.25], dtype="float32")

m = tf.keras.metrics.Precision()
print(m, m.name, m.thresholds, m.top_k, m.class_id)
print(m.result())
m.update_state(y, p)
print(m.result(), m.true_positives.numpy(), m.false_positives.numpy())
m.update_state(y, p, sample_weight=w)
print(m.result().numpy(), [v.name for v in m.variables], m.variables[0])
m.reset_state()
print(m.result().numpy(), m.true_positives.numpy())

r = tf.keras.metrics.Recall(thresholds=[0.3, 0.55, 0.8])
r.update_state(y, p, sample_weight=w)
print(r.result(), r.get_config())

labels = np.eye(4, dtype="float32")[[0, 2, 1, 3, 2]]
scores = np.array([[0.1, 0.5, 0.3, 0.1], [0.2, 0.2, 0.5, 0.1], [0.6, 0.3, 0.05, 0.05],
                   [0.1, 0.1, 0.1, 0.7], [0.3, 0.1, 0.4, 0.2]], dtype="float32")
for metric in (tf.keras.metrics.Precision(top_k=2), tf.keras.metrics.Recall(top_k=1),
               tf.keras.metrics.Precision(class_id=2), tf.keras.metrics.Recall(class_id=1, thresholds=0.25),
               tf.keras.metrics.Precision(top_k=2, class_id=0)):
    metric.update_state(labels, scores, sample_weight=[1.0, 0.5, 2.0, 1.0, 1.5])
    print(metric.name, metric.thresholds, float(metric.result()))
both = tf.keras.metrics.Recall(name="rec")
print(both(tf.constant([1, 0, 1]), tf.constant([0.8, 0.9, 0.1])).numpy(), both.name, type(both).__module__)
print(tf.keras.metrics.Precision()([1, 1], [0.5, 0.51]).numpy())
