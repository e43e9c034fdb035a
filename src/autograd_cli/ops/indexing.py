"""Indexing by integer tensors: gather, gather_nd, scatter_nd, boolean_mask (TensorFlow's
array_grad.py rules). Index inputs are graph inputs with no gradient (TF: None); their
values are checked when the op runs (the builder checks them before, when it can).
"""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import ShapeError, fmt, norm_axis, op


def int_indices(values, size=None, wrap=False, what="indices"):
    """Float (or SymPy object) index values as an int64 array, each checked against
    `size`: TensorFlow refuses negatives; `wrap` reads them as NumPy does (x[[-1]])."""
    arr = np.asarray(values)
    if arr.dtype == object:
        arr = arr.astype(np.float64)
    if arr.dtype == np.bool_:
        arr = arr.astype(np.float64)
    flat = arr.reshape(-1)
    if flat.size and not np.all(np.isfinite(flat) & (flat == np.round(flat))):
        bad = flat[~(np.isfinite(flat) & (flat == np.round(flat)))][0]
        raise ValueError(f"{what} must be integers, got {bad:g}")
    out = arr.astype(np.int64)
    if size is not None and out.size:
        low = -size if wrap else 0
        bad = (out < low) | (out >= size)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            shown = "[" + ", ".join(map(str, where)) + "]" if where else ""
            span = f"[{-size}, {size})" if wrap else f"[0, {size})"
            raise ValueError(f"{what}{shown} = {int(out[where] if where else out)} is not in {span}")
        if wrap:
            out = out % size if size else out
    return out


# ---------------------------------------------------------------- gather

def _gather_prepare(ps, ids, axis=0, batch_dims=0, wrap=False):
    rank = len(ps)
    batch_dims = int(batch_dims)
    if batch_dims < 0:
        batch_dims += len(ids)
    if not 0 <= batch_dims <= len(ids):
        raise ShapeError(f"batch_dims {batch_dims} is out of range for indices of shape {fmt(ids)}")
    if rank == 0:
        raise ShapeError("params must have at least one dimension (got a scalar)")
    axis = norm_axis(int(axis), rank)
    if axis < batch_dims:
        raise ShapeError(f"axis {axis} must not be less than batch_dims {batch_dims}")
    if tuple(ps[:batch_dims]) != tuple(ids[:batch_dims]):
        raise ShapeError(f"the first {batch_dims} dimensions of params {fmt(ps)} and indices {fmt(ids)} differ")
    return {"axis": axis, "batch_dims": batch_dims, "wrap": bool(wrap)}


def _gather_shape(ps, ids, axis, batch_dims, wrap):
    return tuple(ps[:axis]) + tuple(ids[batch_dims:]) + tuple(ps[axis + 1:])


def _gather(p, i, axis, batch_dims, wrap):
    idx = int_indices(i, p.shape[axis], wrap)
    if batch_dims == 0:
        return np.take(p, idx, axis=axis)
    out = np.empty(_gather_shape(p.shape, idx.shape, axis, batch_dims, wrap), dtype=p.dtype)
    for b in np.ndindex(p.shape[:batch_dims]):
        out[b] = np.take(p[b], idx[b], axis=axis - batch_dims)
    return out


def _gather_add(dy, i, axis, batch_dims, wrap, shape):
    """The gradient of gather: dy added into zeros(shape) at the gathered places
    (duplicates accumulate, as TF's unsorted_segment_sum)."""
    idx = int_indices(i, shape[axis], wrap)
    out = np.zeros(shape, dtype=np.result_type(dy, np.float64))
    if batch_dims == 0:
        _add_along(out, idx, dy, axis)
    else:
        for b in np.ndindex(tuple(shape[:batch_dims])):
            _add_along(out[b], idx[b], dy[b], axis - batch_dims)
    return out


def _add_along(out, idx, dy, axis):
    moved = np.moveaxis(out, axis, 0)                    # a view: writes land in out
    upd = np.moveaxis(dy, tuple(range(axis, axis + idx.ndim)), tuple(range(idx.ndim)))
    np.add.at(moved, idx, upd)


def _sym_gather_add(S, dy, i, axis, batch_dims, wrap, shape):
    out = np.full(shape, S.Integer(0), dtype=object)
    idx = int_indices(i, shape[axis], wrap)
    if batch_dims:
        for b in np.ndindex(tuple(shape[:batch_dims])):
            _add_along(out[b], idx[b], dy[b], axis - batch_dims)
    else:
        _add_along(out, idx, dy, axis)
    return out


def _gather_params(n):
    return {k: n.params[k] for k in ("axis", "batch_dims", "wrap")}


op("gather", _gather, _gather_shape, prepare=_gather_prepare,
   sym=lambda S, p, i, **kw: _gather(p, i, **kw),
   vjp=(lambda g, n, dy: g.gather_add(dy, n.inputs[1], shape=n.inputs[0].shape, **_gather_params(n)), None),
   fresh=True,
   doc="grad added into the gathered positions (repeated indices add up); indices: None")
op("gather_add", _gather_add,
   lambda dy, ids, axis, batch_dims, wrap, shape: tuple(shape), sym=_sym_gather_add, shown="gather (gradient)",
   vjp=(lambda g, n, dy: g.gather(dy, n.inputs[1], **_gather_params(n)), None), fresh=True)


# ---------------------------------------------------------------- gather_nd / scatter_nd

def _nd_depth(ids, what):
    if not ids:
        raise ShapeError(f"{what} must have at least one dimension (the last one indexes)")
    return ids[-1]


