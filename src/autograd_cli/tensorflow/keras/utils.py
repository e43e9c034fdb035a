"""keras.utils: to_categorical, normalize, pad_sequences (also keras.preprocessing.sequence's),
set_random_seed, clear_session (the backend's), get_file (a download: the no-network error)."""
from __future__ import annotations

import random

import numpy as np

from autograd_cli.tensorflow.keras.backend import clear_session, epsilon


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


def normalize(x, axis=-1, order=2):
    """Keras 3: a NumPy array divided by its norms along `axis` (NumPy's, a zero norm taken as
    1); a tensor times rsqrt of its sum of squares (at most 1 / epsilon) for order 2, else
    divided by its `order`-norm (at least epsilon)."""
    from autograd_cli.tensorflow.keras._support import tf

    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        return x / np.expand_dims(norm, axis or -1)
    if not isinstance(order, int) or not order >= 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")
    x = tf.convert_to_tensor(x)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, 0)
    if order == 2:
        inv_norm = tf.math.rsqrt(tf.reduce_sum(tf.square(x), axis=axis, keepdims=True))
        return x * tf.minimum(inv_norm, 1.0 / epsilon())
    if order == 1:
        norm = tf.reduce_sum(tf.abs(x), axis=axis, keepdims=True)
    else:
        power = tf.cast(order, x.dtype)
        norm = tf.pow(tf.reduce_sum(tf.pow(tf.abs(x), power), axis=axis, keepdims=True), 1.0 / power)
    return x / tf.maximum(norm, epsilon())


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Keras' pad_sequences: a NumPy array (len(sequences), maxlen, ...) of `value`, each
    sequence cut to maxlen (its start dropped for truncating='pre') and put at the end
    (padding='pre') or the start."""
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape = [], None
    for seq in sequences:
        try:
            lengths.append(len(seq))
        except TypeError as error:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: {seq}") from error
        if sample_shape is None and len(seq):      # (the first non-empty sequence's item shape)
            sample_shape = np.asarray(seq).shape[1:]
    sample_shape = sample_shape or ()
    if maxlen is None:
        maxlen = np.max(lengths)
    is_text = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_text:
        raise ValueError(f"`dtype` {dtype} is not compatible with `value`'s type: {type(value)}\nYou should set "
                         "`dtype=object` for variable length strings.")
    out = np.full((len(sequences), maxlen) + tuple(sample_shape), value, dtype=dtype)
    for index, seq in enumerate(sequences):
        if not len(seq):
            continue
        if truncating == "pre":
            kept = seq[-maxlen:]
        elif truncating == "post":
            kept = seq[:maxlen]
        else:
            raise ValueError(f'Truncating type "{truncating}" not understood')
        kept = np.asarray(kept, dtype=dtype)
        if kept.shape[1:] != sample_shape:
            raise ValueError(f"Shape of sample {kept.shape[1:]} of sequence at position {index} is different from "
                             f"expected shape {sample_shape}")
        if padding == "post":
            out[index, :len(kept)] = kept
        elif padding == "pre":
            out[index, -len(kept):] = kept
        else:
            raise ValueError(f'Padding type "{padding}" not understood')
    return out


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


__all__ = ["to_categorical", "normalize", "pad_sequences", "set_random_seed", "clear_session", "get_file"]
