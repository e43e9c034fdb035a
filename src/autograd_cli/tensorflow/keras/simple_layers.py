"""Keras 3's small elementwise and normalization layers: LayerNormalization, ELU, Identity,
ActivityRegularization, and the noise layers GaussianNoise and GaussianDropout (the identity
unless called with training=True, which fit passes; then a stateless normal draw seeded by
the layer's SeedGenerator, as Dropout's mask). The layers without weights are built when
made, as Keras 3 builds them."""
from __future__ import annotations

import math

from autograd_cli.tensorflow.keras import activations, initializers, keras_random, regularizers
from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.layers import Layer, SeedGenerator
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.layers.normalization.layer_normalization.LayerNormalization")
class LayerNormalization(Layer):
    """Each sample normalised over `axis` (its moments, tf.nn.moments), then scaled by gamma
    and shifted by beta, composed as Keras' TensorFlow backend does:
    x * inv + (beta - mean * inv), inv = rsqrt(variance + epsilon) * gamma."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        if kwargs.pop("rms_scaling", False):
            raise NotImplementedError("LayerNormalization: rms_scaling (deprecated in Keras 3) is not supported here")
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(f"Expected an int or a list/tuple of ints for the argument 'axis', but received: "
                            f"{axis!r}")
        self.epsilon, self.center, self.scale, self.rms_scaling = epsilon, center, scale, False
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.gamma = self.beta = None

    def build(self, input_shape):
        if isinstance(self.axis, list):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[a] for a in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        if self.scale:
            self.gamma = self.add_weight(name="gamma", shape=shape, initializer=self.gamma_initializer,
                                         regularizer=self.gamma_regularizer)
        if self.center:
            self.beta = self.add_weight(name="beta", shape=shape, initializer=self.beta_initializer,
                                        regularizer=self.beta_regularizer)
        self.built = True

    def call(self, inputs):
        x = inputs if inputs.dtype.is_floating else tf.cast(inputs, "float32")
        rank = len(x.shape)
        axes = sorted(self.axis)
        broadcast = [1] * rank
        for a in axes:
            broadcast[a] = x.shape[a]

        def along(v):
            # (a weight spanning the last axis only broadcasts as it is)
            if v is None or axes == [rank - 1]:
                return v
            return tf.reshape(tf.cast(v, x.dtype), broadcast)
        mean, variance = tf.nn.moments(x, axes, keepdims=True)
        gamma, beta = along(self.gamma), along(self.beta)
        inv = tf.math.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        shift = -mean * inv
        if beta is not None:
            shift = shift + beta
        return x * inv + shift

    def compute_output_shape(self, input_shape):
        for a in self.axis if isinstance(self.axis, list) else [self.axis]:
            if a >= len(input_shape) or a < -len(input_shape):
                raise ValueError(f"Axis {a} is out of bounds for input shape {tuple(input_shape)}. Received: "
                                 f"axis={self.axis}")
        return tuple(input_shape)


class _BuiltAtInit(Layer):
    """A layer without weights: built when made (Keras' _build_at_init), its output its input's shape."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


@tf_class("keras.src.layers.activations.elu.ELU")
class ELU(_BuiltAtInit):
    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha

    def call(self, inputs):
        return activations.elu(inputs, alpha=self.alpha)


@tf_class("keras.src.layers.core.identity.Identity")
class Identity(_BuiltAtInit):
    def call(self, inputs):
        return inputs


@tf_class("keras.src.layers.regularization.activity_regularization.ActivityRegularization")
class ActivityRegularization(_BuiltAtInit):
    """The identity, whose output's l1 / l2 penalty (over the batch size) joins the losses."""

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.l1, self.l2 = l1, l2

    def call(self, inputs):
        return inputs


def _rate(value, name):
    if not 0 <= value <= 1:
        raise ValueError(f"Invalid value received for argument `{name}`. Expected a float value between 0 and 1. "
                         f"Received: {name}={value}")
    return value


@tf_class("keras.src.layers.regularization.gaussian_noise.GaussianNoise")
class GaussianNoise(_BuiltAtInit):
    """inputs + N(0, stddev) with training=True."""

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.stddev, self.seed = _rate(stddev, "stddev"), seed
        if stddev > 0:
            self.seed_generator = SeedGenerator(seed)

    def call(self, inputs, training=False):
        if training and self.stddev > 0:
            return inputs + keras_random.normal(tf.shape(inputs), mean=0.0, stddev=self.stddev, dtype=self.dtype,
                                                seed=self.seed_generator)
        return inputs


@tf_class("keras.src.layers.regularization.gaussian_dropout.GaussianDropout")
class GaussianDropout(_BuiltAtInit):
    """inputs * N(1, sqrt(rate / (1 - rate))) with training=True."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.rate, self.seed = _rate(rate, "rate"), seed
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            stddev = math.sqrt(self.rate / (1.0 - self.rate))
            return inputs * keras_random.normal(tf.shape(inputs), mean=1.0, stddev=stddev, dtype=self.dtype,
                                                seed=self.seed_generator)
        return inputs


CLASSES = {"LayerNormalization": LayerNormalization, "ELU": ELU, "Identity": Identity,
           "ActivityRegularization": ActivityRegularization, "GaussianNoise": GaussianNoise,
           "GaussianDropout": GaussianDropout}
__all__ = sorted(CLASSES)
