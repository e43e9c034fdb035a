"""Segment reductions (TensorFlow's math_grad.py rules); segment ids get no gradient.

The number of segments is a static parameter (`num`): unsorted_segment_sum's
num_segments, or for the sorted ops max(id) + 1 read when the program is built
(checked again when it runs, as boolean_mask's size is)."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.indexing import int_indices
from autograd_cli.ops.table import ShapeError, fmt, op


def _segment_prepare(ds, ids, num, sorted=False):
    if not ids or tuple(ds[:len(ids)]) != tuple(ids):
        raise ShapeError(f"segment_ids of shape {fmt(ids)} must match the first dimensions of data {fmt(ds)}")
    if sorted and len(ids) != 1:
        raise ShapeError(f"segment_ids must be a vector, got shape {fmt(ids)}")
    if int(num) < 0:
        raise ShapeError(f"num_segments {num} is negative")
    return {"num": int(num), "sorted": bool(sorted)}


def _segment_shape(ds, ids, num, sorted):
    return (num,) + tuple(ds[len(ids):])


def segment_ids(ids, num, sorted):
    """The ids as int64, checked: TF's sorted ops need ascending ids >= 0 (and here
    max + 1 == num, the size fixed when built); unsorted ids < num (negatives dropped)."""
    idx = int_indices(ids, what="segment_ids")
    flat = idx.reshape(-1)
    if sorted:
        if flat.size and (flat.min() < 0 or np.any(np.diff(flat) < 0)):
            raise ValueError("segment_ids must be sorted and not negative")
        top = int(flat.max()) + 1 if flat.size else 0
        if top != num:
            raise ValueError(f"segment_ids make {top} segments here but made {num} when the program was built: "
                             "a shape that depends on data must not change between steps")
    elif flat.size and flat.max() >= num:
        raise ValueError(f"segment_ids has {int(flat.max())}, not in [0, {num}) (num_segments = {num})")
    return idx


def _segment_sum(data, ids, num, sorted):
    idx = segment_ids(ids, num, sorted)
    flat = data.reshape((-1,) + data.shape[idx.ndim:])
    keep = idx.reshape(-1) >= 0
    out = np.zeros((num,) + data.shape[idx.ndim:], dtype=object if data.dtype == object else np.float64)
    if out.dtype == object:
        out[...] = 0
    np.add.at(out, idx.reshape(-1)[keep], flat[keep])
    return out


def _segment_gather(dy, ids, num, sorted):
    """dy[ids], zeros where an id is negative (TF's _GatherDropNegatives)."""
    idx = segment_ids(ids, num, sorted)
    safe = np.maximum(idx, 0)
    out = dy[safe]
    mask = (idx >= 0).reshape(idx.shape + (1,) * (dy.ndim - 1))
    return np.where(mask, out, 0) if dy.dtype != object else np.where(mask, out, 0).astype(object)


def _gather_shape(ds, ids, num, sorted):
    return tuple(ids) + tuple(ds[1:])


def _gather_prepare(ds, ids, num, sorted=False):
    if not ds or ds[0] != num:
        raise ShapeError(f"needs a tensor of {num} rows, got shape {fmt(ds)}")
    return {"num": int(num), "sorted": bool(sorted)}


def _params(n):
    return {"num": n.params["num"], "sorted": n.params["sorted"]}


op("segment_sum", _segment_sum, _segment_shape, prepare=_segment_prepare,
   sym=lambda S, d, i, num, sorted: _segment_sum(np.asarray(d, dtype=object), i, num, sorted),
   vjp=(lambda g, n, dy: g.segment_gather(dy, n.inputs[1], **_params(n)), None), fresh=True,
   doc="each element gets its segment's grad; segment_ids: None")
op("segment_gather", _segment_gather, _gather_shape, prepare=_gather_prepare, shown="segment (gradient)",
   sym=lambda S, d, i, num, sorted: _segment_gather(np.asarray(d, dtype=object), i, num, sorted),
   vjp=(lambda g, n, dy: g.segment_sum(dy, n.inputs[1], **_params(n)), None), fresh=True)


def _segment_max(data, ids, num, sorted):
    idx = segment_ids(ids, num, sorted).reshape(-1)
    flat = data.reshape((-1,) + data.shape[1:])
    out = np.full((num,) + data.shape[1:], -np.inf)
    np.maximum.at(out, idx, flat)
    return np.where(np.isneginf(out) & (np.bincount(idx, minlength=num) == 0).reshape((num,) + (1,) * (data.ndim - 1)),
                    0.0, out)


def _sym_segment_max(S, data, ids, num, sorted):
    idx = segment_ids(ids, num, sorted).reshape(-1)
    data = np.asarray(data, dtype=object)
    out = np.empty((num,) + data.shape[1:], dtype=object)
    for s in range(num):
        rows = [k for k in range(len(idx)) if idx[k] == s]
        for e in np.ndindex(data.shape[1:]):
            out[(s,) + e] = S.Max(*[data[(k,) + e] for k in rows]) if rows else S.Integer(0)
    return out


def _segment_max_grad(g, n, dy):
    # TF's _SegmentMinOrMaxGrad: ties share the gradient evenly
    x, ids = n.inputs
    params = _params(n)
    chosen = g.equal(x, g.segment_gather(n, ids, **params))
    counts = g.segment_sum(g.to_float(chosen), ids, **params)
    share = g.divide(dy, g.maximum(counts, g.const(1.0)))   # (empty segments are never gathered)
    return g.where(chosen, g.segment_gather(share, ids, **params), g.const(0.0))


op("segment_max", _segment_max, _segment_shape, prepare=_segment_prepare, sym=_sym_segment_max,
   vjp=(_segment_max_grad, None), fresh=True,
   doc="grad shared by the elements equal to their segment's max; segment_ids: None")
