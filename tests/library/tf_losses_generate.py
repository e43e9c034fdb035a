"""Writes tf_losses.json: what TensorFlow 2.21 with Keras 3 computes for each Keras loss
function (one value per sample), its loss object (the batch mean), and the gradient of the
summed per-sample losses with respect to y_pred (or to the logits z when y_pred is
softmax(z) / sigmoid(z)).

Run it with real TensorFlow (never a dependency of the project):
    /work/tfvenv/bin/python tests/library/tf_losses_generate.py
A case whose y_pred is "softmax" / "sigmoid" of logits runs inside tf.function, as Keras
runs a model's loss in fit: there Keras recognises the Softmax / Sigmoid op and works from
its logits (no clipping). Eagerly Keras cannot see the op and clips the probabilities; the
"eager" cases record that too.
"""
from __future__ import annotations

import json
import os
import pathlib

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402
import keras  # noqa: E402

FUNCTIONS = {
    "categorical_crossentropy": (keras.losses.categorical_crossentropy, keras.losses.CategoricalCrossentropy),
    "binary_crossentropy": (keras.losses.binary_crossentropy, keras.losses.BinaryCrossentropy),
    "sparse_categorical_crossentropy": (keras.losses.sparse_categorical_crossentropy,
                                        keras.losses.SparseCategoricalCrossentropy),
    "mean_squared_error": (keras.losses.mean_squared_error, keras.losses.MeanSquaredError),
    "mean_absolute_error": (keras.losses.mean_absolute_error, keras.losses.MeanAbsoluteError),
    "huber": (keras.losses.huber, keras.losses.Huber),
    "log_cosh": (keras.losses.log_cosh, keras.losses.LogCosh),
}
OBJECT_ONLY = {"delta"}        # Huber(delta=...) takes it; the others take the function's keywords

