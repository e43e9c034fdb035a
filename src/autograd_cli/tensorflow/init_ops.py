"""TensorFlow's own initializers (`tf.zeros_initializer`, `tf.constant_initializer`,
`tf.random_normal_initializer`, `tf.glorot_uniform_initializer`, ... and `tf.initializers.*`):
objects called with (shape, dtype) that make the initial value, as `tf.get_variable` calls
them. The random ones make TensorFlow's random ops (random_api.py), so a seeded one gives
TensorFlow's numbers under the same graph- and op-seed rules. Keras' initializers are
keras/initializers.py.

`random_normal_initializer` and `random_uniform_initializer` have TF1's defaults (stddev 1,
maxval 1) after `disable_v2_behavior()` and TF2's (stddev 0.05, [-0.05, 0.05]) otherwise,
as `tf` is `tf.compat.v1` in the one case and TF2's namespace in the other.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import random_api, random_streams
from autograd_cli.tensorflow.array_ops import constant, ones, zeros
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_class, tf_export


class Initializer:
    def __init__(self, dtype=None):
        self.dtype = None if dtype is None else as_dtype(dtype)

    def _dtype(self, dtype):
        return as_dtype(dtype) if dtype is not None else (self.dtype or dtypes.float32)

    def get_config(self):
        return {}


@tf_class("tensorflow.python.ops.init_ops.Zeros")
@tf_export("zeros_initializer", "initializers.zeros")
class Zeros(Initializer):
    def __call__(self, shape, dtype=None, partition_info=None, **kwargs):
        return zeros(shape, self._dtype(dtype))


@tf_class("tensorflow.python.ops.init_ops.Ones")
@tf_export("ones_initializer", "initializers.ones")
class Ones(Initializer):
    def __call__(self, shape, dtype=None, partition_info=None, **kwargs):
        return ones(shape, self._dtype(dtype))


@tf_class("tensorflow.python.ops.init_ops.Constant")
@tf_export("constant_initializer", "initializers.constant")
class Constant(Initializer):
    def __init__(self, value=0, dtype=None, verify_shape=False):
        super().__init__(dtype)
        if hasattr(value, "numpy"):
            value = value.numpy()
        self.value = value

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None, **kwargs):
        kind = self._dtype(dtype)
        value = np.asarray(self.value)
        size = int(np.prod(shape)) if shape is not None else value.size
        if 1 < value.size < size and ctx.v1:      # TF1 fills the rest with the last value
            value = np.concatenate([value.ravel(), np.full(size - value.size, value.ravel()[-1])])
        elif value.size not in (1, size):
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {value.tolist()} (converted "
                            f"from {self.value}) has {value.size} elements, but got `shape` {tuple(shape)} with "
                            f"{size} elements).")
        return constant(value, dtype=kind, shape=shape)

    def get_config(self):
        return {"value": self.value}


class _Random(Initializer):
    def __init__(self, seed=None, dtype=None):
        super().__init__(dtype)
        self.seed = seed


@tf_class("tensorflow.python.ops.init_ops.RandomNormal")
@tf_export("random_normal_initializer", "initializers.random_normal")
class RandomNormal(_Random):
    draw = staticmethod(random_api.normal)

    def __init__(self, mean=0.0, stddev=None, seed=None, dtype=None):
        super().__init__(seed, dtype)
        self.mean = mean
        self.stddev = stddev if stddev is not None else (1.0 if ctx.v1 else 0.05)

    def __call__(self, shape, dtype=None, partition_info=None, **kwargs):
        return self.draw(shape, self.mean, self.stddev, self._dtype(dtype), seed=self.seed)


@tf_class("tensorflow.python.ops.init_ops.RandomUniform")
@tf_export("random_uniform_initializer", "initializers.random_uniform")
class RandomUniform(_Random):
    def __init__(self, minval=None, maxval=None, seed=None, dtype=None):
        super().__init__(seed, dtype)
        self.minval = minval if minval is not None else (0.0 if ctx.v1 else -0.05)
        self.maxval = maxval if maxval is not None else (1.0 if ctx.v1 else 0.05)

    def __call__(self, shape, dtype=None, partition_info=None, **kwargs):
        return random_api.uniform(shape, self.minval, self.maxval, self._dtype(dtype), seed=self.seed)


@tf_class("tensorflow.python.ops.init_ops.TruncatedNormal")
@tf_export("truncated_normal_initializer", "initializers.truncated_normal")
class TruncatedNormal(RandomNormal):
    draw = staticmethod(random_api.truncated_normal)


@tf_class("tensorflow.python.ops.init_ops.VarianceScaling")
@tf_export("variance_scaling_initializer", "initializers.variance_scaling")
class VarianceScaling(_Random):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, dtype=None):
        super().__init__(seed, dtype)
        if scale <= 0.0:
            raise ValueError("`scale` must be positive float.")
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def __call__(self, shape, dtype=None, partition_info=None, **kwargs):
        kind = self._dtype(dtype)
        drawn, parameter = random_streams.variance_scaling(shape, self.scale, self.mode, self.distribution)
        if drawn == "uniform":
            return random_api.uniform(shape, -parameter, parameter, kind, seed=self.seed)
        if drawn == "truncated_normal":
            return random_api.truncated_normal(shape, 0.0, parameter, kind, seed=self.seed)
        return random_api.normal(shape, 0.0, parameter, kind, seed=self.seed)


@tf_class("tensorflow.python.ops.init_ops.GlorotUniform")
@tf_export("glorot_uniform_initializer", "initializers.glorot_uniform")
class GlorotUniform(VarianceScaling):
    def __init__(self, seed=None, dtype=None):
        super().__init__(1.0, "fan_avg", "uniform", seed, dtype)


@tf_class("tensorflow.python.ops.init_ops.GlorotNormal")
@tf_export("glorot_normal_initializer", "initializers.glorot_normal")
class GlorotNormal(VarianceScaling):
    def __init__(self, seed=None, dtype=None):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, dtype)