def _gather_nd_shape(ps, ids):
    k = _nd_depth(ids, "indices")
    if k > len(ps):
        raise ShapeError(f"indices of shape {fmt(ids)} index {k} dimensions of params of shape {fmt(ps)}")
    return tuple(ids[:-1]) + tuple(ps[k:])


def _nd_index(idx, shape):
    k = idx.shape[-1]
    flat = idx.reshape(-1, k)
    for j in range(k):
        col = flat[:, j]
        bad = (col < 0) | (col >= shape[j])
        if bad.any():
            row = int(np.argmax(bad))
            raise ValueError(f"indices[{row}] = {flat[row].tolist()} does not index into shape {fmt(shape)}")
    return tuple(idx[..., j] for j in range(k))


def _gather_nd(p, i):
    idx = int_indices(i)
    return p[_nd_index(idx, p.shape)] if idx.shape[-1] else np.broadcast_to(p, idx.shape[:-1] + p.shape).copy()


def _scatter_nd(i, updates, shape):
    idx = int_indices(i)
    out = np.zeros(shape, dtype=np.result_type(updates, np.float64) if updates.dtype != object else object)
    if out.dtype == object:
        out[...] = 0
    if idx.shape[-1] == 0:
        out += np.sum(updates.reshape((-1,) + tuple(shape)), axis=0)
        return out
    np.add.at(out, _nd_index(idx, tuple(shape)), updates)
    return out


def _scatter_nd_shape(ids, us, shape):
    k = _nd_depth(ids, "indices")
    if k > len(shape):
        raise ShapeError(f"indices of shape {fmt(ids)} index {k} dimensions of shape {fmt(shape)}")
    want = tuple(ids[:-1]) + tuple(shape[k:])
    if tuple(us) != want:
        raise ShapeError(f"updates must have shape {fmt(want)} (indices {fmt(ids)}, shape {fmt(shape)}), "
                         f"got {fmt(us)}")
    return tuple(shape)


def _sym_scatter_nd(S, i, updates, shape):
    out = _scatter_nd(i, np.asarray(updates, dtype=object), shape)
    return out


op("gather_nd", _gather_nd, _gather_nd_shape, sym=lambda S, p, i: _gather_nd(np.asarray(p, dtype=object), i),
   vjp=(lambda g, n, dy: g.scatter_nd(n.inputs[1], dy, shape=n.inputs[0].shape), None), fresh=True,
   doc="grad scattered back to the gathered positions (added up); indices: None")
op("scatter_nd", _scatter_nd, _scatter_nd_shape, sym=_sym_scatter_nd,
   vjp=(None, lambda g, n, dy: g.gather_nd(dy, n.inputs[0])), fresh=True,
   doc="updates: grad gathered at the indices; indices: None")


# ---------------------------------------------------------------- boolean_mask

def _mask_prepare(ts, ms, axis=0, count=0):
    axis = int(axis)
    if axis < 0:
        axis += len(ts)
    k = len(ms)
    if k == 0:
        raise ShapeError("mask must have at least one dimension")
    if not 0 <= axis <= len(ts) - k or tuple(ts[axis:axis + k]) != tuple(ms):
        raise ShapeError(f"mask of shape {fmt(ms)} does not match tensor of shape {fmt(ts)} at axis {axis}")
    return {"axis": axis, "count": int(count)}


def _mask_shape(ts, ms, axis, count):
    return tuple(ts[:axis]) + (count,) + tuple(ts[axis + len(ms):])


def _mask_positions(mask, count):
    where = np.flatnonzero(np.asarray(mask).reshape(-1) != 0)
    if where.size != count:
        raise ValueError(f"the mask selects {where.size} elements here but selected {count} when the program "
                         "was built: a shape that depends on data must not change between steps")
    return where


def _boolean_mask(t, m, axis, count):
    flat = t.reshape(t.shape[:axis] + (-1,) + t.shape[axis + m.ndim:])
    return np.take(flat, _mask_positions(m, count), axis=axis)


def _boolean_unmask(dy, m, axis, shape):
    where = _mask_positions(m, dy.shape[axis])
    flat_shape = tuple(shape[:axis]) + (int(np.prod(m.shape)),) + tuple(shape[axis + m.ndim:])
    out = np.zeros(flat_shape, dtype=np.result_type(dy, np.float64) if dy.dtype != object else object)
    if out.dtype == object:
        out[...] = 0
    moved = np.moveaxis(out, axis, 0)
    moved[where] = np.moveaxis(dy, axis, 0)
    return out.reshape(shape)


op("boolean_mask", _boolean_mask, _mask_shape, prepare=_mask_prepare,
   sym=lambda S, t, m, axis, count: _boolean_mask(t, np.asarray(m, dtype=np.float64), axis, count),
   vjp=(lambda g, n, dy: g.boolean_unmask(dy, n.inputs[1], axis=n.params["axis"], shape=n.inputs[0].shape),
        None), fresh=True,
   doc="grad put back at the kept positions, 0 elsewhere; mask: None")
op("boolean_unmask", _boolean_unmask, lambda ds, ms, axis, shape: tuple(shape), shown="boolean_mask (gradient)",
   sym=lambda S, dy, m, axis, shape: _boolean_unmask(np.asarray(dy, dtype=object),
                                                     np.asarray(m, dtype=np.float64), axis, shape),
   vjp=(lambda g, n, dy: g.boolean_mask(dy, n.inputs[1], axis=n.params["axis"],
                                        count=n.inputs[0].shape[n.params["axis"]]), None), fresh=True)