P3 = [[0.05, 0.95, 0.0], [0.1, 0.8, 0.1], [0.2, 0.3, 0.5]]
Y3 = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
Z3 = [[2.0, -1.0, 0.5], [0.1, 0.2, 0.3], [-3.0, 4.0, 1.0]]
SATURATED = [[100.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
UNNORMALISED = [[1.0, 2.0, 1.0], [0.5, 0.5, 3.0]]
P2 = [[0.6, 0.4], [0.4, 0.6], [1.0, 0.0]]
Y2 = [[0, 1], [0, 0], [0, 1]]
A = [[0.5, -1.0, 2.0], [3.0, 0.0, -0.25]]
B = [[1.0, 1.5, -1.0], [0.0, 0.5, 0.75]]

# (id, function, y_true, y_pred, pred_kind, keywords); pred_kind: "p" probabilities as given,
# "softmax"/"sigmoid": y_pred = that activation of the given logits (graph mode), "eager_softmax" /
# "eager_sigmoid": the same eagerly (Keras clips), "logits": passed with from_logits=True.
CASES = [
    ("cce_documented", "categorical_crossentropy", Y3[:2], P3[:2], "p", {}),
    ("cce_three", "categorical_crossentropy", Y3, P3, "p", {}),
    ("cce_unnormalised", "categorical_crossentropy", [[0, 1, 0], [0, 0, 1]], UNNORMALISED, "p", {}),
    ("cce_smoothing", "categorical_crossentropy", Y3, P3, "p", {"label_smoothing": 0.1}),
    ("cce_axis0", "categorical_crossentropy", [[0, 1, 0], [1, 0, 1]], [[0.3, 0.6, 0.2], [0.7, 0.4, 0.8]], "p",
     {"axis": 0}),
    ("cce_softmax", "categorical_crossentropy", Y3, Z3, "softmax", {}),
    ("cce_softmax_saturated", "categorical_crossentropy", [[0, 1, 0], [0, 0, 1]], SATURATED, "softmax", {}),
    ("cce_eager_softmax_saturated", "categorical_crossentropy", [[0, 1, 0], [0, 0, 1]], SATURATED,
     "eager_softmax", {}),
    ("cce_logits", "categorical_crossentropy", Y3, Z3, "logits", {}),
    ("cce_logits_saturated", "categorical_crossentropy", [[0, 1, 0], [0, 0, 1]], SATURATED, "logits", {}),
    ("cce_logits_smoothing", "categorical_crossentropy", Y3, Z3, "logits", {"label_smoothing": 0.2}),
    ("cce_saturated_probabilities", "categorical_crossentropy", [[0, 1, 0], [1, 0, 0]],
     [[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]], "p", {}),
    ("bce_documented", "binary_crossentropy", Y2[:2], P2[:2], "p", {}),
    ("bce_saturated_probabilities", "binary_crossentropy", Y2, P2, "p", {}),
    ("bce_smoothing", "binary_crossentropy", Y2, P2, "p", {"label_smoothing": 0.2}),
    ("bce_axis0", "binary_crossentropy", Y2, P2, "p", {"axis": 0}),
    ("bce_sigmoid", "binary_crossentropy", Y2, [[3.0, -2.0], [0.0, 40.0], [-40.0, 1.0]], "sigmoid", {}),
    ("bce_eager_sigmoid", "binary_crossentropy", Y2, [[3.0, -2.0], [0.0, 40.0], [-40.0, 1.0]],
     "eager_sigmoid", {}),
    ("bce_logits", "binary_crossentropy", Y2, [[3.0, -2.0], [0.0, 40.0], [-40.0, 1.0]], "logits", {}),
    ("bce_rank1", "binary_crossentropy", [0.0, 1.0, 1.0], [0.2, 0.7, 0.9], "p", {}),
    ("scce_documented", "sparse_categorical_crossentropy", [1, 2], P3[:2], "p", {}),
    ("scce_column_labels", "sparse_categorical_crossentropy", [[1], [2], [0]], P3, "p", {}),
    ("scce_unnormalised", "sparse_categorical_crossentropy", [1, 2], UNNORMALISED, "p", {}),
    ("scce_softmax_saturated", "sparse_categorical_crossentropy", [1, 2], SATURATED, "softmax", {}),
    ("scce_eager_softmax_saturated", "sparse_categorical_crossentropy", [1, 2], SATURATED, "eager_softmax", {}),
    ("scce_logits", "sparse_categorical_crossentropy", [0, 1, 2], Z3, "logits", {}),
    ("mse", "mean_squared_error", A, B, "p", {}),
    ("mse_rank1", "mean_squared_error", [1.0, 2.0, 4.0], [0.0, 0.0, 1.0], "p", {}),
    ("mse_column_and_vector", "mean_squared_error", [[1.0], [2.0]], [3.0, 5.0], "p", {}),
    ("mae", "mean_absolute_error", A, B, "p", {}),
    ("mae_column_and_vector", "mean_absolute_error", [[1.0], [2.0]], [3.0, 5.0], "p", {}),
    ("huber", "huber", A, B, "p", {}),
    ("huber_delta", "huber", A, B, "p", {"delta": 2.0}),
    ("huber_documented", "huber", [[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]], "p", {}),
    ("log_cosh", "log_cosh", A, B, "p", {}),
    ("log_cosh_large", "log_cosh", [[0.0, 0.0]], [[30.0, -50.0]], "p", {}),
]


def _one(function, loss_class, y_true, x, kind, keywords):
    y_true = tf.constant(y_true, tf.int32 if function is keras.losses.sparse_categorical_crossentropy
                         else tf.float32)
    if function is keras.losses.sparse_categorical_crossentropy:
        y_true = tf.cast(y_true, tf.float32)       # Keras casts labels itself; keep them float
    x = tf.constant(x, tf.float32)
    function_kw = dict(keywords)
    object_kw = dict(keywords)
    if kind == "logits":
        function_kw["from_logits"] = object_kw["from_logits"] = True

    def compute(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            pred = (tf.nn.softmax(x) if kind.endswith("softmax") else
                    tf.nn.sigmoid(x) if kind.endswith("sigmoid") else x)
            per_sample = function(y_true, pred, **function_kw)
            total = tf.reduce_sum(per_sample)
        obj = loss_class(**object_kw)(y_true, pred)
        return per_sample, obj, tape.gradient(total, x)

    if kind in ("softmax", "sigmoid"):
        compute = tf.function(compute)
    per_sample, obj, grad = compute(x)
    return {"per_sample": per_sample.numpy().tolist(), "object": float(obj.numpy()),
            "gradient": grad.numpy().tolist(), "shape": list(per_sample.shape)}


def main():
    out = {"tensorflow": tf.__version__, "keras": keras.__version__, "cases": []}
    for case_id, name, y_true, y_pred, kind, keywords in CASES:
        function, loss_class = FUNCTIONS[name]
        result = _one(function, loss_class, y_true, y_pred, kind, keywords)
        out["cases"].append({"id": case_id, "function": name, "y_true": y_true, "y_pred": y_pred, "kind": kind,
                             "keywords": keywords, **result})
    path = pathlib.Path(__file__).with_name("tf_losses.json")
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {path}")


if __name__ == "__main__":
    main()
