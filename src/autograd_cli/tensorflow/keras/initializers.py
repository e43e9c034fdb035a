"""keras.initializers: Keras 3's initializers. A seeded random initializer gives TensorFlow's
own numbers (its stateless Philox draw, from random_streams); an unseeded one draws its seed
from Python's `random`, as Keras does, so `keras.utils.set_random_seed(n)` makes it TF's too."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import random_streams
from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.initializers.initializer.Initializer")
class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}


@tf_class("keras.src.initializers.constant_initializers.Constant")
class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        return tf.fill(list(shape), tf.cast(self.value, dtype or "float32")) if np.ndim(self.value) == 0 \
            else tf.constant(np.broadcast_to(np.asarray(self.value), tuple(shape)), dtype=dtype or "float32")


@tf_class("keras.src.initializers.constant_initializers.Zeros")
class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return tf.zeros(list(shape), dtype=dtype or "float32")


@tf_class("keras.src.initializers.constant_initializers.Ones")
class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return tf.ones(list(shape), dtype=dtype or "float32")


@tf_class("keras.src.initializers.constant_initializers.Identity")
class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError(f"Identity matrix initializer can only be used for 2D matrices. Received: "
                             f"shape={tuple(shape)} of rank {len(shape)}.")
        return tf.constant(self.gain * np.eye(*shape), dtype=dtype or "float32")


class _Random(Initializer):
    """A seeded draw: Keras' stateless Philox stream, TensorFlow's numbers."""

    kind = ""

    def __init__(self, seed=None, **config):
        self.given_seed = seed
        self.seed = random_streams.keras_default_seed() if seed is None else int(seed)
        self.config = config

    def __call__(self, shape, dtype=None):
        name = getattr(dtype, "name", dtype) or "float32"
        values = random_streams.keras_initializer_values(self.kind, tuple(int(d) for d in shape), self.seed,
                                                         dtype=name, **self.config)
        return tf.constant(values, dtype=name)

    def get_config(self):
        return {"seed": self.seed, **self.config}


@tf_class("keras.src.initializers.random_initializers.RandomNormal")
class RandomNormal(_Random):
    kind = "RandomNormal"

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed, mean=mean, stddev=stddev)


@tf_class("keras.src.initializers.random_initializers.RandomUniform")
class RandomUniform(_Random):
    kind = "RandomUniform"

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed, minval=minval, maxval=maxval)


@tf_class("keras.src.initializers.random_initializers.TruncatedNormal")
class TruncatedNormal(_Random):
    kind = "TruncatedNormal"

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed, mean=mean, stddev=stddev)


@tf_class("keras.src.initializers.random_initializers.VarianceScaling")
class VarianceScaling(_Random):
    kind = "VarianceScaling"

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        super().__init__(seed, scale=scale, mode=mode, distribution=distribution)


@tf_class("keras.src.initializers.random_initializers.Orthogonal")
class Orthogonal(Initializer):
    """Keras 3's: a seeded normal draw of shape (max(rows, cols), min(rows, cols)) (rows the
    product of all but the last axis), its QR factors' Q with each column's sign made that of
    R's diagonal entry, transposed when rows < cols, times gain. TensorFlow factors in float32
    (Eigen's Householder QR); here the float32 draw is factored in float64 and rounded once,
    so the two can differ in the last float32 bits."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        self.given_seed = seed
        self.seed = random_streams.keras_default_seed() if seed is None else int(seed)

    def __call__(self, shape, dtype=None):
        shape = tuple(int(d) for d in shape)
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize must be at least two-dimensional. Received: shape={shape} "
                             f"of rank {len(shape)}.")
        name = getattr(dtype, "name", dtype) or "float32"
        rows, cols = int(np.prod(shape[:-1])), shape[-1]
        draw = random_streams.keras_initializer_values("RandomNormal", (max(rows, cols), min(rows, cols)),
                                                       self.seed, dtype=name, mean=0.0, stddev=1.0)
        q, r = np.linalg.qr(draw.astype(np.float64))
        q = (q * np.sign(np.diag(r))).astype(draw.dtype)
        if rows < cols:
            q = q.T
        return tf.constant(draw.dtype.type(self.gain) * q.reshape(shape), dtype=name)

    def get_config(self):
        return {"gain": self.gain, "seed": self.seed}


def _named(kind):
    class Named(_Random):
        def __init__(self, seed=None):
            super().__init__(seed)
    Named.kind = kind
    return tf_class(f"keras.src.initializers.random_initializers.{kind}")(Named)


GlorotUniform = _named("GlorotUniform")
GlorotNormal = _named("GlorotNormal")
HeNormal = _named("HeNormal")
HeUniform = _named("HeUniform")
LecunNormal = _named("LecunNormal")
LecunUniform = _named("LecunUniform")
OrthogonalInitializer = Orthogonal      # Keras 3 exports the class under both names

CLASSES = {"Constant": Constant, "Zeros": Zeros, "Ones": Ones, "Identity": Identity, "RandomNormal": RandomNormal,
           "RandomUniform": RandomUniform, "TruncatedNormal": TruncatedNormal, "VarianceScaling": VarianceScaling,
           "GlorotUniform": GlorotUniform, "GlorotNormal": GlorotNormal, "HeNormal": HeNormal,
           "HeUniform": HeUniform, "LecunNormal": LecunNormal, "LecunUniform": LecunUniform,
           "Orthogonal": Orthogonal, "OrthogonalInitializer": Orthogonal}
# Keras 3's snake_case names for the same classes
ALIASES = {"constant": Constant, "zeros": Zeros, "ones": Ones, "identity": Identity, "random_normal": RandomNormal,
           "random_uniform": RandomUniform, "truncated_normal": TruncatedNormal, "variance_scaling": VarianceScaling,
           "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal, "he_normal": HeNormal,
           "he_uniform": HeUniform, "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform,
           "orthogonal": Orthogonal, "uniform": RandomUniform, "normal": RandomNormal}


def reissued(initializer):
    """An initializer as Keras' serialize-then-deserialize copies it (Bidirectional copies its
    layer so): a random one as its class and config, to be built again by `get` (one built
    without a seed then draws a new one, a seeded one keeps its seed); any other as itself."""
    if isinstance(initializer, (_Random, Orthogonal)):
        return {"class_name": type(initializer).__name__,
                "config": {**initializer.get_config(), "seed": initializer.given_seed}}
    return initializer


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, dict) and identifier.get("class_name") in CLASSES:
        return CLASSES[identifier["class_name"]](**identifier.get("config", {}))
    if isinstance(identifier, Initializer) or callable(identifier) and not isinstance(identifier, type):
        return identifier
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if isinstance(identifier, str):
        cls = CLASSES.get(identifier) or ALIASES.get(identifier)
        if cls is not None:
            return cls()
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")


__all__ = sorted(CLASSES) + sorted(ALIASES) + ["Initializer", "get"]

globals().update(ALIASES)
