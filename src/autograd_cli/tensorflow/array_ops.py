"""Creation, shapes and indexing: constant, zeros, reshape, concat, slicing, where, ..."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow.core import (HOOKS, Operation, Tensor, _add_op, _const_value, constant_tensor,
                                          convert_to_tensor, ctx, is_tensor_like, make_op, to_array, user_pos)
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.indexed_slices import IndexedSlices
from autograd_cli.tensorflow.shape import dimension_value
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.engine_values import engine_array
from autograd_cli.tensorflow.math_ops import builtin_op, row_eager


def static_value(value, what="value"):
    """A value needed when the op is made (a shape, an axis): Python, NumPy, an eager
    tensor or a constant graph tensor."""
    if hasattr(value, "_as_tensor") and not isinstance(value, Tensor):
        value = value._as_tensor()
    if isinstance(value, Tensor):
        if value._value is not None:
            return value._value
        const = _const_value(value)
        if const is not None:
            return const
        return None
    if isinstance(value, (list, tuple)):
        parts = [static_value(v, what) for v in value]
        if any(p is None for p in parts):
            return None
        return np.asarray(parts)
    return np.asarray(value)


def int_list(value, what="shape"):
    if hasattr(value, "as_list"):
        value = value.as_list()
    found = static_value(value, what)
    if found is None:
        return None
    return [int(v) for v in np.atleast_1d(found).ravel()]


# ---------------------------------------------------------------- creation

@tf_export("constant", "compat.v1.constant", builtin="constant")
def constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    dtype = None if dtype is None else as_dtype(dtype)
    if isinstance(value, Tensor):
        value = value._need_value("a constant")
    array, kind = to_array(value, dtype)
    if shape is not None:
        if isinstance(shape, (list, tuple)):        # (TensorFlow reads it as a TensorShape: its TypeError)
            for d in shape:
                dimension_value(d)
        dims = int_list(shape)
        if array.size == 1:
            array = np.full(dims, array.reshape(()), dtype=array.dtype)
        else:
            array = array.reshape(dims)
    return constant_tensor(array, kind, name if name != "Const" else None)


def _filled(shape, fill, dtype, name, op_name):
    dtype = as_dtype(dtype)
    if op_name != "Fill" and _holds_floats(shape):    # TensorFlow converts the shape to int32 first
        if ctx.eager:
            raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")
        if not isinstance(shape, (list, tuple)):      # (a graph takes a list of floats, not one)
            raise TypeError(f"Expected int32, but got {shape!r} of type '{type(shape).__name__}'.")
    dims = int_list(shape)
    if dims is None:         # a shape known only when fed: a fill of the shape tensor
        shape_t = convert_to_tensor(shape)

        def lower(L, s):
            return L.g.const(np.full(tuple(L.integers(s)), engine_array(fill)))
        return make_op("Fill", Recipe("fn", lower), [shape_t], [dtype], name or op_name)[0]
    if isinstance(shape, (int, np.integer)):
        dims = [int(shape)]
    return constant_tensor(np.full(dims, fill, dtype=dtype.np), dtype, name, op_name=op_name)


def _holds_floats(shape) -> bool:
    items = shape if isinstance(shape, (list, tuple)) else [shape]
    return any(isinstance(d, (float, np.floating)) for d in items)


@tf_export("zeros", builtin="zeros")
def zeros(shape, dtype=dtypes.float32, name=None):
    return _filled(shape, b"" if as_dtype(dtype) is dtypes.string else 0, dtype, name, "zeros")


@tf_export("ones", builtin="ones")
def ones(shape, dtype=dtypes.float32, name=None):
    return _filled(shape, 1, dtype, name, "ones")


@tf_export("fill", builtin="fill")
def fill(dims, value, name=None):
    value = convert_to_tensor(value)
    return _filled(dims, value.numpy() if value._value is not None else _const_value(value), value.dtype, name,
                   "Fill")


@tf_export("zeros_like", builtin="zeros_like")
def zeros_like(input, dtype=None, name=None, optimize=True):   # noqa: A002
    x = convert_to_tensor(input)
    kind = as_dtype(dtype) if dtype is not None else x.dtype
    return make_op("ZerosLike", Recipe("fn", lambda L, n: L.g.zeros(n.shape)), [x], [kind], name or "zeros_like",
                   eager_fn=lambda a: np.full(a.shape, b"" if kind is dtypes.string else 0, dtype=kind.np))[0]


@tf_export("ones_like", builtin="ones_like")
def ones_like(input, dtype=None, name=None, optimize=True):   # noqa: A002
    x = convert_to_tensor(input)
    kind = as_dtype(dtype) if dtype is not None else x.dtype
    return make_op("OnesLike", Recipe("fn", lambda L, n: L.g.const(np.ones(n.shape))), [x], [kind], name or "ones_like",
                   eager_fn=lambda a: np.ones(a.shape, dtype=kind.np))[0]


@tf_export("eye", "linalg.eye", builtin="eye")
def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    dtype = as_dtype(dtype)
    return constant_tensor(np.eye(int(num_rows), None if num_columns is None else int(num_columns), dtype=dtype.np),
                           dtype, name, op_name="eye")


@tf_export("range")
def range_(start, limit=None, delta=1, dtype=None, name="range"):
    if limit is None:
        start, limit = 0, start
    values = [static_value(v) for v in (start, limit, delta)]
    kinds = [np.asarray(v).dtype.kind for v in values]
    if dtype is None:
        dtype = dtypes.float32 if "f" in kinds else dtypes.int32
    dtype = as_dtype(dtype)
    return constant_tensor(np.arange(*[v.item() for v in values]).astype(dtype.np), dtype, None, op_name="range")


@tf_export("linspace", "lin_space", builtin="linspace")
def linspace(start, stop, num, name=None, axis=0):
    start_v, stop_v = static_value(start), static_value(stop)
    kind = convert_to_tensor(start).dtype if is_tensor_like(start) else dtypes.float32
    return constant_tensor(np.linspace(start_v, stop_v, int(static_value(num))).astype(kind.np), kind, name,
                           op_name="LinSpace")


@tf_export("one_hot", builtin="one_hot")
def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    indices = convert_to_tensor(indices)
    kind = as_dtype(dtype) if dtype is not None else dtypes.float32
    params = {"depth": int(static_value(depth))}
    on = 1.0 if on_value is None else float(static_value(on_value))
    off = 0.0 if off_value is None else float(static_value(off_value))

    def lower(L, i, depth):
        hot = L.apply("one_hot", i, depth=depth)
        if (on, off) != (1.0, 0.0):
            hot = L.apply("add", L.apply("multiply", hot, L.g.const(on - off)), L.g.const(off))
        return hot

    def eager(i):
        out = np.full(i.shape + (params["depth"],), off, dtype=kind.np)
        ii = i.astype(np.int64)
        valid = (ii >= 0) & (ii < params["depth"])
        idx = np.nonzero(valid)
        out[idx + (ii[valid],)] = on
        return out
    return make_op("OneHot", Recipe("fn", lower, params), [indices], [kind], name or "one_hot", eager_fn=eager)[0]


@tf_export("identity", builtin="identity")
def identity(input, name=None):   # noqa: A002
    if isinstance(input, IndexedSlices):       # each of its tensors
        return IndexedSlices(identity(input.values, name), identity(input.indices, name),
                             None if input.dense_shape is None else identity(input.dense_shape, name))
    x = convert_to_tensor(input)
    return make_op("Identity", Recipe("row", "identity"), [x], [x.dtype], name, eager_fn=lambda a: a)[0]


@tf_export("stop_gradient", builtin="stop_gradient")
def stop_gradient(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    return make_op("StopGradient", Recipe("row", "stop_gradient"), [x], [x.dtype], name, eager_fn=lambda a: a)[0]


# ---------------------------------------------------------------- shapes

@tf_export("shape", builtin="shape")
def shape(input, out_type=dtypes.int32, name=None):   # noqa: A002
    if hasattr(input, "_feed_parts"):      # a SparseTensor: its dense shape, as TensorFlow's tf.shape
        from autograd_cli.tensorflow.math_ops import cast

        return cast(input.dense_shape, out_type, name=name)
    x = convert_to_tensor(input)
    kind = as_dtype(out_type)
    if ctx.eager:
        return constant_tensor(np.array(x._shape, dtype=kind.np), kind)
    if x._shape is not None and all(d is not None for d in x._shape):
        return constant_tensor(np.array(x._shape, dtype=kind.np), kind, name, op_name="Shape")
    return make_op("Shape", Recipe("fn", lambda L, n: L.g.const(np.array(n.shape, dtype=np.float64))), [x], [kind],
                   name)[0]


@tf_export("size", builtin="size")
def size(input, out_type=dtypes.int32, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    kind = as_dtype(out_type)
    if x._shape is not None and all(d is not None for d in x._shape):
        return constant_tensor(np.array(int(np.prod(x._shape)), dtype=kind.np), kind, name, op_name="Size")
    return make_op("Size", Recipe("fn", lambda L, n: L.g.const(float(np.prod(n.shape)))), [x], [kind], name)[0]


@tf_export("rank", builtin="rank")
def rank(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    return constant_tensor(np.array(len(x._shape), dtype=np.int32), dtypes.int32, name, op_name="Rank")


@tf_export("reshape", builtin="reshape")
def reshape(tensor, shape, name=None):
    x = convert_to_tensor(tensor)
    dims = int_list(shape)
    if dims is None:
        shape_t = convert_to_tensor(shape)
        return make_op("Reshape", Recipe("fn", lambda L, n, s: L.apply("reshape", n, shape=L.integers(s))),
                       [x, shape_t], [x.dtype], name)[0]
    if ctx.eager:
        kernel.reshape(int(np.prod(x._shape)), dims)
    params = {"shape": dims}
    return make_op("Reshape", Recipe("row", "reshape", params), [x], [x.dtype], name,
                   eager_fn=row_eager("reshape", params, "Reshape", _reshape_message(dims)))[0]


def _reshape_message(dims):
    """TensorFlow's words for a reshape that does not fit."""
    def message(array):
        known = int(np.prod([d for d in dims if d != -1]))
        if -1 in dims:
            return (f"Input to reshape is a tensor with {array.size} values, but the requested shape requires a "
                    f"multiple of {known}")
        return f"Input to reshape is a tensor with {array.size} values, but the requested shape has {known}"
    return message


