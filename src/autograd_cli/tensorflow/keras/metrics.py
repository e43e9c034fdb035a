"""keras.metrics basics: Mean and the accuracy metrics, stateful as in Keras (update_state,
result, reset_state), computed eagerly in float32."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.metrics.metric.Metric")
class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name or type(self).__name__.lower()
        self.dtype = getattr(dtype, "name", dtype) or "float32"
        self._state_variables = []
        self.reset_state()

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        """A state variable of a subclass (non-trainable; `reset_state` gives it zeros again)."""
        from autograd_cli.tensorflow.keras import initializers
        from autograd_cli.tensorflow.keras._support import PATH, KerasVariable, unique_name

        dtype = getattr(dtype, "name", dtype) or self.dtype
        PATH.append(self.name)
        try:
            value = initializers.get(initializer)(tuple(shape), dtype=dtype)
            variable = KerasVariable(value, name=name or unique_name("variable"), trainable=False, dtype=dtype)
        finally:
            PATH.pop()
        self._state_variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape, initializer or "zeros", dtype=dtype, name=name)

    @property
    def variables(self):
        return list(self._state_variables)

    def reset_state(self):
        self._total = np.float32(0.0)
        self._count = np.float32(0.0)
        for variable in getattr(self, "_state_variables", ()):
            variable.assign(np.zeros(variable.shape.as_list(), variable.dtype.np))

    reset_states = reset_state

    @staticmethod
    def _matched(y_true, y_pred):
        """NumPy labels and predictions of the same rank (Keras' squeeze_or_expand_to_same_rank)."""
        from autograd_cli.tensorflow.keras.losses import same_rank

        y_true, y_pred = same_rank(tf.convert_to_tensor(y_true), tf.convert_to_tensor(y_pred))
        return np.asarray(y_true), np.asarray(y_pred)

    def _add(self, values, sample_weight=None):
        values = np.asarray(values.numpy() if hasattr(values, "numpy") else values, dtype=np.float32)
        weight = np.ones_like(values) if sample_weight is None else np.broadcast_to(
            np.asarray(sample_weight, dtype=np.float32), values.shape)
        self._total = np.float32(self._total + np.sum(values * weight, dtype=np.float32))
        self._count = np.float32(self._count + np.sum(weight, dtype=np.float32))

    def result(self):
        return tf.constant(np.float32(self._total / self._count) if self._count else np.float32(0.0))

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()


@tf_class("keras.src.metrics.reduction_metrics.Mean")
class Mean(Metric):
    def update_state(self, values, sample_weight=None):
        self._add(values, sample_weight)


@tf_class("keras.src.metrics.reduction_metrics.Sum")
class Sum(Metric):
    def update_state(self, values, sample_weight=None):
        self._add(values, sample_weight)

    def result(self):
        return tf.constant(self._total)


@tf_class("keras.src.metrics.accuracy_metrics.Accuracy")
class Accuracy(Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self._add(np.equal(np.asarray(y_true), np.asarray(y_pred)).astype(np.float32), sample_weight)


@tf_class("keras.src.metrics.accuracy_metrics.CategoricalAccuracy")
class CategoricalAccuracy(Metric):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        self._add((np.argmax(y_true, -1) == np.argmax(y_pred, -1)).astype(np.float32), sample_weight)


@tf_class("keras.src.metrics.accuracy_metrics.SparseCategoricalAccuracy")
class SparseCategoricalAccuracy(Metric):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        self._add((y_true.reshape(y_pred.shape[:-1]) == np.argmax(y_pred, -1)).astype(np.float32), sample_weight)


@tf_class("keras.src.metrics.accuracy_metrics.BinaryAccuracy")
class BinaryAccuracy(Metric):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        self.threshold = threshold
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = self._matched(y_true, y_pred)
        self._add((y_true == (y_pred > self.threshold)).astype(np.float32), sample_weight)


class MeanMetricWrapper(Metric):
    """A metric that is the mean of a per-sample function (Keras' MeanMetricWrapper)."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        self._fn, self._fn_kwargs = fn, kwargs
        super().__init__(name or getattr(fn, "__name__", "mean_metric_wrapper"), dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.convert_to_tensor(y_pred)
        y_true = tf.cast(tf.convert_to_tensor(y_true), y_pred.dtype)
        from autograd_cli.tensorflow.keras.losses import same_rank

        y_true, y_pred = same_rank(y_true, y_pred)
        self._add(self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight)


def _per_sample(kind):
    def fn(y_true, y_pred):
        from autograd_cli.tensorflow.keras import losses

        return (losses.MAE if kind == "mae" else losses.MSE)(y_true, y_pred)
    fn.__name__ = kind
    return fn


@tf_class("keras.src.metrics.regression_metrics.MeanAbsoluteError")
class MeanAbsoluteError(MeanMetricWrapper):
    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(_per_sample("mae"), name, dtype)


@tf_class("keras.src.metrics.regression_metrics.MeanSquaredError")
class MeanSquaredError(MeanMetricWrapper):
    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(_per_sample("mse"), name, dtype)


def _percentage_error(y_true, y_pred):
    """Keras' mean_absolute_percentage_error: 100 * mean(|y_true - y_pred| / max(|y_true|, eps))."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    diff = tf.abs((y_true - y_pred) / tf.maximum(tf.abs(y_true), 1e-7))
    return 100.0 * tf.reduce_mean(diff, axis=-1)


@tf_class("keras.src.metrics.regression_metrics.MeanAbsolutePercentageError")
class MeanAbsolutePercentageError(MeanMetricWrapper):
    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(_percentage_error, name, dtype)


@tf_class("keras.src.metrics.regression_metrics.RootMeanSquaredError")
class RootMeanSquaredError(Metric):
    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = self._matched(y_true, y_pred)
        self._add(np.square(y_pred.astype(np.float32) - y_true.astype(np.float32)), sample_weight)

    def result(self):
        return tf.sqrt(super().result())


def get(identifier, loss=None):
    """A metric named in compile(metrics=[...]): an object, a per-sample function, or a name;
    "accuracy" is the accuracy the loss calls for (binary, sparse categorical, categorical)."""
    if isinstance(identifier, (Metric, MeanMetricWrapper)) or hasattr(identifier, "update_state"):
        return identifier
    if callable(identifier):
        return MeanMetricWrapper(identifier)
    if identifier in ("accuracy", "acc"):
        loss_name = getattr(loss, "__name__", None) or getattr(loss, "name", "") or ""
        if "sparse" in loss_name:
            return SparseCategoricalAccuracy(name=identifier)
        if "categorical" in loss_name:
            return CategoricalAccuracy(name=identifier)
        return _AccuracyByShape(name=identifier)
    named = {"mae": MeanAbsoluteError, "mean_absolute_error": MeanAbsoluteError,
             "mape": MeanAbsolutePercentageError, "mean_absolute_percentage_error": MeanAbsolutePercentageError, "mse": MeanSquaredError,
             "mean_squared_error": MeanSquaredError, "binary_accuracy": BinaryAccuracy,
             "root_mean_squared_error": RootMeanSquaredError,
             "categorical_accuracy": CategoricalAccuracy, "sparse_categorical_accuracy": SparseCategoricalAccuracy}
    if identifier in named:
        return named[identifier](name=identifier)
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


class _AccuracyByShape(Metric):
    """Keras' "accuracy" for another loss: binary for a last axis of 1, else categorical."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = self._matched(y_true, y_pred)
        if y_pred.shape[-1] == 1:
            self._add((y_true == (y_pred > 0.5)).astype(np.float32), sample_weight)
        else:
            self._add((np.argmax(y_true, -1) == np.argmax(y_pred, -1)).astype(np.float32), sample_weight)


__all__ = ["MeanAbsolutePercentageError", "MeanAbsoluteError", "MeanSquaredError", "Metric", "RootMeanSquaredError", "Mean", "Sum", "Accuracy", "CategoricalAccuracy", "SparseCategoricalAccuracy", "BinaryAccuracy"]
