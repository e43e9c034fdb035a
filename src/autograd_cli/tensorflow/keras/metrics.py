"""keras.metrics basics: Mean and the accuracy metrics, stateful as in Keras (update_state,
result, reset_state), computed eagerly in float32."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras._support import tf


class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name or type(self).__name__.lower()
        self.reset_state()

    def reset_state(self):
        self._total = np.float32(0.0)
        self._count = np.float32(0.0)

    reset_states = reset_state

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


class Mean(Metric):
    def update_state(self, values, sample_weight=None):
        self._add(values, sample_weight)


class Sum(Metric):
    def update_state(self, values, sample_weight=None):
        self._add(values, sample_weight)

    def result(self):
        return tf.constant(self._total)


class Accuracy(Metric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self._add(np.equal(np.asarray(y_true), np.asarray(y_pred)).astype(np.float32), sample_weight)


class CategoricalAccuracy(Metric):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        self._add((np.argmax(y_true, -1) == np.argmax(y_pred, -1)).astype(np.float32), sample_weight)


class SparseCategoricalAccuracy(Metric):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        self._add((y_true.reshape(y_pred.shape[:-1]) == np.argmax(y_pred, -1)).astype(np.float32), sample_weight)


class BinaryAccuracy(Metric):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        self.threshold = threshold
        super().__init__(name, dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
        self._add((y_true == (y_pred > self.threshold)).astype(np.float32), sample_weight)


__all__ = ["Metric", "Mean", "Sum", "Accuracy", "CategoricalAccuracy", "SparseCategoricalAccuracy", "BinaryAccuracy"]
