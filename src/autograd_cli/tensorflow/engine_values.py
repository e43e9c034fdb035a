"""Engine values as tensors' values: the engine computes float64 arrays only; an integer or bool
tensor's values are its numbers, and a graph's string tensor is held there as positions in one pool of the strings seen (interned: equal
strings have equal positions, so ops that move elements, select them or compare them for
equality work on the positions unchanged). Position 0 is the empty string, which makes a
string tensor of zeros (tf.zeros, an uninitialised string variable) TensorFlow's b''.
Eager string tensors hold NumPy object arrays of bytes; ops that compute new strings call
their kernels on those (string_kernels.py), in a graph through the pool.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.dtype import string as _STRING


class StringPool:
    def __init__(self):
        self._strings: list = [b""]
        self._positions: dict = {b"": 0}

    def position(self, item) -> int:
        if isinstance(item, str):
            item = item.encode("utf-8")
        elif not isinstance(item, bytes):
            raise TypeError(f"Expected string, but got {item!r} of type '{type(item).__name__}'.")
        found = self._positions.get(item)
        if found is None:
            found = self._positions[item] = len(self._strings)
            self._strings.append(item)
        return found

    def positions(self, array) -> np.ndarray:
        """An array of str / bytes as the engine holds it."""
        array = np.asarray(array, dtype=object)
        out = np.empty(array.shape, dtype=np.float64)
        for index, item in np.ndenumerate(array):
            out[index] = self.position(item)
        return out

    def strings(self, positions) -> np.ndarray:
        """Engine values back as the object array of bytes they stand for."""
        positions = np.asarray(positions)
        table = self._strings
        out = np.empty(positions.shape, dtype=object)
        for index, item in np.ndenumerate(positions):
            out[index] = table[int(item)]
        return out


POOL = StringPool()


def engine_array(value) -> np.ndarray:
    """A value as an engine leaf holds it: float64, string arrays as their pool positions."""
    array = np.asarray(value)
    if array.dtype == object or array.dtype.kind in "US":
        return POOL.positions(array)
    if array.dtype.kind == "c":     # (complex tensors' values stay complex: complex_ops' kernels take them)
        return np.asarray(array, dtype=np.complex128)
    return np.asarray(array, dtype=np.float64)


def typed_value(value, dtype) -> np.ndarray:
    """An engine value as the NumPy array of a tensor of `dtype` (a DType)."""
    if dtype.base_dtype is _STRING:
        return POOL.strings(value)
    array = np.asarray(value)
    if dtype.is_integer:
        with np.errstate(all="ignore"):
            return np.round(array).astype(dtype.np)
    if dtype.is_bool:
        return array.astype(bool)
    return array.astype(dtype.np)
