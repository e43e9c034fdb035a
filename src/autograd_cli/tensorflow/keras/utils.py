"""keras.utils: to_categorical, set_random_seed, get_file (a download: the no-network error)."""
from __future__ import annotations

import random

import numpy as np


def to_categorical(x, num_classes=None):
    """Keras 3: one-hot rows of float64 (NumPy input), a trailing axis of size 1 dropped."""
    x = np.array(x, dtype="int64")
    shape = x.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    x = x.reshape(-1)
    if not num_classes:
        num_classes = int(np.max(x)) + 1
    out = np.zeros((x.shape[0], num_classes))
    out[np.arange(x.shape[0]), x] = 1
    return out.reshape(shape + (num_classes,))


def set_random_seed(seed):
    """Seeds Python's random (Keras' unseeded initializers draw their seeds from it), NumPy and
    TensorFlow, as keras.utils.set_random_seed does."""
    from autograd_cli.tensorflow.keras._support import tf

    random.seed(seed)
    np.random.seed(seed)
    tf.random.set_seed(seed)


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None, force_download=False):
    from autograd_cli.tensorflow.keras.datasets import NoNetworkError

    raise NoNetworkError(f"tf.keras.utils.get_file downloads {origin or fname}, and a snippet has no network (nor "
                         "files): build the data in the snippet (e.g. NumPy arrays of the same shapes)")


__all__ = ["to_categorical", "set_random_seed", "get_file"]