@tf_export("transpose", "linalg.transpose", builtin="transpose")
def transpose(a, perm=None, name="transpose", conjugate=False):
    x = convert_to_tensor(a)
    params = {"perm": None if perm is None else int_list(perm)}
    if ctx.eager:
        kernel.transpose(len(x._shape), params["perm"])
    return make_op("Transpose", Recipe("row", "transpose", params), [x], [x.dtype], name,
                   eager_fn=row_eager("transpose", params, "Transpose"))[0]


@tf_export("expand_dims", builtin="expand_dims")
def expand_dims(input, axis=None, name=None, dim=None):   # noqa: A002
    x = convert_to_tensor(input)
    params = {"axis": int(static_value(axis if axis is not None else dim))}
    if ctx.eager:
        kernel.expand_dims(len(x._shape), params["axis"])
    return make_op("ExpandDims", Recipe("row", "expand_dims", params), [x], [x.dtype], name,
                   eager_fn=row_eager("expand_dims", params, "ExpandDims"))[0]


@tf_export("squeeze", builtin="squeeze")
def squeeze(input, axis=None, name=None, squeeze_dims=None):   # noqa: A002
    x = convert_to_tensor(input)
    axis = axis if axis is not None else squeeze_dims
    axes = None if axis is None else int_list(axis)
    if axes is None:
        axes = [k for k, d in enumerate(x._shape) if d == 1]
    elif ctx.eager:
        kernel.squeeze(x._shape, axes)
    params = {"axis": axes}
    return make_op("Squeeze", Recipe("row", "squeeze", params), [x], [x.dtype], name,
                   eager_fn=row_eager("squeeze", params, "Squeeze"))[0]


