"""keras.constraints: a projection of a weight that the optimizer applies after each update
of it (Keras 3's `variable.assign(variable.constraint(variable))`, after the step's updates)."""
from __future__ import annotations

import inspect

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.keras._support import tf

_EPSILON = 1e-07      # Keras' backend.epsilon()


def _norms(w, axis):
    return tf.sqrt(tf.reduce_sum(tf.square(w), axis=axis, keepdims=True))


@tf_class("keras.src.constraints.constraints.Constraint")
class Constraint:
    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@tf_class("keras.src.constraints.constraints.MaxNorm")
class MaxNorm(Constraint):
    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = tf.clip_by_value(norms, 0.0, float(self.max_value))
        return tf.cast(w, norms.dtype) * (desired / (_EPSILON + norms))

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


@tf_class("keras.src.constraints.constraints.NonNeg")
class NonNeg(Constraint):
    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        return tf.maximum(w, tf.zeros([], w.dtype))


@tf_class("keras.src.constraints.constraints.UnitNorm")
class UnitNorm(Constraint):
    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        return tf.cast(w, norms.dtype) / (_EPSILON + norms)

    def get_config(self):
        return {"axis": self.axis}


@tf_class("keras.src.constraints.constraints.MinMaxNorm")
class MinMaxNorm(Constraint):
    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = (self.rate * tf.clip_by_value(norms, float(self.min_value), float(self.max_value))
                   + (1 - self.rate) * norms)
        return tf.cast(w, norms.dtype) * (desired / (_EPSILON + norms))

    def get_config(self):
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate, "axis": self.axis}


max_norm, non_neg, unit_norm, min_max_norm = MaxNorm, NonNeg, UnitNorm, MinMaxNorm
CLASSES = {"Constraint": Constraint, "MaxNorm": MaxNorm, "NonNeg": NonNeg, "UnitNorm": UnitNorm,
           "MinMaxNorm": MinMaxNorm, "max_norm": MaxNorm, "non_neg": NonNeg, "unit_norm": UnitNorm,
           "min_max_norm": MinMaxNorm}


def get(identifier):
    if identifier is None:
        return None
    found = CLASSES.get(identifier) if isinstance(identifier, str) else identifier
    if callable(found):
        return found() if inspect.isclass(found) else found
    raise ValueError(f"Could not interpret constraint identifier: {identifier}")


__all__ = sorted(CLASSES) + ["get"]
