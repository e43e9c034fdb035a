"""keras.random (the TensorFlow backend's): `normal` and `uniform` are TensorFlow's stateless
draws, their seed a SeedGenerator's next state (an int: [seed, 0]; none: a global generator's),
taken modulo 2**31 - 2 into int32 as Keras 3 casts it."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.layers import SeedGenerator

_GLOBAL: list = []      # the generator of draws given no seed, made at the first


def _seed(seed):
    if isinstance(seed, SeedGenerator):
        state = seed.next()
    elif isinstance(seed, (int, np.integer)):
        state = tf.constant([int(seed), 0], dtype=tf.int64)
    elif seed is None:
        if not _GLOBAL:
            _GLOBAL.append(SeedGenerator())
        state = _GLOBAL[0].next(ordered=False)
    else:
        raise ValueError(f"Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
                         f"Received: seed={seed} (of type {type(seed)})")
    return tf.cast(tf.math.floormod(state, 2 ** 31 - 2), tf.int32)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf.random.stateless_normal(shape, _seed(seed), mean=mean, stddev=stddev, dtype=dtype or "float32")


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return tf.random.stateless_uniform(shape, _seed(seed), minval=minval, maxval=maxval, dtype=dtype or "float32")


__all__ = ["SeedGenerator", "normal", "uniform"]
