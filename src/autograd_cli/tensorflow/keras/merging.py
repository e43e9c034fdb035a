"""Keras' merging layers (a list of tensors in, one out: Concatenate, Add, Subtract, Multiply,
Average, Maximum, Minimum, and their functional forms add, concatenate, ...) and the small reshaping ones (Reshape, Rescaling, Lambda)."""
from __future__ import annotations

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.layers import Layer
from autograd_cli.tensorflow.exports import tf_class


class _Merge(Layer):
    def _combine(self, a, b):
        raise NotImplementedError

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 2:
            raise ValueError(f"A merge layer should be called on a list of at least 2 inputs. Got {len(inputs)} "
                             f"inputs." if isinstance(inputs, (list, tuple)) else
                             "A merge layer should be called on a list of inputs.")
        out = inputs[0]
        for x in inputs[1:]:
            out = self._combine(out, x)
        return out

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[0])


@tf_class("keras.src.layers.merging.add.Add")
class Add(_Merge):
    def _combine(self, a, b):
        return tf.add(a, b)


@tf_class("keras.src.layers.merging.subtract.Subtract")
class Subtract(_Merge):
    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs.")
        return tf.subtract(inputs[0], inputs[1])


@tf_class("keras.src.layers.merging.multiply.Multiply")
class Multiply(_Merge):
    def _combine(self, a, b):
        return tf.multiply(a, b)


@tf_class("keras.src.layers.merging.maximum.Maximum")
class Maximum(_Merge):
    def _combine(self, a, b):
        return tf.maximum(a, b)


@tf_class("keras.src.layers.merging.minimum.Minimum")
class Minimum(_Merge):
    def _combine(self, a, b):
        return tf.minimum(a, b)


@tf_class("keras.src.layers.merging.average.Average")
class Average(_Merge):
    def call(self, inputs):
        return tf.divide(super().call(inputs), float(len(inputs)))

    def _combine(self, a, b):
        return tf.add(a, b)


@tf_class("keras.src.layers.merging.concatenate.Concatenate")
class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        return tf.concat(list(inputs), axis=self.axis)

    def compute_output_shape(self, input_shape):
        shapes = [list(s) for s in input_shape]
        out = list(shapes[0])
        sizes = [s[self.axis] for s in shapes]
        out[self.axis] = None if None in sizes else sum(sizes)
        return tuple(out)


@tf_class("keras.src.layers.reshaping.reshape.Reshape")
class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(int(d) for d in target_shape)

    def call(self, inputs):
        return tf.reshape(inputs, (-1,) + self.target_shape)

    def compute_output_shape(self, input_shape):
        known = 1
        for d in input_shape[1:]:
            known = None if d is None or known is None else known * d
        if -1 in self.target_shape and known is not None:
            rest = 1
            for d in self.target_shape:
                rest *= 1 if d == -1 else d
            return (input_shape[0],) + tuple(known // rest if d == -1 else d for d in self.target_shape)
        return (input_shape[0],) + self.target_shape


@tf_class("keras.src.layers.preprocessing.rescaling.Rescaling")
class Rescaling(Layer):
    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale, self.offset = scale, offset

    def call(self, inputs):
        x = tf.cast(inputs, self.dtype)
        return tf.add(tf.multiply(x, tf.cast(self.scale, self.dtype)), tf.cast(self.offset, self.dtype))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


@tf_class("keras.src.layers.core.lambda_layer.Lambda")
class Lambda(Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function, self.arguments = function, arguments or {}

    def call(self, inputs, mask=None, training=None):
        return self.function(inputs, **self.arguments)


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def average(inputs, **kwargs):
    return Average(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    return Minimum(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


FUNCTIONS = {"add": add, "subtract": subtract, "multiply": multiply, "average": average, "maximum": maximum,
             "minimum": minimum, "concatenate": concatenate}
CLASSES = {**FUNCTIONS, "Add": Add, "Subtract": Subtract, "Multiply": Multiply, "Maximum": Maximum, "Minimum": Minimum,
           "Average": Average, "Concatenate": Concatenate, "Reshape": Reshape, "Rescaling": Rescaling,
           "Lambda": Lambda}
__all__ = sorted(CLASSES)
