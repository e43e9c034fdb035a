# mode: eager
# checks: the public names of tf.keras.metrics (no module internals), class paths, the function spellings and their names, tf.keras.metrics.get, the string names compile accepts (class names, snake_case, bce / mse / msle ...) and how compile names each metric in fit's history and evaluate
import numpy as np
import tensorflow as tf

names = [n for n in dir(tf.keras.metrics) if not n.startswith("_")]
for n in ("AUC", "Precision", "Recall", "TruePositives", "BinaryCrossentropy", "TopKCategoricalAccuracy", "Hinge", "LogCoshError",
          "MeanMetricWrapper", "binary_accuracy", "top_k_categorical_accuracy", "hinge", "kld", "mse", "logcosh", "poisson", "get"):
    obj = getattr(tf.keras.metrics, n)
    print(n, n in names, obj.__module__, obj.__name__)
print([n for n in ("np", "tf", "tf_class", "annotations", "losses", "same_rank") if n in names])
for ident in ("precision", "Recall", "auc", "true_negatives", "binary_crossentropy", "bce", "kl_divergence", "log_cosh_error",
              "top_k_categorical_accuracy", "cosine_similarity", "msle", "MAPE", "squared_hinge", "mean_squared_error"):
    metric = tf.keras.metrics.get(ident)
    print(ident, type(metric).__name__, metric.name)
print(tf.keras.metrics.get(tf.keras.metrics.mae).__name__, tf.keras.metrics.get(None))
x = np.array([[0.5, -1.0], [1.5, 0.2], [-0.3, 0.8], [1.0, 1.0]], dtype="float32")
y = np.array([[1.0], [1.0], [0.0], [1.0]], dtype="float32")
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="sigmoid",
                                                                          kernel_initializer=tf.keras.initializers.Constant([[0.3], [-0.2]]))])
model.compile(optimizer="sgd", loss="binary_crossentropy",
              metrics=["Precision", "recall", "AUC", "true_positives", "bce", "mse", "msle", "hinge", "accuracy",
                       tf.keras.metrics.binary_accuracy, tf.keras.metrics.kld, tf.keras.metrics.Precision(name="p2")])
h = model.fit(x, y, batch_size=2, epochs=2, shuffle=False, verbose=0)
for key in sorted(h.history):
    print(key, [round(v, 5) for v in h.history[key]])
print([round(v, 5) for v in model.evaluate(x, y, verbose=0)])
