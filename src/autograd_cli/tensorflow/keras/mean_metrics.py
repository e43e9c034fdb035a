"""The keras.metrics that are the mean of a per-sample function (Keras 3's MeanMetricWrapper
subclasses): the accuracies (and their functions, tf.keras.metrics.binary_accuracy, ...), the
regression errors, the crossentropies, KL divergence, Poisson and the hinges, each the loss
function of keras.losses of the same meaning."""
from __future__ import annotations

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.keras import losses
from autograd_cli.tensorflow.keras._support import bind_arguments, tf
from autograd_cli.tensorflow.keras.losses import same_rank
from autograd_cli.tensorflow.keras.reduction_metrics import Mean, MeanMetricWrapper, as_tensor, rank


# ---------------------------------------------------------------- the accuracy functions

def accuracy(y_true, y_pred):
    y_pred = as_tensor(y_pred)
    y_true, y_pred = same_rank(as_tensor(y_true, y_pred.dtype), y_pred)
    return tf.cast(tf.equal(y_true, y_pred), "float32")


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred, y_true = as_tensor(y_pred), as_tensor(y_true)
    y_true, y_pred = same_rank(y_true, y_pred)
    y_pred = tf.cast(tf.greater(y_pred, tf.cast(threshold, y_pred.dtype)), y_true.dtype)
    return tf.cast(tf.equal(y_true, y_pred), "float32")


def _matches(y_true, y_pred, squeeze_when):
    """The argmax of y_pred against the labels y_true (a last axis of 1 squeezed first, and given back)."""
    y_pred = as_tensor(y_pred)
    y_true = as_tensor(y_true, y_pred.dtype)
    shape = y_true.shape
    squeezed = rank(y_true) == rank(y_pred) and squeeze_when(y_true)
    if squeezed:
        y_true = tf.squeeze(y_true, -1)
    matches = tf.cast(tf.equal(y_true, tf.cast(tf.argmax(y_pred, axis=-1), y_true.dtype)), "float32")
    return tf.reshape(matches, shape) if squeezed else matches


def categorical_accuracy(y_true, y_pred):
    return _matches(tf.argmax(as_tensor(y_true), axis=-1), y_pred, lambda labels: True)


def sparse_categorical_accuracy(y_true, y_pred):
    matches = _matches(y_true, y_pred, lambda labels: labels.shape[-1] == 1)
    if rank(matches) > 1 and matches.shape[-1] == 1:
        matches = tf.squeeze(matches, -1)
    return matches


def _in_top_k(labels, y_pred, k):
    """Whether each label is among the k largest predictions (the predictions flattened to rank
    2, the labels to rank 1, the result in the labels' shape)."""
    shape = labels.shape
    if rank(y_pred) > 2:
        y_pred = tf.reshape(y_pred, [-1, y_pred.shape[-1]])
    flat = tf.reshape(labels, [-1]) if rank(labels) > 1 else labels
    matches = tf.cast(tf.math.in_top_k(tf.cast(flat, "int32"), y_pred, k), "float32")
    return tf.reshape(matches, shape) if rank(labels) > 1 else matches


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = as_tensor(y_pred)
    return _in_top_k(tf.argmax(as_tensor(y_true, y_pred.dtype), axis=-1), y_pred, k)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    y_pred = as_tensor(y_pred)
    if not from_sorted_ids:
        return _in_top_k(as_tensor(y_true, "int32"), y_pred, k)
    # y_pred holds class ids, best first: a label among the first k
    labels = as_tensor(y_true, y_pred.dtype)
    flat = tf.reshape(labels, [-1]) if rank(labels) > 1 else labels
    matches = tf.reduce_any(tf.equal(tf.expand_dims(flat, 1), y_pred[:, :k]), axis=1)
    matches = tf.cast(matches, "float32")
    return tf.reshape(matches, labels.shape) if rank(labels) > 1 else matches


for _fn in (accuracy, binary_accuracy, categorical_accuracy, sparse_categorical_accuracy, top_k_categorical_accuracy,
            sparse_top_k_categorical_accuracy):
    _fn.__module__ = "keras.src.metrics.accuracy_metrics"


# ---------------------------------------------------------------- the classes

def _wrapper(path, fn, default_name, params=(), unlisted=()):
    """A MeanMetricWrapper subclass `Name(name=..., dtype=None, *params)` whose config is its name,
    dtype and params (Keras' signatures: the params after name and dtype, or first for `k`),
    those in `unlisted` only when not their default (Keras' own get_config leaves them out)."""
    class_name = path.rpartition(".")[2]
    leading = [p for p, _ in params if p == "k"]
    trailing = [(p, d) for p, d in params if p != "k"]

    def __init__(self, *args, **kwargs):
        names = leading + ["name", "dtype"] + [p for p, _ in trailing]
        bound = bind_arguments(class_name, names, {"name": default_name, "dtype": None, **dict(params)}, args, kwargs)
        fn_kwargs = {p: bound[p] for p, _ in params}
        MeanMetricWrapper.__init__(self, fn, name=bound["name"], dtype=bound["dtype"], **fn_kwargs)
        for key, value in fn_kwargs.items():
            setattr(self, key, value)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype,
                **{p: getattr(self, p) for p, d in params if p not in unlisted or getattr(self, p) != d}}
    cls = type(class_name, (MeanMetricWrapper,), {"__init__": __init__, "get_config": get_config})
    return tf_class(f"keras.src.metrics.{path}")(cls)


