"""tf.keras.metrics as TensorFlow 2.21 publishes it (the `PUBLIC` names: the metric classes, the
accuracy functions, the loss functions Keras lists there, `get`), and the metrics compile
accepts: an object, a function (the mean of it, named after it), or a name of Keras 3's
table: a class's name or its snake_case, and the short names (`mse`, `bce`, ...), named as
given; `accuracy` / `acc` is Keras' by the shapes of the labels and predictions."""
from __future__ import annotations

from autograd_cli.tensorflow.keras import confusion_metrics, losses, mean_metrics, reduction_metrics, score_metrics
from autograd_cli.tensorflow.keras._support import snake_case
from autograd_cli.tensorflow.keras.mean_metrics import binary_accuracy, categorical_accuracy, sparse_categorical_accuracy
from autograd_cli.tensorflow.keras.reduction_metrics import Metric, MeanMetricWrapper

_CLASSES = {**{name: getattr(reduction_metrics, name) for name in reduction_metrics.__all__},
            **mean_metrics.CLASSES, **confusion_metrics.CLASSES, **score_metrics.CLASSES}
_NAMED = {**_CLASSES, **{snake_case(name): cls for name, cls in _CLASSES.items()},
          "bce": _CLASSES["BinaryCrossentropy"], "BCE": _CLASSES["BinaryCrossentropy"],
          "mse": _CLASSES["MeanSquaredError"], "MSE": _CLASSES["MeanSquaredError"],
          "mae": _CLASSES["MeanAbsoluteError"], "MAE": _CLASSES["MeanAbsoluteError"],
          "mape": _CLASSES["MeanAbsolutePercentageError"], "MAPE": _CLASSES["MeanAbsolutePercentageError"],
          "msle": _CLASSES["MeanSquaredLogarithmicError"], "MSLE": _CLASSES["MeanSquaredLogarithmicError"]}
_LOSS_FUNCTIONS = ("binary_crossentropy", "categorical_crossentropy", "sparse_categorical_crossentropy", "MAE",
                   "MAPE", "MSE", "MSLE", "KLD", "mae", "mape", "mse", "msle", "kld", "kullback_leibler_divergence",
                   "hinge", "squared_hinge", "categorical_hinge", "poisson", "logcosh", "huber")


def _accuracy(y_true, y_pred):
    """Keras' choice for `accuracy`: binary for predictions with a last axis of 1, sparse
    categorical for labels of lower rank (or a last axis of 1), else categorical."""
    y_true, y_pred = reduction_metrics.as_tensor(y_true), reduction_metrics.as_tensor(y_pred)
    if y_pred.shape[-1] == 1:
        return binary_accuracy(y_true, y_pred)
    if len(y_true.shape) < len(y_pred.shape) or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1):
        return sparse_categorical_accuracy(y_true, y_pred)
    return categorical_accuracy(y_true, y_pred)


class _Unresolved:
    """A metric compile cannot interpret: Keras 3 resolves compile's metrics at the first
    training or evaluation step, so its ValueError comes from there."""

    def __init__(self, identifier, error):
        self.name, self._error = str(identifier), error

    def update_state(self, *args, **kwargs):
        raise self._error

    def reset_state(self):
        pass


def get(identifier, loss=None):
    """compile's get_metric (`loss` unused: Keras chooses the accuracy by the shapes): a metric
    object (a function wrapped in MeanMetricWrapper), or one that raises Keras' error when used."""
    try:
        return _compiled(identifier)
    except ValueError as error:
        return _Unresolved(identifier, error)


def _compiled(identifier):
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if isinstance(identifier, str) and identifier.lower() in ("accuracy", "acc"):
        metric = MeanMetricWrapper(_accuracy, name=identifier)
    elif isinstance(identifier, str):
        found = _NAMED.get(identifier)
        if found is None:
            raise ValueError(f"Could not interpret metric identifier: {identifier}")
        metric = found()
        metric.name = identifier
    elif isinstance(identifier, type):
        metric = identifier()
    elif isinstance(identifier, Metric) or hasattr(identifier, "update_state"):
        metric = identifier
    elif callable(identifier):
        name = getattr(identifier, "name", None) or snake_case(getattr(identifier, "__name__", type(identifier).__name__))
        metric = MeanMetricWrapper(identifier, name=name)
    else:
        raise ValueError(f"Could not interpret metric identifier: {identifier}")
    return metric


def _public_get(identifier):
    """tf.keras.metrics.get: a class or object by name, a function as itself."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        found = _NAMED.get(identifier)
        if found is None:
            raise ValueError(f"Could not interpret metric identifier: {identifier}")
        return found()
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


_public_get.__name__ = _public_get.__qualname__ = "get"
_public_get.__module__ = "keras.src.metrics"

PUBLIC = {**_CLASSES, **{name: getattr(mean_metrics, name) for name in mean_metrics.FUNCTIONS},
          **{name: getattr(losses, name) for name in _LOSS_FUNCTIONS}, "get": _public_get}