def _same_dtype(values, op_type="ConcatV2", name=""):
    """A list input's tensors: Python values take the first tensor's dtype; tensors of
    another dtype are the kernel's error eagerly, the op builder's TypeError in a graph."""
    first = next((v for v in values if is_tensor_like(v)), None)
    if first is None:
        return [convert_to_tensor(v) for v in values]
    kind = convert_to_tensor(first).dtype
    tensors = [convert_to_tensor(v) if is_tensor_like(v) else convert_to_tensor(v, kind) for v in values]
    if ctx.eager:
        kernel.list_dtypes(op_type, tensors, name)
    elif any(t.dtype != kind for t in tensors):
        raise TypeError(f"Tensors in list passed to 'values' of '{op_type}' Op have types "
                        f"[{', '.join(t.dtype.name for t in tensors)}] that don't all match.")
    return tensors


@tf_export("concat", builtin="concat")
def concat(values, axis, name="concat"):
    xs = _same_dtype(list(values), "ConcatV2", name)
    if len(xs) == 1:
        return identity(xs[0])
    params = {"axis": int(static_value(axis))}
    if ctx.eager:
        kernel.concat([t._shape for t in xs], params["axis"], name)
    return make_op("ConcatV2", Recipe("row", "concat", params), xs, [xs[0].dtype], name,
                   eager_fn=row_eager("concat", params, "ConcatV2"))[0]