Accuracy = _wrapper("accuracy_metrics.Accuracy", accuracy, "accuracy")
BinaryAccuracy = _wrapper("accuracy_metrics.BinaryAccuracy", binary_accuracy, "binary_accuracy",
                          (("threshold", 0.5),))
CategoricalAccuracy = _wrapper("accuracy_metrics.CategoricalAccuracy", categorical_accuracy, "categorical_accuracy")
SparseCategoricalAccuracy = _wrapper("accuracy_metrics.SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                     "sparse_categorical_accuracy")
TopKCategoricalAccuracy = _wrapper("accuracy_metrics.TopKCategoricalAccuracy", top_k_categorical_accuracy,
                                   "top_k_categorical_accuracy", (("k", 5),))
SparseTopKCategoricalAccuracy = _wrapper("accuracy_metrics.SparseTopKCategoricalAccuracy",
                                         sparse_top_k_categorical_accuracy, "sparse_top_k_categorical_accuracy",
                                         (("k", 5), ("from_sorted_ids", False)), unlisted=("from_sorted_ids",))

MeanSquaredError = _wrapper("regression_metrics.MeanSquaredError", losses.mse, "mean_squared_error")
MeanAbsoluteError = _wrapper("regression_metrics.MeanAbsoluteError", losses.mae, "mean_absolute_error")
MeanAbsolutePercentageError = _wrapper("regression_metrics.MeanAbsolutePercentageError", losses.mape,
                                       "mean_absolute_percentage_error")
MeanSquaredLogarithmicError = _wrapper("regression_metrics.MeanSquaredLogarithmicError", losses.msle,
                                       "mean_squared_logarithmic_error")
def _cosine(y_true, y_pred, axis=-1):
    """The metric's cosine similarity: the loss function's, positive."""
    return -losses.cosine_similarity(y_true, y_pred, axis=axis)


_cosine.__name__ = "cosine_similarity"
CosineSimilarity = _wrapper("regression_metrics.CosineSimilarity", _cosine, "cosine_similarity",
                            (("axis", -1),), unlisted=("axis",))
LogCoshError = _wrapper("regression_metrics.LogCoshError", losses.logcosh, "logcosh")

BinaryCrossentropy = _wrapper("probabilistic_metrics.BinaryCrossentropy", losses.binary_crossentropy,
                              "binary_crossentropy", (("from_logits", False), ("label_smoothing", 0)))
CategoricalCrossentropy = _wrapper("probabilistic_metrics.CategoricalCrossentropy", losses.categorical_crossentropy,
                                   "categorical_crossentropy",
                                   (("from_logits", False), ("label_smoothing", 0), ("axis", -1)))
SparseCategoricalCrossentropy = _wrapper("probabilistic_metrics.SparseCategoricalCrossentropy",
                                         losses.sparse_categorical_crossentropy, "sparse_categorical_crossentropy",
                                         (("from_logits", False), ("ignore_class", None), ("axis", -1)))
KLDivergence = _wrapper("probabilistic_metrics.KLDivergence", losses.kld, "kl_divergence")
Poisson = _wrapper("probabilistic_metrics.Poisson", losses.poisson, "poisson")

Hinge = _wrapper("hinge_metrics.Hinge", losses.hinge, "hinge")
SquaredHinge = _wrapper("hinge_metrics.SquaredHinge", losses.squared_hinge, "squared_hinge")
CategoricalHinge = _wrapper("hinge_metrics.CategoricalHinge", losses.categorical_hinge, "categorical_hinge")


@tf_class("keras.src.metrics.regression_metrics.RootMeanSquaredError")
class RootMeanSquaredError(Mean):
    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = same_rank(as_tensor(y_true, self.dtype), as_tensor(y_pred, self.dtype))
        return super().update_state(tf.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self):
        return tf.sqrt(super().result())


CLASSES = {cls.__name__: cls for cls in (
    Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, TopKCategoricalAccuracy,
    SparseTopKCategoricalAccuracy, MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, RootMeanSquaredError, CosineSimilarity, LogCoshError, BinaryCrossentropy,
    CategoricalCrossentropy, SparseCategoricalCrossentropy, KLDivergence, Poisson, Hinge, SquaredHinge,
    CategoricalHinge)}
FUNCTIONS = {fn.__name__: fn for fn in (binary_accuracy, categorical_accuracy, sparse_categorical_accuracy,
                                        top_k_categorical_accuracy, sparse_top_k_categorical_accuracy)}
__all__ = sorted(CLASSES) + sorted(FUNCTIONS)
