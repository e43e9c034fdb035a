"""Softmax, log-softmax and one-hot."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import float32_kernels as k32
from autograd_cli.ops.table import ShapeError, broadcast, fmt, norm_axis, op

# ---------------------------------------------------------------- learning


def _softmax(x, axis):
    shifted = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return shifted / np.sum(shifted, axis=axis, keepdims=True)


def _log_softmax(x, axis):
    # TensorFlow's kernel: the max taken off first, so a float32 row far from 0 keeps its digits
    # (x - logsumexp(x) loses them to the large magnitude's rounding)
    shifted = x - np.max(x, axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))


def _axis_prepare(shape, axis=-1):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    return {"axis": norm_axis(int(axis), len(shape))}


def _sym_softmax(S, x, axis):
    e = np.vectorize(S.exp, otypes=[object])(x)
    return e / np.sum(e, axis=axis, keepdims=True)


op("softmax", _softmax, lambda s, axis: s, prepare=_axis_prepare, sym=_sym_softmax,
   vjp=(lambda g, n, dy: g.multiply(n, g.subtract(
       dy, g.reduce_sum(g.multiply(dy, n), axis=n.params["axis"], keepdims=True))),), fresh=True,
   float32=k32.softmax, doc="out * (grad - sum(grad * out)) along axis")
op("log_softmax", _log_softmax, lambda s, axis: s, prepare=_axis_prepare,
   sym=lambda S, x, axis: x - np.vectorize(S.log, otypes=[object])(
       np.sum(np.vectorize(S.exp, otypes=[object])(x), axis=axis, keepdims=True)),
   vjp=(lambda g, n, dy: g.subtract(
       dy, g.multiply(g.exp(n), g.reduce_sum(dy, axis=n.params["axis"], keepdims=True))),), fresh=True,
   float32=k32.log_softmax, doc="grad - softmax(x) * sum(grad) along axis")


# tf.nn.softmax_cross_entropy_with_logits (v2): one row, as TensorFlow's kernel, so that the
# gradient is the kernel's backprop (softmax - labels) even where labels do not sum to 1.
def _xent(labels, logits, axis):
    return np.sum(labels * -_log_softmax(logits, axis), axis=axis)


def _xent_prepare(labels, logits, axis=-1):
    if not logits:
        raise ShapeError("logits need a class axis (rank 1 or more)")
    if broadcast(labels, logits) != tuple(logits):
        raise ShapeError(f"labels of shape {fmt(labels)} do not match logits of shape {fmt(logits)}")
    return {"axis": norm_axis(int(axis), len(logits))}


def _sym_xent(S, labels, logits, axis):
    e = np.vectorize(S.exp, otypes=[object])(logits)
    log_total = np.vectorize(S.log, otypes=[object])(np.sum(e, axis=axis, keepdims=True))
    return np.sum(labels * (log_total - logits), axis=axis)


def _xent_grad(g, n, dy, i):
    labels, logits = n.inputs
    up = g.expand_dims(dy, axis=n.params["axis"])
    if i == 0:   # labels (v2): -log_softmax(logits)
        return g.multiply(up, g.negative(g.log_softmax(logits, axis=n.params["axis"])))
    # logits: the kernel's backprop, softmax - labels
    return g.multiply(up, g.apply("softmax_xent_backprop", labels, logits, axis=n.params["axis"]))


# The cross-entropy kernel's second output, d loss / d logits = exp(x - max) / its sum - labels
# (a division, where softmax multiplies by 1 / the sum). The labels get nothing through it
# (TensorFlow differentiates the backprop with respect to the logits only).
def _xent_backprop(labels, logits, axis):
    return _softmax(logits, axis) - labels


def _backprop_grad(g, n, dy, i):
    s = g.softmax(n.inputs[1], axis=n.params["axis"])
    return g.multiply(s, g.subtract(dy, g.reduce_sum(g.multiply(dy, s), axis=n.params["axis"], keepdims=True)))


op("softmax_xent_backprop", _xent_backprop, lambda labels, logits, axis: logits, prepare=_xent_prepare,
   sym=lambda S, labels, logits, axis: _sym_softmax(S, logits, axis) - labels, vjp=_backprop_grad, cut=(0,),
   fresh=True, float32=k32.softmax_xent_backprop, shown="softmax_cross_entropy_with_logits",
   doc="logits: softmax's rule (the labels get nothing)")
op("softmax_cross_entropy_with_logits", _xent, lambda labels, logits, axis: logits[:axis] + logits[axis + 1:],
   prepare=_xent_prepare, sym=_sym_xent, vjp=_xent_grad, fresh=True, float32=k32.softmax_cross_entropy,
   doc="logits: grad * (softmax(logits) - labels); labels: grad * -log_softmax(logits)")


def _one_hot(indices, depth):
    indices = np.asarray(indices)
    if not np.all(indices == np.round(indices)):
        raise ValueError("one_hot indices must be integers")
    return (indices[..., None] == np.arange(depth)).astype(np.float64)


op("one_hot", _one_hot, lambda s, depth: tuple(s) + (int(depth),))

