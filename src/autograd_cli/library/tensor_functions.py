"""Built-ins with special arguments for indexing, shapes, linear algebra, segments and
control flow (TensorFlow's names and parameters), added to functions.BUILTINS (the builder imports this)."""
from __future__ import annotations

import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.evaluate import needed
from autograd_cli.core.graph import Node
from autograd_cli.ops import OPS
from autograd_cli.ops.indexing import int_indices
from autograd_cli.ops.linalg import einsum_broadcast
from autograd_cli.ops.table import ShapeError
from autograd_cli.library.functions import _bool_arg, _shape_arg, builtin


# ---------------------------------------------------------------- helpers

def moving(node: Node) -> bool:
    """Whether a value may change from step to step (variables, placeholders, step)."""
    return any(n.op.varies for n in needed([node]))


def current(b, node: Node) -> np.ndarray:
    """The value a node has now (variables at their initial values, step 0)."""
    return np.asarray(b.current(node))


def check_indices(b, indices: Node, size: int, pos, what: str, wrap=False, batch=None):
    """Index values known before the program runs are checked now, with the call's position."""
    if moving(indices):
        return
    values = b.static(indices, pos, what)
    try:
        int_indices(values, size, wrap)
    except ValueError as exc:
        raise AgError(f"{what}: {exc}", pos) from None


def _int_or_none(b, c, name):
    value = c.args[name]
    return None if value is None else b.integer(value, c.at(name), name)


# ---------------------------------------------------------------- indexing

@builtin("gather", ("params", "indices", "validate_indices", "axis", "batch_dims"),
         {"validate_indices": None, "axis": None, "batch_dims": 0})
def _gather(b, c):
    params = b.tensor(c.args["params"], c.at("params"))
    indices = b.tensor(c.args["indices"], c.at("indices"))
    axis = _int_or_none(b, c, "axis")
    batch_dims = b.integer(c.args["batch_dims"], c.at("batch_dims"), "batch_dims")
    node = b.apply("gather", params, indices, axis=batch_dims if axis is None and batch_dims > 0 else axis or 0,
                   batch_dims=batch_dims)
    check_indices(b, indices, params.shape[node.params["axis"]], c.at("indices"), "gather")
    return node


@builtin("gather_nd", ("params", "indices", "batch_dims"), {"batch_dims": 0})
def _gather_nd(b, c):
    params = b.tensor(c.args["params"], c.at("params"))
    indices = b.tensor(c.args["indices"], c.at("indices"))
    if b.integer(c.args["batch_dims"], c.at("batch_dims"), "batch_dims") != 0:
        raise AgError("gather_nd: only batch_dims=0 is supported (gather with batch_dims handles batches)",
                      c.at("batch_dims"))
    node = b.apply("gather_nd", params, indices)
    _check_nd(b, indices, params.shape, c.at("indices"), "gather_nd")
    return node


def _check_nd(b, indices, shape, pos, what):
    if moving(indices):
        return
    values = int_indices(b.static(indices, pos, what)) if indices.shape[-1] else None
    if values is None:
        return
    flat = values.reshape(-1, values.shape[-1])
    for row in flat:
        if any(not 0 <= v < d for v, d in zip(row, shape)):
            raise AgError(f"{what}: index {row.tolist()} does not point into shape {tuple(shape)}", pos)


@builtin("scatter_nd", ("indices", "updates", "shape"))
def _scatter_nd(b, c):
    indices = b.tensor(c.args["indices"], c.at("indices"))
    updates = b.tensor(c.args["updates"], c.at("updates"))
    shape = _shape_arg(b, c)
    node = b.apply("scatter_nd", indices, updates, shape=shape)
    _check_nd(b, indices, shape, c.at("indices"), "scatter_nd")
    return node


@builtin("boolean_mask", ("tensor", "mask", "axis"), {"axis": None})
def _boolean_mask(b, c):
    tensor = b.tensor(c.args["tensor"], c.at("tensor"))
    mask = b.tensor(c.args["mask"], c.at("mask"))
    axis = _int_or_none(b, c, "axis") or 0
    count = int(np.count_nonzero(current(b, mask)))
    return b.apply("boolean_mask", tensor, mask, axis=axis, count=count)


