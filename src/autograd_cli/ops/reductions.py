"""Reductions, argmax and cumulative sums and products."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import float32_kernels as k32
from autograd_cli.ops.table import SAME, ShapeError, kept_shape, norm_axes, norm_axis, op, reduce_grad, reduced_shape

# ---------------------------------------------------------------- reductions


def reduction(name, fn, vjp, sym, forward=None, **facts):
    """`forward(x, axes, keepdims)`: the forward where it is not `fn(x, axis=, keepdims=)` called so."""
    op(name, forward or (lambda x, axes, keepdims: fn(x, axis=axes, keepdims=keepdims)),
       lambda s, axes, keepdims: reduced_shape(s, axes, keepdims),
       prepare=norm_axes, vjp=(vjp,) if vjp else None, sym=sym, fresh=True, **facts)


# np.sum and np.mean of a float array without their Python wrappers (a training step's small
# reductions spent more time in those than summing): the same ufunc calls, so the same bits.
# A snippet's float32 values reduce with the rows' `float32` kernels instead (TensorFlow's
# order of additions, float32_kernels.py), eagerly and in graphs alike.

def _sum(x, axes, keepdims):
    if type(x) is np.ndarray:
        return _add_reduce(x, axes, None, None, keepdims)     # what np.sum calls (positional: a faster call)
    return np.sum(x, axis=axes, keepdims=keepdims)


def _mean(x, axes, keepdims):
    shape = x.shape
    count = 1
    for a in axes:
        count *= shape[a]
    if count == 0:
        raise ValueError("cannot reduce an empty axis")
    kind = x.dtype if type(x) is np.ndarray else None
    if kind is not _F64 and kind is not _F32:
        return np.mean(x, axis=axes, keepdims=keepdims)
    total = _add_reduce(x, axes, None, None, keepdims)
    if type(total) is not np.ndarray:
        # (NumPy's mean divides by an intp: a float32 sum divides in float64, then rounds. The
        # same division of Python floats, the sum exact in a double: the same bits, 5x faster)
        return kind.type(float(total) / count)
    divisor = _DIVISORS.get(count)
    if divisor is None:
        divisor = np.intp(count)
        if len(_DIVISORS) < 256:    # (an np.intp made per call costs more than a small mean's division)
            _DIVISORS[count] = divisor
    return np.true_divide(total, divisor, out=total, casting="unsafe")


_F64, _F32 = np.dtype(np.float64), np.dtype(np.float32)
_add_reduce = np.add.reduce
_DIVISORS: dict = {}      # element count -> it as an np.intp (a mean's divisor)


def _nonempty(fn):
    def guarded(x, axis, keepdims):
        if any(x.shape[a] == 0 for a in axis):
            raise ValueError("cannot reduce an empty axis")
        return fn(x, axis=axis, keepdims=keepdims)
    return guarded


def _max_grad(g, n, dy):
    x, axes = n.inputs[0], n.params["axes"]
    kept = kept_shape(x.shape, axes)
    hits = g.to_float(g.equal(x, g.reshape(n, shape=kept)))
    share = g.divide(hits, g.reduce_sum(hits, axis=list(axes), keepdims=True))  # ties split evenly
    return g.multiply(share, g.reshape(dy, shape=kept))


def _prod_grad(g, n, dy):
    # TensorFlow's rule: products of everything to the left and to the right (exact at zeros)
    x, axes = n.inputs[0], n.params["axes"]
    others = [i for i in range(len(x.shape)) if i not in axes]
    perm = list(axes) + others
    rows = int(np.prod([x.shape[i] for i in axes], dtype=np.int64))
    flat = g.reshape(g.transpose(x, perm=perm), shape=(rows, -1))
    left = g.cumprod(flat, axis=0, exclusive=True, reverse=False)
    right = g.cumprod(flat, axis=0, exclusive=True, reverse=True)
    permuted = tuple(x.shape[i] for i in perm)
    others_product = g.transpose(g.reshape(g.multiply(left, right), shape=permuted),
                                 perm=list(np.argsort(perm)))
    return g.multiply(others_product, reduce_grad(g, x, dy, axes))


def logsumexp(x, axis, keepdims):
    top = np.max(x, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    out = np.log(np.sum(np.exp(x - top), axis=axis, keepdims=True)) + top
    return out if keepdims else np.squeeze(out, axis=axis)


def _np_reduce(fn):
    return lambda S, x, axes, keepdims: fn(x, axis=axes, keepdims=keepdims)


def _sym_extreme(kind):
    def form(S, x, axes, keepdims):
        fn = S.Max if kind == "max" else S.Min
        out = np.apply_over_axes(lambda a, ax: np.expand_dims(
            np.apply_along_axis(lambda v: fn(*v), ax, a), ax), x, axes) if axes else x
        return out if keepdims else np.squeeze(out, axis=axes)
    return form


reduction("reduce_sum", None, lambda g, n, dy: reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
          _np_reduce(np.sum), forward=_sum, nonfinite_flows=True, float32=k32.reduce_sum,
   doc="grad broadcast back over the reduced axes")
reduction("reduce_mean", None,
          lambda g, n, dy: g.divide(reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
                                    g.const(float(np.prod([n.inputs[0].shape[a] for a in n.params["axes"]])))),
          _np_reduce(np.mean), forward=_mean, nonfinite_flows=True, float32=k32.reduce_mean,
   doc="grad / n broadcast back over the reduced axes (n elements reduced)")
reduction("reduce_max", _nonempty(np.max), _max_grad, _sym_extreme("max"),
   doc="grad shared equally by the elements equal to the max (ties split it), 0 elsewhere")
reduction("reduce_min", _nonempty(np.min), _max_grad, _sym_extreme("min"),
   doc="grad shared equally by the elements equal to the min (ties split it), 0 elsewhere")
reduction("reduce_prod", np.prod, _prod_grad, _np_reduce(np.prod), nonfinite_flows=True,
   doc="grad * the product of the other elements (exact with zeros, as TensorFlow)")
reduction("reduce_logsumexp", _nonempty(logsumexp),
          lambda g, n, dy: g.multiply(
              reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
              g.exp(g.subtract(n.inputs[0], g.reshape(n, shape=kept_shape(n.inputs[0].shape, n.params["axes"]))))),
          lambda S, x, axes, keepdims: np.vectorize(S.log, otypes=[object])(
              np.sum(np.vectorize(S.exp, otypes=[object])(x), axis=axes, keepdims=keepdims)),
          float32=k32.reduce_logsumexp, doc="grad * softmax(x) over the reduced axes")


reduction("reduce_any", np.any, None, None, dtype="bool")   # no gradient (boolean)
reduction("reduce_all", np.all, None, None, dtype="bool")


def _euclidean_norm_grad(g, n, dy):
    # TensorFlow's _EuclideanNormGrad: x / (out / dy), out and dy with the kept dims (0/0 = NaN at 0)
    x, axes = n.inputs[0], n.params["axes"]
    kept = kept_shape(x.shape, axes)
    return g.divide(x, g.divide(g.reshape(n, shape=kept), g.reshape(dy, shape=kept)))


reduction("reduce_euclidean_norm", lambda x, axis, keepdims: np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims)),
          _euclidean_norm_grad,
          lambda S, x, axes, keepdims: np.vectorize(S.sqrt, otypes=[object])(
              np.sum(x * x, axis=axes, keepdims=keepdims)),
   doc="grad * x / out (NaN at the zero vector, as TensorFlow)")


def _argmax_prepare(shape, axis=0):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    return {"axis": norm_axis(int(axis), len(shape))}


op("argmax", lambda x, axis: np.argmax(x, axis=axis).astype(np.float64),
   lambda s, axis: s[:axis] + s[axis + 1:], prepare=_argmax_prepare)
op("argmin", lambda x, axis: np.argmin(x, axis=axis).astype(np.float64),   # first index of a tie
   lambda s, axis: s[:axis] + s[axis + 1:], prepare=_argmax_prepare)


# top_k: the indices of the k largest along the last axis (equal values: the lower index
# first), and the values picked by them; the gradient goes to the picked positions only.
def _top_k_prepare(shape, k):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    if not 0 <= int(k) <= shape[-1]:
        raise ShapeError(f"k = {int(k)} is out of range for a last axis of size {shape[-1]}")
    return {"k": int(k)}


def _top_k_indices(x, k):
    order = np.argsort(-x, axis=-1, kind="stable")
    return order[..., :k].astype(np.float64)


def _along(idx):
    return np.asarray(idx).astype(np.int64)


op("top_k_indices", _top_k_indices, lambda s, k: s[:-1] + (k,), prepare=_top_k_prepare, fresh=True, shown="top_k")
op("take_along_last", lambda x, idx: np.take_along_axis(x, _along(idx), axis=-1), lambda s, i: i,
   vjp=(lambda g, n, dy: g.put_along_last(dy, n.inputs[1], size=n.inputs[0].shape[-1]),),
   sym=lambda S, x, idx: np.take_along_axis(x, _along(idx), axis=-1), fresh=True, shown="top_k")


def _put_along_last(dy, idx, size):
    out = np.zeros(dy.shape[:-1] + (size,), dtype=np.float64)
    np.put_along_axis(out, _along(idx), dy, axis=-1)
    return out


def _sym_put_along_last(S, dy, idx, size):
    out = np.full(dy.shape[:-1] + (size,), S.Integer(0), dtype=object)
    np.put_along_axis(out, _along(idx), dy, axis=-1)
    return out


op("put_along_last", _put_along_last, lambda s, i, size: s[:-1] + (size,),
   vjp=(lambda g, n, dy: g.take_along_last(dy, n.inputs[1]),), sym=_sym_put_along_last, fresh=True,
   shown="top_k (gradient)")


def _cumulative(fn, identity):
    def forward(x, axis, exclusive, reverse):
        if reverse:
            x = np.flip(x, axis)
        out = fn(x, axis=axis)
        if exclusive:
            pad = np.full_like(np.take(out, [0], axis=axis), identity)
            out = np.concatenate([pad, np.delete(out, -1, axis=axis)], axis=axis)
        return np.flip(out, axis) if reverse else out
    return forward


op("cumsum", _cumulative(np.cumsum, 0), lambda s, **_: s, sym=SAME,
   vjp=(lambda g, n, dy: g.cumsum(dy, axis=n.params["axis"], exclusive=n.params["exclusive"],
                                  reverse=not n.params["reverse"]),), fresh=True,
   doc="the reverse cumulative sum of grad")   # (not nonfinite_flows: an exclusive sum drops an element)
op("cumprod", _cumulative(np.cumprod, 1), lambda s, **_: s, sym=SAME,
   # TensorFlow's _CumprodGrad divides with div_no_nan (0 where x is 0: Hessians of reduce_prod at zeros)
   vjp=(lambda g, n, dy: g.div_no_nan(
       g.cumsum(g.multiply(n, dy), axis=n.params["axis"], exclusive=n.params["exclusive"],
                reverse=not n.params["reverse"]), n.inputs[0]),), fresh=True,
   doc="reverse cumsum of out * grad, divided by x (0 where x is 0)")