@tf_export("stack", builtin="stack")
def stack(values, axis=0, name="stack"):
    values = list(values)
    first = convert_to_tensor(values[0])        # (TensorFlow checks the axis against the first's rank)
    if first._shape is not None:
        kernel.stack_axis(len(first._shape), int(axis))
    xs = _same_dtype(values, "Pack", name)
    params = {"axis": int(axis)}
    if ctx.eager:
        kernel.pack([t._shape for t in xs], name)
    return make_op("Pack", Recipe("row", "stack", params), xs, [xs[0].dtype], name,
                   eager_fn=row_eager("stack", params, "Pack"))[0]


@tf_export("unstack", builtin="unstack")
def unstack(value, num=None, axis=0, name="unstack"):
    x = convert_to_tensor(value)
    axis = int(axis) % len(x._shape)
    count = x._shape[axis] if num is None else int(num)
    outs = []
    for k in range(count):
        index = tuple([slice(None)] * axis + [k])
        outs.append(_getitem(x, index, "Unpack" if False else "strided_slice"))
    return outs


@tf_export("tile", builtin="tile")
def tile(input, multiples, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    if ctx.eager:
        kernel.tile(len(x._shape), int_list(multiples))
    return builtin_op("Tile", "tile", {"input": x}, {"multiples": int_list(multiples)}, x.dtype, name)


@tf_export("broadcast_to", builtin="broadcast_to")
def broadcast_to(input, shape, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    params = {"shape": tuple(int_list(shape))}
    if ctx.eager:
        kernel.broadcast_to(x._shape, params["shape"])
    return make_op("BroadcastTo", Recipe("row", "broadcast_to", params), [x], [x.dtype], name,
                   eager_fn=row_eager("broadcast_to", params, "BroadcastTo"))[0]


@tf_export("roll")
def roll(input, shift, axis, name=None):   # noqa: A002
    """The Roll kernel's result as slices concatenated (its gradient is the roll back)."""
    x = convert_to_tensor(input)
    shifts, axes = np.atleast_1d(static_value(shift)).tolist(), np.atleast_1d(static_value(axis)).tolist()
    rank = len(x._shape)
    if len(shifts) != len(axes):
        kernel.fail("shift and axis must have the same size", "Roll")
    total = {}
    for s, a in zip(shifts, axes):
        if not -rank <= a < rank:
            kernel.fail(f"axis {a} is out of range", "Roll")
        total[a % rank] = total.get(a % rank, 0) + int(s)     # (shifts of one axis add up)
    for a, s in sorted(total.items()):
        n = x._shape[a]
        s = s % n if n else 0
        if s:
            begin, size = [0] * rank, list(x._shape)
            head_begin = list(begin)
            head_begin[a], size[a] = n - s, s
            tail_size = list(x._shape)
            tail_size[a] = n - s
            x = concat([slice_(x, head_begin, size), slice_(x, begin, tail_size)], a)
    return identity(x, name)


@tf_export("repeat")
def repeat(input, repeats, axis=None, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    axis = int(axis) % max(len(x._shape), 1)
    reps = static_value(repeats)
    n = x._shape[axis]
    if np.ndim(reps) == 0:
        # TensorFlow's composition for one count: each slice tiled along a new axis, then merged
        wide = expand_dims(x, axis + 1)
        multiples = [1] * len(wide._shape)
        multiples[axis + 1] = int(reps)
        merged = list(x._shape)
        merged[axis] = n * int(reps)
        return reshape(tile(wide, multiples), merged, name)
    reps = np.asarray(reps).reshape(-1)
    if reps.size not in (1, n):
        raise ValueError(f"Dimensions {n} and {reps.size} are not compatible")
    index = np.repeat(np.arange(n), np.broadcast_to(reps, (n,)))
    # (TensorFlow gathers from a mask of the tiled input, so the input's gradient is dense)
    return gather(identity(x), index.astype(np.int32), axis=axis, name=name)


@tf_export("sequence_mask")
def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool_, name=None):
    lengths = convert_to_tensor(lengths)
    values = static_value(lengths)
    if maxlen is None:
        if values is None:
            raise ValueError("sequence_mask needs lengths known when the graph is built, or maxlen")
        maxlen = max(int(np.max(values)) if np.size(values) else 0, 0)
    top = static_value(maxlen)
    if np.ndim(top) != 0:
        raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = {maxlen}.")
    from autograd_cli.tensorflow.math_ops import cast, less

    row = constant_tensor(np.arange(int(top), dtype=lengths.dtype.np), lengths.dtype)
    result = less(row, expand_dims(lengths, -1))
    dtype = as_dtype(dtype)
    return result if dtype.is_bool else cast(result, dtype, name)


@tf_export("pad", builtin="pad")
def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    x = convert_to_tensor(tensor)
    if ctx.eager:
        kernel.pad(x._shape, static_value(paddings).tolist(), mode)
    return builtin_op("Pad", "pad", {"tensor": x}, {"paddings": static_value(paddings).tolist(), "mode": mode,
                                                     "constant_values": float(constant_values)}, x.dtype, name)


@tf_export("reverse", builtin="reverse")
def reverse(tensor, axis, name=None):
    x = convert_to_tensor(tensor)
    return builtin_op("ReverseV2", "reverse", {"tensor": x}, {"axis": int_list(axis)}, x.dtype, name)


@tf_export("split", builtin="split")
def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    x = convert_to_tensor(value)
    sizes = static_value(num_or_size_splits)
    count = int(sizes) if np.ndim(sizes) == 0 else len(sizes)
    static = {"num_or_size_splits": sizes.tolist(), "axis": int(axis), "num": num}
    return builtin_op("Split", "split", {"value": x}, static, x.dtype, name, outputs=count)


@tf_export("slice", builtin="slice")
def slice_(input_, begin, size, name=None):
    x = convert_to_tensor(input_)
    if ctx.eager:
        kernel.slice_(x._shape, int_list(begin), int_list(size))
    return builtin_op("Slice", "slice", {"input_": x}, {"begin": int_list(begin), "size": int_list(size)},
                      x.dtype, name)


@tf_export("gather", builtin="gather")
def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p = convert_to_tensor(params)
    i = convert_to_tensor(indices)
    if ctx.eager:
        kernel.gather(p, i, 0 if axis is None else int(static_value(axis)), int(batch_dims))
    # a TF1 graph's resource variable is gathered by a ResourceGather op, named Gather (its gradient's names)
    kind = getattr(params, "_gather_op", "GatherV2") if getattr(params, "_graph", None) is not None else "GatherV2"
    return builtin_op(kind, "gather", {"params": p, "indices": i},
                      {"axis": 0 if axis is None else int(static_value(axis)), "batch_dims": int(batch_dims)},
                      p.dtype, name or ("Gather" if kind == "ResourceGather" else None))


@tf_export("gather_nd", builtin="gather_nd")
def gather_nd(params, indices, batch_dims=0, name=None):
    p = convert_to_tensor(params)
    return builtin_op("GatherNd", "gather_nd", {"params": p, "indices": convert_to_tensor(indices)},
                      {"batch_dims": int(batch_dims)}, p.dtype, name)


@tf_export("boolean_mask", builtin="boolean_mask")
def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    t = convert_to_tensor(tensor)
    return builtin_op("BooleanMask", "boolean_mask", {"tensor": t, "mask": convert_to_tensor(mask)},
                      {"axis": axis}, t.dtype, name)


@tf_export("where", builtin="where")
def where_any(condition, x=None, y=None, name=None):
    """TF2's where; in TF1 code (tensorflow.compat.v1) its op is TF1's Select."""
    return where(condition, x, y, name, _op="Select" if ctx.v1 else "SelectV2")


@tf_export("where_v2", builtin="where")
def where(condition, x=None, y=None, name=None, _op="SelectV2"):
    c = convert_to_tensor(condition)
    if x is None and y is None:
        if not ctx.eager:
            return _graph_where(c, name)
        return constant_tensor(np.argwhere(c._value).astype(np.int64), dtypes.int64)
    from autograd_cli.tensorflow.math_ops import binary_inputs

    x, y = binary_inputs("SelectV2", x, y)
    if ctx.eager:
        kernel.select(c._shape, x._shape, y._shape)
    return make_op(_op, Recipe("row", "where"), [c, x, y], [x.dtype], name,
                   eager_fn=row_eager("where", None, "SelectV2"))[0]


def _graph_where(c, name):
    """tf.where(condition) in a graph: the int64 (?, rank) coordinates of the true elements, a
    Where op. Its size depends on the values, so the condition must be computed from constants
    here (the graph's engine sizes every tensor when it is built)."""
    from autograd_cli.tensorflow.graph_run import ops_needed

    if c._shape is None or any(op.type in ("Placeholder", "PlaceholderWithDefault") or op.recipe is None
                               or "Variable" in op.type for op in ops_needed([c.op], set())):
        raise NotImplementedError("tf.where(condition) without x and y in a graph is supported here only for a "
                                  "condition computed from constants (its number of rows depends on the values)")

    def lower(L, cond):
        value = L.static(cond, L.g.pos, "tf.where's condition")
        return L.g.const(engine_array(np.argwhere(value != 0).astype(np.int64)))
    graph = ctx.graph      # (made as is: its static shape is TensorFlow's (?, rank), not found by lowering)
    op = Operation("Where", graph.unique_name(name or "Where"), [c], Recipe("fn", lower), graph, user_pos())
    return _add_op(graph, op, [(dtypes.int64, (None, len(c._shape)))])[0]


def _unique(values, out_idx):
    """(the values in order of first appearance, each element's index among them)."""
    _, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return values[np.sort(first)], rank[inverse.reshape(-1)].astype(out_idx.np)


@tf_export("unique")
def unique(x, out_idx=dtypes.int32, name=None):
    """tf.unique of a 1-D tensor: (y, idx), y in order of first appearance. In a graph, of a tensor
    computed from constants (y's size depends on the values, as tf.where's does)."""
    x = convert_to_tensor(x)
    out_idx = as_dtype(out_idx)
    if x._shape is not None and len(x._shape) != 1:
        if ctx.eager:
            raise InvalidArgumentError(None, None, "unique expects a 1D vector. [Op:Unique] name: ")
        raise ValueError(f"Shape must be rank 1 but is rank {len(x._shape)} for '{{{{node Unique}}}}'")
    if ctx.eager:
        y, idx = _unique(np.asarray(x._value), out_idx)
        return UniqueResult(constant_tensor(y, x.dtype), constant_tensor(idx, out_idx))
    from autograd_cli.tensorflow.graph_run import ops_needed

    if any(op.type in ("Placeholder", "PlaceholderWithDefault") or op.recipe is None or "Variable" in op.type
           for op in ops_needed([x.op], set())):
        raise NotImplementedError("tf.unique in a graph is supported here only for a tensor computed from constants "
                                  "(its output's size depends on the values)")

    def lower(L, node):
        y, idx = _unique(L.static(node, L.g.pos, "tf.unique's input"), out_idx)
        return [L.g.const(engine_array(y)), L.g.const(engine_array(idx))]
    graph = ctx.graph
    op = Operation("Unique", graph.unique_name(name or "Unique"), [x], Recipe("fn", lower), graph, user_pos())
    return UniqueResult(*_add_op(graph, op, [(x.dtype, (None,)), (out_idx, x._shape)]))


import collections as _collections     # noqa: E402

UniqueResult = _collections.namedtuple("Unique", ["y", "idx"])


@tf_export("clip_by_value", builtin="clip_by_value")
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    from autograd_cli.tensorflow.math_ops import maximum, minimum

    if isinstance(t, IndexedSlices):      # (TensorFlow clips the values, keeping the indices)
        return IndexedSlices(clip_by_value(t.values, clip_value_min, clip_value_max, name), t.indices,
                             t.dense_shape)
    if ctx.eager:
        return maximum(minimum(t, clip_value_max), clip_value_min, name)
    with ctx.graph.name_scope(name or "clip_by_value") as scope:
        return maximum(minimum(t, clip_value_max), clip_value_min, scope)


@tf_export("clip_by_norm")
def clip_by_norm(t, clip_norm, axes=None, name=None):
    from autograd_cli.tensorflow import math_ops as m

    if isinstance(t, IndexedSlices):      # the values' norm, as TensorFlow's (not the dense tensor's)
        return IndexedSlices(clip_by_norm(t.values, clip_norm, axes, name), t.indices, t.dense_shape)
    t = convert_to_tensor(t)
    # TensorFlow's composition (so an integer tensor meets Sqrt's dtype error, as there)
    if np.isscalar(clip_norm):
        clip = max(clip_norm, 0)
    else:
        clip = m.cast(m.maximum(clip_norm, 0), t.dtype)
    l2sum = m.reduce_sum(m.multiply(t, t), axes, keepdims=True)
    pred = m.greater(l2sum, 0)
    safe = where(pred, l2sum, ones_like(l2sum))
    l2norm = where(pred, m.sqrt(safe), l2sum)
    return identity(m.divide(m.multiply(t, clip), m.maximum(l2norm, clip)), name)


@tf_export("clip_by_global_norm")
def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    from autograd_cli.tensorflow import math_ops as m

    tensors = [None if t is None else t if isinstance(t, IndexedSlices) else convert_to_tensor(t) for t in t_list]
    norm = use_norm if use_norm is not None else global_norm(tensors)
    clip = convert_to_tensor(clip_norm, dtypes.float32)
    scale = m.multiply(clip, m.minimum(m.divide(1.0, norm), m.divide(1.0, clip)))
    return [None if t is None else IndexedSlices(m.multiply(t.values, scale), t.indices, t.dense_shape)
            if isinstance(t, IndexedSlices) else m.multiply(t, scale) for t in tensors], norm


@tf_export("linalg.global_norm", "global_norm")
def global_norm(t_list, name=None):
    from autograd_cli.tensorflow import math_ops as m

    # (an IndexedSlices counts by its values, repeated indices each once, as TensorFlow's)
    parts = [m.reduce_sum(m.square(convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t)))
             for t in t_list if t is not None]
    return m.sqrt(m.add_n(parts), name)


@tf_export("einsum", "linalg.einsum", builtin="einsum")
def einsum(equation, *inputs, **kwargs):
    for x in inputs:        # (TensorFlow's einsum reads each input's .shape before converting any)
        if not hasattr(x, "shape"):
            raise AttributeError(f"'{type(x).__name__}' object has no attribute 'shape'")
    xs = _same_dtype(list(inputs), "Einsum")
    recipe = Recipe("row", "einsum", {"equation": equation.replace(" ", "")})
    return make_op("Einsum", recipe, xs, [xs[0].dtype], kwargs.get("name"),
                   eager_fn=row_eager("einsum", {"equation": equation.replace(" ", "")}, "Einsum"))[0]


@tf_export("meshgrid")
def meshgrid(*args, **kwargs):
    """Coordinate grids of 1-D inputs, each reshaped and multiplied by ones, as TensorFlow builds
    them (so the gradient flows back to each input); indexing 'xy' (default) or 'ij'."""
    from autograd_cli.tensorflow import math_ops as m

    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` must be either 'xy' or 'ij', got '{indexing}'")
    xs = [convert_to_tensor(x) for x in args]
    ndim = len(xs)
    outputs = [reshape(x, [1] * k + [-1] + [1] * (ndim - k - 1)) for k, x in enumerate(xs)]
    sizes = [int(np.prod(x._shape)) for x in xs]
    if indexing == "xy" and ndim > 1:
        outputs[0] = reshape(outputs[0], [1, -1] + [1] * (ndim - 2))
        outputs[1] = reshape(outputs[1], [-1, 1] + [1] * (ndim - 2))
        sizes[0], sizes[1] = sizes[1], sizes[0]
    ones_grid = ones(sizes, xs[0].dtype) if xs else None
    return [m.multiply(x, ones_grid) for x in outputs]


# ---------------------------------------------------------------- indexing

def slice_tensor(x, key):
    """x[key]: integers, slices, None (new axis), Ellipsis; a tensor index is a gather; a
    boolean tensor or array alone is a mask (tf.boolean_mask), as in TensorFlow."""
    mask = key._as_tensor() if hasattr(key, "_as_tensor") else key
    if (isinstance(mask, Tensor) and mask.dtype is dtypes.bool_
            or isinstance(mask, np.ndarray) and mask.dtype == np.bool_):
        return boolean_mask(x, mask)
    if not isinstance(key, tuple):
        key = (key,)
    parts = []
    for k in key:
        if isinstance(k, Tensor) or hasattr(k, "_as_tensor"):
            value = static_value(k)
            if value is None:
                raise TypeError("a symbolic tensor index is not supported here; use tf.gather")
            k = int(value) if np.ndim(value) == 0 else value.tolist()
        if isinstance(k, (list, np.ndarray)):
            raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                            "tf.int32/tf.int64 tensors are valid indices, got " + repr(list(np.asarray(k))))
        if isinstance(k, slice):
            k = slice(*(None if v is None else int(static_value(v)) for v in (k.start, k.stop, k.step)))
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            k = int(k)
        parts.append(k)
    return _getitem(convert_to_tensor(x), tuple(parts), "strided_slice")


@tf_export("strided_slice")
def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    """TensorFlow's StridedSlice: the masks read back into the Python index they stand for
    (what x[...] builds them from), so it is x[...]'s op and gradient."""
    x = convert_to_tensor(input_)
    name = name or "StridedSlice"
    spec = [static_value(begin), static_value(end)]
    spec.append(np.ones(np.size(spec[0]), np.int64) if strides is None and spec[0] is not None
                else static_value(strides))
    if any(v is None for v in spec):
        raise TypeError("tf.strided_slice with begin, end or strides known only when the graph runs is not "
                        "supported here; pass constants")
    starts, stops, steps = (np.atleast_1d(np.asarray(v)).astype(np.int64).tolist() for v in spec)
    masks = (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
    problem = None
    if not len(starts) == len(stops) == len(steps):
        problem = (f"Expected begin, end, and strides to be 1D equal size tensors, but got shapes [{len(starts)}], "
                   f"[{len(stops)}], and [{len(steps)}] instead.")
    elif bin(ellipsis_mask).count("1") > 1:
        problem = "Multiple ellipses in slice spec not allowed"
    else:
        problem = next((f"strides[{k}] must be non-zero" for k, s in enumerate(steps) if s == 0), None)
    if problem is not None:
        _strided_slice_error(x, problem, name, masks, len(starts))
    index = []
    for k, (start, stop, step) in enumerate(zip(starts, stops, steps)):
        bit = 1 << k
        if ellipsis_mask & bit:
            index.append(Ellipsis)
        elif new_axis_mask & bit:
            index.append(None)
        elif shrink_axis_mask & bit:
            index.append(start)
        else:
            index.append(slice(None if begin_mask & bit else start, None if end_mask & bit else stop, step))
    if x._shape is not None:
        try:
            kernel.strided_slice(x._shape, tuple(index), name)
        except InvalidArgumentError as exc:
            _strided_slice_error(x, exc.message.split("}} ", 1)[-1].split(" [Op:")[0], name, masks, len(starts))
    return _getitem(x, tuple(index), name)


def _strided_slice_error(x, problem, name, masks, count):
    if ctx.eager:
        kernel.fail(problem, "StridedSlice", None)
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask = masks
    dims = ",".join("?" if d is None else str(d) for d in (x._shape or ()))
    dt = x.dtype.name.upper().replace("FLOAT32", "FLOAT").replace("FLOAT64", "DOUBLE")
    name = ctx.graph.unique_name(name)     # (TensorFlow's failed op keeps its name)
    raise ValueError(f"{problem} for '{{{{node {name}}}}} = StridedSlice[Index=DT_INT32, T=DT_{dt}, "
                     f"begin_mask={begin_mask}, ellipsis_mask={ellipsis_mask}, end_mask={end_mask}, "
                     f"new_axis_mask={new_axis_mask}, shrink_axis_mask={shrink_axis_mask}]({x.op.name}, {name}/begin, "
                     f"{name}/end, {name}/strides)' with input shapes: [{dims}], [{count}], [{count}], [{count}].")


def _getitem(x, index, name):
    params = {"index": index}
    if ctx.eager:
        try:
            value = x._value[index]
        except IndexError as exc:
            kernel.strided_slice(x._shape, index, name)
            raise InvalidArgumentError(None, None, f"{exc} [Op:StridedSlice] name: {name}/") from None
        return make_op("StridedSlice", Recipe("row", "getitem", params), [x], [x.dtype], name,
                       eager_fn=lambda a: np.array(value))[0]
    return make_op("StridedSlice", Recipe("row", "getitem", params), [x], [x.dtype], name)[0]


Tensor.__getitem__ = slice_tensor
HOOKS["slice"] = slice_tensor
HOOKS["unstack"] = unstack
HOOKS["transpose"] = transpose
HOOKS["stack"] = stack