def bracket_gather(b, tensor: Node, index: Node, axis: int, pos, text):
    """x[[2, 0]], x[:, idx]: a list or tensor of integers gathers along that axis,
    negatives counting from the end (NumPy's reading)."""
    node = b.apply("gather", tensor, index, axis=axis, wrap=True)
    check_indices(b, index, tensor.shape[axis], pos, text, wrap=True)
    return node


# ---------------------------------------------------------------- shape

@builtin("tile", ("input", "multiples"))
def _tile(b, c):
    x = b.tensor(c.args["input"], c.at("input"))
    multiples = b.integers(c.args["multiples"], c.at("multiples"), "multiples")
    return b.apply("tile", x, multiples=multiples)


@builtin("broadcast_to", ("input", "shape"))
def _broadcast_to(b, c):
    return b.apply("broadcast_to", b.tensor(c.args["input"], c.at("input")), shape=_shape_arg(b, c))


def _getitem(b, x, index):
    return b.apply("getitem", x, index=tuple(index))


@builtin("slice", ("input_", "begin", "size"), group="arrays", grad="grad put back in the slice, 0 elsewhere")
def _slice(b, c):
    x = b.tensor(c.args["input_"], c.at("input_"))
    begin = b.integers(c.args["begin"], c.at("begin"), "begin")
    size = b.integers(c.args["size"], c.at("size"), "size")
    if len(begin) != len(x.shape) or len(size) != len(x.shape):
        raise AgError(f"slice: begin and size need {len(x.shape)} entries each (the rank of shape {x.shape}), "
                      f"got {len(begin)} and {len(size)}", c.pos)
    index = []
    for axis, (start, n, d) in enumerate(zip(begin, size, x.shape)):
        stop = d if n == -1 else start + n
        if not 0 <= start <= d or n < -1 or stop > d:
            raise AgError(f"slice: begin {start} and size {n} do not fit axis {axis} of size {d}", c.at("size"))
        index.append(slice(start, stop))
    return _getitem(b, x, index)


def _axis_in(b, c, x, name="axis", extra=0):
    axis = b.integer(c.args[name], c.at(name), name)
    rank = len(x.shape) + extra
    if not -rank <= axis < rank:
        raise AgError(f"axis {axis} is out of range for a tensor of rank {len(x.shape)}", c.at(name))
    return axis % rank


@builtin("split", ("value", "num_or_size_splits", "axis", "num"), {"axis": 0, "num": None},
         group="arrays", grad="the parts' grads concatenated back")
