"""Softmax, log-softmax and one-hot."""
from __future__ import annotations

import numpy as np

from .reductions import logsumexp
from .table import ShapeError, norm_axis, op

# ---------------------------------------------------------------- learning


def _softmax(x, axis):
    shifted = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return shifted / np.sum(shifted, axis=axis, keepdims=True)


def _log_softmax(x, axis):
    return x - logsumexp(x, axis=(axis,), keepdims=True)


def _axis_prepare(shape, axis=-1):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    return {"axis": norm_axis(int(axis), len(shape))}


def _sym_softmax(S, x, axis):
    e = np.vectorize(S.exp, otypes=[object])(x)
    return e / np.sum(e, axis=axis, keepdims=True)


op("softmax", _softmax, lambda s, axis: s, prepare=_axis_prepare, sym=_sym_softmax,
   vjp=(lambda g, n, dy: g.multiply(n, g.subtract(
       dy, g.reduce_sum(g.multiply(dy, n), axis=n.params["axis"], keepdims=True))),), fresh=True)
op("log_softmax", _log_softmax, lambda s, axis: s, prepare=_axis_prepare,
   sym=lambda S, x, axis: x - np.vectorize(S.log, otypes=[object])(
       np.sum(np.vectorize(S.exp, otypes=[object])(x), axis=axis, keepdims=True)),
   vjp=(lambda g, n, dy: g.subtract(
       dy, g.multiply(g.exp(n), g.reduce_sum(dy, axis=n.params["axis"], keepdims=True))),), fresh=True)


def _one_hot(indices, depth):
    indices = np.asarray(indices)
    if not np.all(indices == np.round(indices)):
        raise ValueError("one_hot indices must be integers")
    return (indices[..., None] == np.arange(depth)).astype(np.float64)


op("one_hot", _one_hot, lambda s, depth: tuple(s) + (int(depth),))

