"""Shape ops and indexing: reshape, transpose, concat, stack, getitem and its scatter."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import SAME, ShapeError, broadcast, fmt, index_shape, norm_axes, norm_axis, op

# ---------------------------------------------------------------- shape ops


def _reshape_prepare(shape, shape_to):
    target = [int(d) for d in shape_to]
    size = int(np.prod(shape, dtype=np.int64))
    unknown = [i for i, d in enumerate(target) if d == -1]
    if len(unknown) > 1 or any(d < -1 for d in target):
        raise ShapeError(f"bad target shape {fmt(target)}")
    known = int(np.prod([d for d in target if d != -1], dtype=np.int64))
    if unknown:
        if known == 0 or size % known:
            raise ShapeError(f"cannot reshape {fmt(shape)} ({size} elements) into {fmt(target)}")
        target[unknown[0]] = size // known
    if int(np.prod(target, dtype=np.int64)) != size:
        raise ShapeError(f"cannot reshape {fmt(shape)} ({size} elements) into {fmt(target)}")
    return {"shape": tuple(target)}


# (an array's own method where np.reshape / np.transpose would call it through a Python wrapper)
op("reshape", lambda x, shape: x.reshape(shape) if type(x) is np.ndarray else np.reshape(x, shape),
   lambda s, shape: shape, sym=SAME,
   prepare=lambda s, shape: _reshape_prepare(s, shape),
   vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),), nonfinite_flows=True, rearranges=True,
   doc="grad reshaped back to x's shape")


def _transpose_prepare(shape, perm=None):
    rank = len(shape)
    perm = list(reversed(range(rank))) if perm is None else [int(p) for p in perm]
    if sorted(p % rank if rank else p for p in perm) != list(range(rank)) or any(not -rank <= p < rank for p in perm):
        raise ShapeError(f"perm {perm} is not a permutation of the {rank} axes of shape {fmt(shape)}")
    return {"perm": tuple(p % rank for p in perm)}


op("transpose", lambda x, perm: x.transpose(perm) if type(x) is np.ndarray else np.transpose(x, perm),
   lambda s, perm: tuple(s[p] for p in perm),
   prepare=_transpose_prepare, sym=SAME,
   vjp=(lambda g, n, dy: g.transpose(dy, perm=list(np.argsort(n.params["perm"]))),), nonfinite_flows=True, rearranges=True,
   doc="grad transposed by the inverse permutation")


def _expand_prepare(shape, axis):
    rank = len(shape) + 1
    return {"axis": norm_axis(int(axis), rank)}


op("expand_dims", lambda x, axis: np.expand_dims(x, axis),
   lambda s, axis: s[:axis] + (1,) + s[axis:], prepare=_expand_prepare, sym=SAME,
   vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),), nonfinite_flows=True, rearranges=True,
   doc="grad reshaped back to x's shape")


def _squeeze_prepare(shape, axis=None):
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        axes = norm_axes(shape, axis)["axes"]
        for a in axes:
            if shape[a] != 1:
                raise ShapeError(f"cannot squeeze axis {a} of size {shape[a]} in shape {fmt(shape)}")
    return {"axis": axes}


op("squeeze", lambda x, axis: np.squeeze(x, axis=axis),
   lambda s, axis: tuple(d for i, d in enumerate(s) if i not in axis), prepare=_squeeze_prepare,
   sym=SAME, vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),), nonfinite_flows=True, rearranges=True,
   doc="grad reshaped back to x's shape")


def _broadcast_to_shape(s, shape):
    shape = tuple(int(d) for d in shape)
    if broadcast(s, shape) != shape:
        raise ShapeError(f"cannot broadcast shape {fmt(s)} to {fmt(shape)}")
    return shape


op("broadcast_to", lambda x, shape: np.broadcast_to(x, shape), _broadcast_to_shape, sym=SAME,
   vjp=(lambda g, n, dy: dy,), nonfinite_flows=True, rearranges=True,
   doc="grad summed over the broadcast axes")


def _concat_prepare(*shapes, axis=0):
    if not shapes:
        raise ShapeError("needs at least one tensor")
    if not shapes[0]:
        raise ShapeError("cannot concatenate scalars (use stack)")
    axis = norm_axis(int(axis), len(shapes[0]))
    for s in shapes[1:]:
        if len(s) != len(shapes[0]) or any(a != b for i, (a, b) in enumerate(zip(s, shapes[0])) if i != axis):
            raise ShapeError(f"shapes {fmt(shapes[0])} and {fmt(s)} differ outside axis {axis}")
    return {"axis": axis}


def _concat_grad(g, n, dy, i):
    axis = n.params["axis"]
    start = sum(x.shape[axis] for x in n.inputs[:i])
    index = (slice(None),) * axis + (slice(start, start + n.inputs[i].shape[axis]),)
    return g.getitem(dy, index=index)


op("concat", lambda *xs, axis: np.concatenate(xs, axis=axis),
   lambda *s, axis: s[0][:axis] + (sum(x[axis] for x in s),) + s[0][axis + 1:],
   prepare=_concat_prepare, sym=SAME, vjp=_concat_grad, nonfinite_flows=True, fresh=True,
   doc="grad split back into each input's part")


def _stack_prepare(*shapes, axis=0):
    if not shapes:
        raise ShapeError("needs at least one tensor")
    for s in shapes[1:]:
        if s != shapes[0]:
            raise ShapeError(f"all tensors need one shape, got {fmt(shapes[0])} and {fmt(s)}")
    return {"axis": norm_axis(int(axis), len(shapes[0]) + 1)}


op("stack", lambda *xs, axis: np.stack(xs, axis=axis),
   lambda *s, axis: s[0][:axis] + (len(s),) + s[0][axis:], prepare=_stack_prepare, sym=SAME,
   vjp=lambda g, n, dy, i: g.getitem(dy, index=(slice(None),) * n.params["axis"] + (i,)), nonfinite_flows=True, fresh=True,
   doc="grad unstacked: each input gets its slice")


def _scatter(dy, index, shape):
    out = np.zeros(shape, dtype=np.result_type(dy, np.float64))
    out[index] = dy
    return out


def _sym_scatter(S, dy, index, shape):
    out = np.full(shape, S.Integer(0), dtype=object)
    out[index] = dy
    return out


op("getitem", lambda x, index: x[index], lambda s, index: index_shape(s, index), sym=SAME, shown="indexing",
   vjp=(lambda g, n, dy: g.scatter(dy, index=n.params["index"], shape=n.inputs[0].shape),))
op("scatter", _scatter, lambda s, index, shape: tuple(shape), sym=_sym_scatter, shown="indexing (gradient)",
   vjp=(lambda g, n, dy: g.getitem(dy, index=n.params["index"]),), fresh=True,
   nonfinite_flows=True)  # basic indexing: every element lands somewhere


# Indexing by a value known only when the program runs (e.g. x_train[step]):
# `pattern` holds static entries and None where the next dynamic index goes.
def _dynamic_index(pattern, shape, index_values):
    out, it = [], iter(index_values)
    for axis, entry in enumerate(pattern):
        if entry is not None:
            out.append(entry)
            continue
        value = float(np.asarray(next(it)))
        if value != int(value) if np.isfinite(value) else True:
            raise ValueError(f"index {value} is not an integer")
        size = shape[axis]
        if not -size <= int(value) < size:
            raise ValueError(f"index {int(value)} is out of range for axis {axis} of size {size}")
        out.append(int(value))
    return tuple(out)


def _static_pattern(pattern):
    return tuple(0 if e is None else e for e in pattern)


op("take", lambda x, *idx, pattern: x[_dynamic_index(pattern, x.shape, idx)],
   lambda s, *idx, pattern: index_shape(s, _static_pattern(pattern)), sym=SAME, shown="indexing",
   # one rule: the gradient reaches x only; the index inputs have none (as tf.gather's indices)
   vjp=(lambda g, n, dy: g.untake(dy, *n.inputs[1:], pattern=n.params["pattern"],
                                  shape=n.inputs[0].shape),))
op("untake", lambda dy, *idx, pattern, shape: _scatter(dy, _dynamic_index(pattern, shape, idx), shape),
   lambda s, *idx, pattern, shape: tuple(shape), shown="indexing (gradient)",
   vjp=(lambda g, n, dy: g.take(dy, *n.inputs[1:], pattern=n.params["pattern"]),), fresh=True)



# ---------------------------------------------------------------- tile, pad (issue 12)

def _tile_prepare(s, multiples):
    multiples = tuple(int(m) for m in multiples)
    if len(multiples) != len(s):
        raise ShapeError(f"multiples has {len(multiples)} entries for a tensor of rank {len(s)} (shape {fmt(s)})")
    if any(m < 0 for m in multiples):
        raise ShapeError(f"multiples {list(multiples)} has a negative entry")
    return {"multiples": multiples}


def _tile_grad(g, n, dy):
    # TF: reshape dy to [m0, d0, m1, d1, ...] and sum over the m axes
    shape = n.inputs[0].shape
    split = tuple(v for m, d in zip(n.params["multiples"], shape) for v in (m, d))
    summed = g.reduce_sum(g.reshape(dy, shape=split), axis=list(range(0, 2 * len(shape), 2)))
    return summed


op("tile", lambda x, multiples: np.tile(x, multiples), lambda s, multiples: tuple(d * m for d, m in zip(s, multiples)),
   prepare=_tile_prepare, sym=SAME, vjp=(_tile_grad,), nonfinite_flows=True, fresh=True,
   doc="grad summed over the copies")


def _pad_prepare(s, cs, paddings):
    pads = tuple((int(a), int(b)) for a, b in paddings)
    if len(pads) != len(s):
        raise ShapeError(f"paddings has {len(pads)} rows for a tensor of rank {len(s)} (shape {fmt(s)})")
    if any(a < 0 or b < 0 for a, b in pads):
        raise ShapeError(f"paddings {[list(p) for p in pads]} has a negative entry")
    if cs != ():
        raise ShapeError(f"constant_values must be a scalar, got shape {fmt(cs)}")
    return {"paddings": pads}


def _pad(x, c, paddings):
    if x.dtype == object:
        out = np.full(tuple(d + a + b for d, (a, b) in zip(x.shape, paddings)), c[()] if np.ndim(c) == 0 else c,
                      dtype=object)
    else:
        out = np.full(tuple(d + a + b for d, (a, b) in zip(x.shape, paddings)), float(c), dtype=np.float64)
    out[tuple(slice(a, a + d) for d, (a, _) in zip(x.shape, paddings))] = x
    return out


op("pad", _pad, lambda s, cs, paddings: tuple(d + a + b for d, (a, b) in zip(s, paddings)),
   prepare=_pad_prepare, sym=lambda S, x, c, paddings: _pad(np.asarray(x, dtype=object), np.asarray(c, dtype=object),
                                                            paddings),
   # TF: the gradient of x is slice(dy, before, x.shape); constant_values gets None
   vjp=(lambda g, n, dy: g.getitem(dy, index=tuple(slice(a, a + d) for d, (a, _) in
                                                   zip(n.inputs[0].shape, n.params["paddings"]))), None),
   fresh=True,
   doc="grad without the padding (the slice of the original)")