def _split(b, c):
    x = b.tensor(c.args["value"], c.at("value"))
    if not x.shape:
        raise AgError("split: cannot split a scalar", c.at("value"))
    axis = _axis_in(b, c, x)
    d = x.shape[axis]
    spec = b.static(c.args["num_or_size_splits"], c.at("num_or_size_splits"), "num_or_size_splits")
    where = c.at("num_or_size_splits")
    if spec.ndim == 0:
        n = b.integer(c.args["num_or_size_splits"], where, "num_or_size_splits")
        if n <= 0 or d % n:
            raise AgError(f"split: {n} pieces do not divide axis {axis} of size {d} evenly", where)
        sizes = [d // n] * n
    else:
        sizes = b.integers(c.args["num_or_size_splits"], where, "num_or_size_splits")
        unknown = [k for k, s in enumerate(sizes) if s == -1]
        if len(unknown) > 1 or any(s < -1 for s in sizes):
            raise AgError(f"split: bad sizes {sizes}", where)
        if unknown:
            sizes[unknown[0]] = d - (sum(sizes) + 1)
        if sum(sizes) != d or any(s < 0 for s in sizes):
            raise AgError(f"split: sizes {sizes} do not add up to {d}, the size of axis {axis}", where)
    out, start = [], 0
    for s in sizes:
        out.append(_getitem(b, x, [slice(None)] * axis + [slice(start, start + s)]))
        start += s
    return out


@builtin("unstack", ("value", "num", "axis"), {"num": None, "axis": 0},
         group="arrays", grad="the parts' grads stacked back")
def _unstack(b, c):
    x = b.tensor(c.args["value"], c.at("value"))
    if not x.shape:
        raise AgError("unstack: cannot unstack a scalar", c.at("value"))
    axis = _axis_in(b, c, x)
    if c.args["num"] is not None and b.integer(c.args["num"], c.at("num"), "num") != x.shape[axis]:
        raise AgError(f"unstack: num does not match axis {axis} of size {x.shape[axis]}", c.at("num"))
    return [_getitem(b, x, [slice(None)] * axis + [k]) for k in range(x.shape[axis])]


@builtin("reverse", ("tensor", "axis"), group="arrays", grad="grad reversed back")
def _reverse(b, c):
    x = b.tensor(c.args["tensor"], c.at("tensor"))
    axes = b.integers(c.args["axis"], c.at("axis"), "axis")
    rank = len(x.shape)
    for a in axes:
        if not -rank <= a < rank:
            raise AgError(f"axis {a} is out of range for a tensor of rank {rank}", c.at("axis"))
    flip = {a % rank for a in axes}
    if len(flip) != len(axes):
        raise AgError(f"reverse: axis {axes} names an axis twice", c.at("axis"))
    return _getitem(b, x, [slice(None, None, -1) if k in flip else slice(None) for k in range(rank)])


@builtin("rank", ("input",), group="arrays", grad="a constant: no gradient")
def _rank(b, c):
    return b.g.const(float(len(b.tensor(c.args["input"], c.at("input")).shape)))


PAD_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


@builtin("pad", ("tensor", "paddings", "mode", "constant_values"), {"mode": "CONSTANT", "constant_values": 0.0})
def _pad(b, c):
    x = b.tensor(c.args["tensor"], c.at("tensor"))
    raw = b.static(c.args["paddings"], c.at("paddings"), "paddings")
    if raw.ndim != 2 or raw.shape != (len(x.shape), 2):
        raise AgError(f"pad: paddings must have shape ({len(x.shape)}, 2) for a tensor of shape {x.shape}, "
                      f"got {raw.shape}", c.at("paddings"))
    pads = [tuple(p) for p in np.asarray(b.integers(c.args["paddings"], c.at("paddings"), "paddings")).reshape(-1, 2)]
    mode = c.args["mode"]
    if not isinstance(mode, str) or mode.upper() not in PAD_MODES:
        raise AgError(f"pad: mode must be one of {', '.join(PAD_MODES)}", c.at("mode"))
    mode = mode.upper()
    if any(a < 0 or z < 0 for a, z in pads):
        raise AgError(f"pad: paddings {[list(p) for p in pads]} has a negative entry", c.at("paddings"))
    if mode == "CONSTANT":
        value = b.tensor(c.args["constant_values"], c.at("constant_values"))
        return b.apply("pad", x, value, paddings=pads)
    # REFLECT / SYMMETRIC: a gather of x's elements through an index map (gradient: TF's
    # MirrorPadGrad, the mirrored borders folded back and added)
    limit = 0 if mode == "SYMMETRIC" else 1
    for axis, ((a, z), d) in enumerate(zip(pads, x.shape)):
        if max(a, z) > d - limit:
            raise AgError(f"pad: {mode} padding of {max(a, z)} is too large for axis {axis} of size {d}",
                          c.at("paddings"))
    size = int(np.prod(x.shape, dtype=np.int64))
    index = np.pad(np.arange(size).reshape(x.shape), pads, mode=mode.lower()).astype(np.float64)
    flat = b.apply("reshape", x, shape=(size,))
    return b.apply("reshape", b.apply("gather", flat, b.g.const(index.reshape(-1)), axis=0),
                   shape=index.shape)


# ---------------------------------------------------------------- linear algebra

def _flag(b, c, name):
    return c.args[name] is not None and _bool_arg(c, name)


def _swap(b, x):
    perm = list(range(len(x.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return b.apply("transpose", x, perm=perm)


@builtin("matmul", ("a", "b", "transpose_a", "transpose_b", "adjoint_a", "adjoint_b"),
         {"transpose_a": False, "transpose_b": False, "adjoint_a": False, "adjoint_b": False})
def _matmul(b, c):
    x, y = b.tensor(c.args["a"], c.at("a")), b.tensor(c.args["b"], c.at("b"))
    for name, t in (("a", x), ("b", y)):
        if len(t.shape) < 2:
            raise AgError(f"matmul: {name} must have rank 2 or more (TensorFlow's matmul), got shape {t.shape}",
                          c.at(name))
    if _flag(b, c, "transpose_a") or _flag(b, c, "adjoint_a"):   # real tensors: adjoint = transpose
        x = _swap(b, x)
    if _flag(b, c, "transpose_b") or _flag(b, c, "adjoint_b"):
        y = _swap(b, y)
    b.g.pos = c.pos
    return b.apply("matmul", x, y)


@builtin("tensordot", ("a", "b", "axes"),
         group="linalg", grad="grad contracted with the other input (matmul and transposes)")
def _tensordot(b, c):
    x, y = b.tensor(c.args["a"], c.at("a")), b.tensor(c.args["b"], c.at("b"))
    spec = b.static(c.args["axes"], c.at("axes"), "axes")
    if spec.ndim == 0:
        n = b.integer(c.args["axes"], c.at("axes"), "axes")
        if not 0 <= n <= min(len(x.shape), len(y.shape)):
            raise AgError(f"tensordot: axes={n} does not fit shapes {x.shape} and {y.shape}", c.at("axes"))
        ax, ay = list(range(len(x.shape) - n, len(x.shape))), list(range(n))
    else:
        raw = c.args["axes"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise AgError("tensordot: axes must be an integer or a pair of axis lists [a_axes, b_axes]",
                          c.at("axes"))
        ax, ay = b.integers(raw[0], c.at("axes"), "axes"), b.integers(raw[1], c.at("axes"), "axes")
        for axes, t in ((ax, x), (ay, y)):
            rank = len(t.shape)
            if any(not -rank <= a < rank for a in axes) or len({a % rank for a in axes}) != len(axes):
                raise AgError(f"tensordot: axes {axes} do not name distinct axes of shape {t.shape}", c.at("axes"))
        ax, ay = [a % len(x.shape) for a in ax], [a % len(y.shape) for a in ay]
        if len(ax) != len(ay):
            raise AgError(f"tensordot: {len(ax)} axes of a against {len(ay)} of b", c.at("axes"))
    if any(x.shape[i] != y.shape[j] for i, j in zip(ax, ay)):
        raise AgError(f"tensordot: contracted axes differ in size (shapes {x.shape} and {y.shape})", c.at("axes"))
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    sx = [next(letters) for _ in x.shape]
    sy = [next(letters) for _ in y.shape]
    for i, j in zip(ax, ay):
        sy[j] = sx[i]
    out = [s for k, s in enumerate(sx) if k not in ax] + [s for k, s in enumerate(sy) if k not in ay]
    return b.apply("einsum", x, y, equation="".join(sx) + "," + "".join(sy) + "->" + "".join(out))


@builtin("einsum", ("inputs",), variadic=True)
def _einsum(b, c):
    values = c.args["inputs"]       # variadic: every positional argument, the equation first
    if not values or not isinstance(values[0], str):
        raise AgError("einsum needs an equation string first, e.g. einsum(\"ij,jk->ik\", a, b)", c.pos)
    exprs = c.exprs["inputs"]
    tensors = [b.tensor(v, e.pos) for v, e in zip(values[1:], exprs[1:])]
    if not tensors:
        raise AgError("einsum needs at least one tensor", c.pos)
    try:
        equation, reshapes = einsum_broadcast([t.shape for t in tensors], values[0])
    except ShapeError as exc:
        raise AgError(f"einsum: {exc}", c.pos) from None
    tensors = [t if shape is None else b.apply("reshape", t, shape=shape) for t, shape in zip(tensors, reshapes)]
    return b.apply("einsum", *tensors, equation=equation)


def _matrix(b, c, name):
    x = b.tensor(c.args[name], c.at(name))
    if len(x.shape) < 2:
        raise AgError(f"needs a matrix (rank 2 or more), got shape {x.shape}", c.at(name))
    return x


@builtin("trace", ("x",), group="linalg", grad="grad on the diagonal, 0 elsewhere")
def _trace(b, c):
    x = _matrix(b, c, "x")
    return b.apply("reduce_sum", b.apply("diag_part", x), axis=-1, keepdims=False)


@builtin("diag_part", ("input", "k"), {"k": 0})
def _diag_part(b, c):
    if b.integer(c.args["k"], c.at("k"), "k") != 0:
        raise AgError("diag_part: only the main diagonal (k=0) is supported", c.at("k"))
    return b.apply("diag_part", _matrix(b, c, "input"))


@builtin("diag", ("diagonal", "k"), {"k": 0}, group="linalg", grad="the diagonal of grad")
def _diag(b, c):
    x = b.tensor(c.args["diagonal"], c.at("diagonal"))
    if not x.shape:
        raise AgError("diag needs a tensor of rank 1 or more, got a scalar", c.at("diagonal"))
    if b.integer(c.args["k"], c.at("k"), "k") != 0:
        raise AgError("diag: only the main diagonal (k=0) is supported", c.at("k"))
    n = x.shape[-1]
    return b.apply("matrix_diag", x, rows=n, cols=n)


def _square_builtin(name, param="input", *aliases):
    def handler(b, c):
        return b.apply(name, _matrix(b, c, param))
    builtin(name, (param,))(handler)
    for alias in aliases:       # (no op row has the alias's name: it states the row's group and note)
        builtin(alias, (param,), group="linalg", grad=OPS[name].doc)(handler)




def _matrix_inverse(b, c):
    # adjoint=True inverts the (conjugate) transpose: real values, so inv(transpose(a)),
    # and the gradient follows through the transpose
    a = _matrix(b, c, "input")
    if _bool_arg(c, "adjoint") and a.shape[-1] == a.shape[-2]:   # (not square: the op's error names the shape)
        rank = len(a.shape)
        a = b.apply("transpose", a, perm=tuple(range(rank - 2)) + (rank - 1, rank - 2))
    return b.apply("matrix_inverse", a)


builtin("matrix_inverse", ("input", "adjoint"), {"adjoint": False})(_matrix_inverse)
builtin("inv", ("input", "adjoint"), {"adjoint": False}, group="linalg",
        grad=OPS["matrix_inverse"].doc)(_matrix_inverse)
_square_builtin("matrix_determinant", "input", "det")
_square_builtin("cholesky", "input")


# ---------------------------------------------------------------- segments

def _segments(b, c, sorted_ids=True):
    data = b.tensor(c.args["data"], c.at("data"))
    ids = b.tensor(c.args["segment_ids"], c.at("segment_ids"))
    if sorted_ids:
        values = np.asarray(current(b, ids)).reshape(-1)
        try:
            from autograd_cli.ops.segments import segment_ids
            num = int(values.max()) + 1 if values.size else 0
            segment_ids(values, num, True)
        except ValueError as exc:
            raise AgError(f"{c.ast.func}: {exc}", c.at("segment_ids")) from None
    else:
        num = b.integer(c.args["num_segments"], c.at("num_segments"), "num_segments")
        if not moving(ids):
            try:
                from autograd_cli.ops.segments import segment_ids
                segment_ids(b.static(ids, c.at("segment_ids"), "segment_ids"), num, False)
            except ValueError as exc:
                raise AgError(f"{c.ast.func}: {exc}", c.at("segment_ids")) from None
    return data, ids, num


@builtin("segment_sum", ("data", "segment_ids"))
def _segment_sum(b, c):
    data, ids, num = _segments(b, c)
    return b.apply("segment_sum", data, ids, num=num, sorted=True)


@builtin("unsorted_segment_sum", ("data", "segment_ids", "num_segments"), group="segments", grad="to data")
def _unsorted_segment_sum(b, c):
    data, ids, num = _segments(b, c, sorted_ids=False)
    return b.apply("segment_sum", data, ids, num=num, sorted=False)


@builtin("segment_mean", ("data", "segment_ids"), group="segments", grad="to data")
def _segment_mean(b, c):
    data, ids, num = _segments(b, c)
    total = b.apply("segment_sum", data, ids, num=num, sorted=True)
    ones = b.g.const(np.ones(ids.shape + (1,) * (len(data.shape) - len(ids.shape))))
    counts = b.apply("segment_sum", ones, ids, num=num, sorted=True)
    # TF: sum / count, 0 for an empty segment; the gradient is gather(dy / counts, ids)
    return b.apply("divide", total, b.apply("maximum", counts, b.g.const(1.0)))


@builtin("segment_max", ("data", "segment_ids"))
def _segment_max(b, c):
    data, ids, num = _segments(b, c)
    return b.apply("segment_max", data, ids, num=num, sorted=True)


def _unsorted_extreme(b, c, sign):
    """unsorted_segment_max (sign 1) / _min (-1): an empty segment holds `empty` (TensorFlow's
    lowest / highest value of the dtype), not the sorted ops' 0; ties share the gradient."""
    data, ids, num = _segments(b, c, sorted_ids=False)
    if sign < 0:
        data = b.apply("negative", data)
    top = b.apply("segment_max", data, ids, num=num, sorted=False)
    if sign < 0:
        top = b.apply("negative", top)
    ones = b.g.const(np.ones(ids.shape + (1,) * (len(data.shape) - len(ids.shape))))
    counts = b.apply("segment_sum", ones, ids, num=num, sorted=False)
    empty = b.apply("equal", counts, b.g.const(0.0))
    fill = c.args["empty"]
    if not isinstance(fill, (int, float)):
        fill = float(b.static(fill, c.at("empty"), "empty"))
    return b.apply("where", empty, b.g.const(float(fill)), top)


builtin("unsorted_segment_max", ("data", "segment_ids", "num_segments", "empty"), {"empty": -np.inf},
        group="segments", grad="shared by the elements equal to their segment's max; none to an empty one")(
    lambda b, c: _unsorted_extreme(b, c, 1))
builtin("unsorted_segment_min", ("data", "segment_ids", "num_segments", "empty"), {"empty": np.inf},
        group="segments", grad="shared by the elements equal to their segment's min; none to an empty one")(
    lambda b, c: _unsorted_extreme(b, c, -1))


# ---------------------------------------------------------------- control flow

def _flat(value, what, pos, b):
    """A branch's or loop's value: a tensor, or a (flat) list of tensors."""
    if isinstance(value, list):
        return [b.tensor(v, pos) for v in value], True
    return [b.tensor(value, pos)], False


def _read_outside(b, nodes_from: int, results) -> list:
    """Nodes made before `nodes_from` that the nodes since read, in id order."""
    seen = {}
    for node in b.g.nodes[nodes_from:]:
        for i in node.inputs:
            if i.id < nodes_from:
                seen[i.id] = i
    for r in results:
        if r.id < nodes_from:
            seen[r.id] = r
    return [seen[k] for k in sorted(seen)]


def _connected(ys, candidates) -> list:
    """The candidates with a gradient-carrying path to some y (TF: a non-None branch gradient)."""
    from autograd_cli.core.autodiff import _between
    ids = {c.id for c in candidates}
    between = _between(ys, ids, set())
    return [c for c in candidates if c.id in between and c.dtype == "float"]


def _gradient_reads(b, start: int, values, xs) -> list:
    """The nodes made before `start` that the gradient of a branch's values (made since
    `start`) with respect to xs depends on through gradient-carrying paths; the gradient
    is built to find them, then forgotten."""
    if not xs:
        return []
    from autograd_cli.core.autodiff import gradients

    mark = b.mark()
    grads = [gr for gr in gradients(b.g, values, xs, grad_ys=[b.g.const(np.ones(v.shape)) for v in values])
             if isinstance(gr, Node)]
    found = _connected(grads, _read_outside(b, start, grads)) if grads else []
    b.rollback(mark)
    return found


def _pred_value(b, pred, pos, what):
    if pred.shape != ():
        raise AgError(f"{what} must be a scalar, got shape {pred.shape}", pos)
    return bool(np.asarray(b.current(pred)))


@builtin("cond", ("pred", "true_fn", "false_fn"), functions=("true_fn", "false_fn"),
         group="control", grad="through the taken branch; zeros (not None) to what only the other branch uses")
def _cond(b, c):
    pred = b.tensor(c.args["pred"], c.at("pred"))
    taken_flag = _pred_value(b, pred, c.at("pred"), "cond's pred")
    true_fn, false_fn = c.args["true_fn"], c.args["false_fn"]
    taken, other = (true_fn, false_fn) if taken_flag else (false_fn, true_fn)
    # the untaken branch is built (its shapes checked, what it reads found), then dropped
    mark = b.mark()
    other_value, other_list = _flat(b.call_function(other, [], c.pos), "cond", c.pos, b)
    reads = _read_outside(b, mark[0], other_value)
    zeros_for = _connected(other_value, reads)
    second = _gradient_reads(b, mark[0], other_value, zeros_for)
    b.rollback(mark)
    start = len(b.g.nodes)
    value, is_list = _flat(b.call_function(taken, [], c.pos), "cond", c.pos, b)
    second += _gradient_reads(b, start, value, _connected(value, _read_outside(b, start, value)))
    if is_list != other_list or len(value) != len(other_value) or \
            any(x.shape != y.shape for x, y in zip(value, other_value)):
        shapes = lambda vs, lst: ("a list of shapes " if lst else "shape ") + ", ".join(str(v.shape) for v in vs)  # noqa: E731
        raise AgError(f"cond's branches must give the same structure and shapes: {true_fn.name} gives "
                      f"{shapes(*((value, is_list) if taken_flag else (other_value, other_list)))}, "
                      f"{false_fn.name} gives {shapes(*((other_value, other_list) if taken_flag else (value, is_list)))}",
                      c.pos)
    b.g.pos = c.pos
    captured = list(zeros_for) + [n for n in dict.fromkeys(second) if n not in zeros_for]
    index = {n.id: 2 + k for k, n in enumerate(captured)}
    second = tuple(sorted({index[n.id] for n in second}))
    out = [b.set_dtype(b.g.apply("branch", v, pred, *captured, expected=(taken_flag,), what="cond",
                                 zeros=len(zeros_for), second=second), b.dtype_of(v)) for v in value]
    return out if is_list else out[0]


@builtin("while_loop", ("cond", "body", "loop_vars", "shape_invariants", "parallel_iterations", "back_prop",
                        "swap_memory", "maximum_iterations"),
         {"shape_invariants": None, "parallel_iterations": 10, "back_prop": True, "swap_memory": False,
          "maximum_iterations": None}, functions=("cond", "body"), group="control", grad="through every iteration")
def _while_loop(b, c):
    from autograd_cli.support.limits import limit, over

    cond_fn, body_fn = c.args["cond"], c.args["body"]
    raw = c.args["loop_vars"]
    loop_vars = [b.tensor(v, c.at("loop_vars")) for v in (raw if isinstance(raw, list) else [raw])]
    if not loop_vars:
        raise AgError("while_loop needs at least one loop variable", c.at("loop_vars"))
    most = None if c.args["maximum_iterations"] is None else \
        b.integer(c.args["maximum_iterations"], c.at("maximum_iterations"), "maximum_iterations")
    back_prop = _bool_arg(c, "back_prop")
    cap = limit("MAX_LOOP_ITERATIONS")
    start = len(b.g.nodes)
    preds, flags, count = [], [], 0
    while True:
        if most is not None and count >= most:
            break
        pred = b.tensor(b.call_function(cond_fn, list(loop_vars), c.pos), c.pos)
        flag = _pred_value(b, pred, c.pos, f"the value of def {cond_fn.name} (the loop's cond)")
        preds.append(pred)
        flags.append(flag)
        if not flag:
            break
        if count >= cap:
            raise over("MAX_LOOP_ITERATIONS", "while_loop's cond is still True", count, "iterations", c.pos)
        new, _ = _flat(b.call_function(body_fn, list(loop_vars), c.pos), "body", c.pos, b)
        if len(new) != len(loop_vars) or any(n.shape != v.shape for n, v in zip(new, loop_vars)):
            raise AgError(f"def {body_fn.name} (the loop's body) must give {len(loop_vars)} values with the loop "
                          "variables' shapes " + ", ".join(str(v.shape) for v in loop_vars) + "; got "
                          + ", ".join(str(n.shape) for n in new) + f" (iteration {count + 1})", c.pos)
        loop_vars = new
        count += 1
    # the body is built once more (TF traces it, whether it runs or not): what it reads
    # from before the loop is captured even after 0 iterations; then it is dropped
    mark = b.mark()
    _flat(b.call_function(body_fn, list(loop_vars), c.pos), "body", c.pos, b)
    reads = [n for n in _read_outside(b, start, []) if n.id < start]
    b.rollback(mark)
    first = [b.tensor(v, c.at("loop_vars")) for v in (raw if isinstance(raw, list) else [raw])]
    # back_prop=False: TF's stop_gradient on the results, so nothing reaches what the loop read
    captured = [n for n in dict.fromkeys(reads + first) if n.dtype == "float"] if back_prop else []
    b.g.pos = c.pos
    if preds:
        check = preds[0] if len(preds) == 1 else b.apply("stack", *preds, axis=0)
    else:
        check = b.g.const(np.zeros((0,)))
    out = []
    for v in loop_vars:
        if not back_prop:
            v = b.apply("stop_gradient", v)
        out.append(b.set_dtype(b.g.apply("branch", v, check, *captured, expected=tuple(flags), what="while_loop"),
                               b.dtype_of(v)))
    return out
