"""tf.sparse and tf.SparseTensor: a sparse tensor is its three dense tensors (int64 indices
[N, rank], values [N], int64 dense_shape [rank]), eager or graph tensors.

The ops whose result is dense (to_dense, sparse_dense_matmul, reduce_sum, add of a dense
tensor) are one TensorFlow op each (SparseToDense, SparseTensorDenseMatMul, ...) whose recipe
builds the op table's scatter_nd / gather / segment_sum rows, so tapes and tf.gradients
differentiate them by those rows: the gradient of `values` is a dense tensor of the values'
shape, as TensorFlow's. They need the dense shape when the engine graph is made: an eager
value, a constant, or a sparse_placeholder's fed shape (the session plans for each fed shape).
The ops that rearrange the entries (reshape, retain, slice, expand_dims, from_dense, concat,
reduce_max, sparse + sparse, and reorder / transpose of known indices) compute the new indices
from indices known when they are called (eager, or constants in a graph) and take the values
by an op of TensorFlow's whose values' gradient is dense (SparseReorder, SparseSlice) or by
tf.gather where TensorFlow gathers; in a graph with fed indices, reorder and transpose sort
them in the session's engine graph and the others are refused.
"""
from __future__ import annotations

import collections

import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow.core import (Operation, Tensor, _add_op, _const_value, convert_to_tensor, ctx, make_op,
                                          user_pos)
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.shape import TensorShape

SparseTensorValue = tf_export("compat.v1.SparseTensorValue")(
    tf_class("tensorflow.python.framework.sparse_tensor.SparseTensorValue")(
        collections.namedtuple("SparseTensorValue", ["indices", "values", "dense_shape"])))


def known(t):
    """A tensor's value when the op is made (eager, or a constant in a graph), else None."""
    if t._value is not None:
        return np.asarray(t._value)
    const = _const_value(t)
    return None if const is None else np.asarray(const)


@tf_class("tensorflow.python.framework.sparse_tensor.SparseTensor")
@tf_export("sparse.SparseTensor", "SparseTensor")
class SparseTensor:
    def __init__(self, indices, values, dense_shape):
        with name_scope(None, "SparseTensor"):
            self._indices = convert_to_tensor(indices, dtypes.int64, name="indices")
            self._values = convert_to_tensor(values, name="values")
            self._dense_shape = convert_to_tensor(dense_shape, dtypes.int64, name="dense_shape")
        self._static = None         # a shape set by set_shape (a sparse_placeholder's)
        for t, rank in ((self._indices, 2), (self._values, 1), (self._dense_shape, 1)):
            if t._shape is not None and len(t._shape) != rank:
                raise ValueError(f"Shape {TensorShape(t._shape)} must have rank {rank}")
        shape = known(self._dense_shape)
        if shape is not None and (shape < 0).any():
            raise ValueError(f"Dimension {int(shape[shape < 0][0])} must be >= 0")
        # (TensorFlow's checks: one row of indices per value, one column per dimension)
        for a, b in ((self._indices, self._values), (self._indices, self._dense_shape)):
            n, m = (a._shape[0 if b is self._values else 1] if a._shape else None), (b._shape[0] if b._shape else None)
            if n is not None and m is not None and n != m:
                raise ValueError(f"Dimensions {n} and {m} are not compatible")

    indices = property(lambda self: self._indices)
    values = property(lambda self: self._values)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)
    op = property(lambda self: self._values.op)
    graph = property(lambda self: self._values.graph)

    @classmethod
    def from_value(cls, value):
        return value if isinstance(value, SparseTensor) else cls(value.indices, value.values, value.dense_shape)

    @property
    def shape(self) -> TensorShape:
        if self._static is not None:
            return TensorShape(self._static)
        dims = known(self._dense_shape)
        if dims is not None:
            return TensorShape([None if d < 0 else int(d) for d in dims])
        s = self._dense_shape._shape
        return TensorShape(None if s is None or s[0] is None else [None] * s[0])

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        self._static = TensorShape(shape).dims

    def dims(self):
        """The dense shape as ints, or None where it is not known when the op is made."""
        if self._static is not None and None not in self._static:
            return [int(d) for d in self._static]
        value = known(self._dense_shape)
        return None if value is None or (value < 0).any() else [int(d) for d in value]

    def known_dims(self):
        """The dense shape as the graph's shape inference sees it: a constant's value (None
        for -1), else sizes unknown (a sparse_placeholder's shape is not a constant)."""
        value = known(self._dense_shape)
        if value is not None:
            return [None if d < 0 else int(d) for d in value]
        s = self._dense_shape._shape
        return None if s is None or s[0] is None else [None] * s[0]

    def with_values(self, new_values):
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def eval(self, feed_dict=None, session=None):
        from autograd_cli.tensorflow.core import HOOKS

        return (session or HOOKS["default_session"]()).run(self, feed_dict)

    # a Session fetches the three tensors and feeds them from a tuple or SparseTensorValue
    def _fetch_parts(self):
        return (self._indices, self._values, self._dense_shape), SparseTensorValue

    def _feed_parts(self, value):
        if isinstance(value, SparseTensor):
            value = SparseTensorValue(*(t.numpy() for t in (value.indices, value.values, value.dense_shape)))
        if not isinstance(value, (tuple, list)) or len(value) != 3:
            raise TypeError(f"The value of a SparseTensor feed must be a tf.compat.v1.SparseTensorValue or a tuple "
                            f"(indices, values, dense_shape), got {type(value).__name__}")
        return {self._indices: value[0], self._values: value[1], self._dense_shape: value[2]}

    def __repr__(self):
        return f"SparseTensor(indices={self._indices!s}, values={self._values!s}, dense_shape={self._dense_shape!s})"

    __str__ = __repr__

    def _as_tensor(self, dtype=None):
        raise ValueError(f"Attempt to convert a value ({self!r}) with an unsupported type ({_CLASS_TEXT}) to a Tensor.")

    # TensorFlow's operators of a SparseTensor: times or divided by a dense tensor (broadcast to
    # the dense shape), a SparseTensor of the same entries
    def __mul__(self, other):
        return self.with_values(self._values * _dense_at(self, other))

    def __truediv__(self, other):
        return self.with_values(self._values / _dense_at(self, other))


_CLASS_TEXT = "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>"


def _dense_at(sp, other):
    """A dense operand's values at the sparse tensor's entries (SparseDenseCwiseMul's broadcast)."""
    from autograd_cli.tensorflow.array_ops import broadcast_to, gather_nd

    dense = convert_to_tensor(other, sp.dtype)
    if dense._shape == ():
        return dense
    return gather_nd(broadcast_to(dense, sp.dense_shape), sp.indices)


def as_sparse(value) -> SparseTensor:
    if isinstance(value, SparseTensor):
        return value
    if isinstance(value, SparseTensorValue):
        return SparseTensor.from_value(value)
    raise TypeError("Input must be a SparseTensor.")


# ---------------------------------------------------------------- ops with a dense result

def _dims(L, node, fixed) -> list:
    """The dense shape: known when the op was made (`fixed`), else its value while the engine
    graph is made (a fed shape is a constant of the session's plan)."""
    if fixed is not None:
        return list(fixed)
    return [int(d) for d in np.atleast_1d(L.current(node)).ravel()]


def _column(L, indices, k):
    return L.g.getitem(indices, index=(slice(None), k))


def _lower_to_dense(L, indices, dense_shape, values, default, fixed=None, validate=False, node=""):
    dims = tuple(_dims(L, dense_shape, fixed))
    effect = getattr(L, "effect", None)       # (a Session's lowering: indices fed are checked at each run)
    if validate and effect is not None:
        effect([indices], lambda session, arrays: _check_indices(arrays[0], dims, node))
    if len(indices.shape) < 2:          # (TF1's sparse_to_dense: a vector of first-axis indices)
        indices = L.g.reshape(indices, shape=(-1, 1))
    if values.shape == ():
        values = L.g.broadcast_to(values, shape=indices.shape[:1])
    dense = L.g.scatter_nd(indices, values, shape=dims)
    if default.op.name == "const" and not np.any(default.params["value"]):
        return dense
    hit = L.g.scatter_nd(indices, L.g.const(np.ones(values.shape)), shape=dims)
    return L.g.where(L.g.greater(hit, L.g.const(np.float64(0.0))), dense, L.g.broadcast_to(default, shape=dims))


def _check_indices(indices, dims, node):
    flat = np.asarray(indices, dtype=np.int64)
    error = _order_error(flat if flat.ndim == 2 else flat.reshape(-1, 1), dims)
    if error is not None:
        raise InvalidArgumentError(None, None, f"{error.rstrip()}\n\t [[{{{{node {node}}}}}]]")


def _lower_matmul(L, indices, values, dense_shape, b, adjoint_a, adjoint_b, fixed=None):
    dims = _dims(L, dense_shape, fixed)
    inner, b_dims = dims[0 if adjoint_a else 1], b.shape[::-1] if adjoint_b else b.shape
    if inner != b_dims[0]:       # (a fed dense shape: found when the session runs)
        raise AgError(_inner_mismatch(inner, b_dims[0], dims, b.shape), L.g.pos)
    rows, cols = _column(L, indices, 0), _column(L, indices, 1)
    if adjoint_a:
        rows, cols, dims = cols, rows, dims[::-1]
    if adjoint_b:
        b = L.g.transpose(b, perm=(1, 0))
    picked = L.g.gather(b, cols, axis=0)
    terms = L.g.multiply(L.g.reshape(values, shape=(-1, 1)), picked)
    return L.g.segment_sum(terms, rows, num=dims[0])


def _inner_mismatch(inner, b_inner, dims, b_shape) -> str:
    """The kernel's words (its bracket typo included)."""
    return (f"Cannot multiply A and B because inner dimension does not match: {inner} vs. {b_inner}.  Did you forget "
            f"a transpose?  Dimensions of A: [{dims[0]}, {dims[1]}).  Dimensions of B: [{b_shape[0]},{b_shape[1]}]")


def _lower_reduce_sum(L, indices, values, dense_shape, axes, keepdims, fixed=None):
    dense = L.g.scatter_nd(indices, values, shape=tuple(_dims(L, dense_shape, fixed)))
    return L.g.reduce_sum(dense, axis=axes, keepdims=keepdims)


def _lower_dense_add(L, indices, values, dense_shape, b, fixed=None):
    return L.g.add(b, L.g.scatter_nd(indices, values, shape=tuple(_dims(L, dense_shape, fixed))))


def _apply(op_type, lower, inputs, out_dtype, shape, name=None, **params):
    """One op of the recipe `lower`; a graph op's static shape is given (it may depend on a
    fed dense shape, which the stand-in lowering of core.static_shapes cannot know)."""
    dense_shape = inputs[1 if op_type == "SparseToDense" else 2]       # (TensorFlow's order of inputs)
    value = known(dense_shape)
    params["fixed"] = None if value is None or (value < 0).any() else tuple(int(d) for d in np.atleast_1d(value))
    recipe = Recipe("fn", lower, params)
    if ctx.eager:
        return make_op(op_type, recipe, inputs, [out_dtype], name)[0]
    graph = ctx.graph
    op = Operation(op_type, graph.unique_name(name or op_type), list(inputs), recipe, graph, user_pos())
    if "node" in params:
        params["node"] = op.name          # (a run's error names the node)
    return _add_op(graph, op, [(out_dtype, None if shape is None else tuple(shape))])[0]


def _order_error(indices, dims, check_order=True):
    """TensorFlow's validation of a sparse tensor's indices: in bounds, then in row-major order
    without repeats (the kernel's order of checks, entry by entry)."""
    flat = np.asarray(indices, dtype=np.int64)
    for k, row in enumerate(flat):
        shown = ",".join(str(int(v)) for v in row)
        if dims is not None and any(v < 0 or v >= d for v, d in zip(row, dims)):
            return f"indices[{k}] = [{shown}] is out of bounds: need 0 <= index < [{','.join(map(str, dims))}]"
        if check_order and k:
            before = tuple(flat[k - 1])
            if tuple(row) < before:
                return (f"indices[{k}] = [{shown}] is out of order. Many sparse ops require sorted indices.\n"
                        "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n")
            if tuple(row) == before:
                return f"indices[{k}] = [{shown}] is repeated"
    return None


@tf_export("sparse.to_dense")
def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    sp = as_sparse(sp_input)
    return _sparse_to_dense(sp.indices, sp.dense_shape, sp.values, default_value, validate_indices, name,
                            sp.dims(), sp.known_dims())


def _sparse_to_dense(indices, dense_shape, values, default_value, validate, name, dims, shape):
    if values.dtype is dtypes.string:
        raise NotImplementedError("tf.sparse.to_dense of strings is not supported by autograd-cli's TensorFlow")
    zero = False if values.dtype is dtypes.bool_ else 0
    default = convert_to_tensor(zero if default_value is None else default_value, values.dtype)
    if ctx.eager and validate:
        given = indices.numpy()
        error = _order_error(given if given.ndim == 2 else given.reshape(-1, 1), dims)
        if error is not None:
            kernel.fail(error, "SparseToDense", "")
    return _apply("SparseToDense", _lower_to_dense, [indices, dense_shape, values, default], values.dtype, shape,
                  name, validate=bool(validate) and not ctx.eager, node="")


@tf_export("compat.v1.sparse_tensor_to_dense")
def sparse_tensor_to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    return to_dense(sp_input, default_value, validate_indices, name)


@tf_export("compat.v1.sparse_to_dense")
def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True, name=None):
    """TF1's dense op of (indices, shape, values): indices of rank 0 or 1 index the first axis,
    scalar values are every entry's."""
    indices = convert_to_tensor(sparse_indices)
    shape = convert_to_tensor(output_shape, indices.dtype)
    values = convert_to_tensor(sparse_values)
    value = known(shape)
    dims = None if value is None else [int(d) for d in np.atleast_1d(value)]
    return _sparse_to_dense(indices, shape, values, default_value, validate_indices, name, dims, dims)


@tf_export("sparse.sparse_dense_matmul", "compat.v1.sparse.matmul", "compat.v1.sparse_tensor_dense_matmul")
def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    sp = as_sparse(sp_a)
    dense = convert_to_tensor(b, dtype_hint=sp.dtype)
    dims = sp.dims()
    if ctx.eager and dense.dtype != sp.dtype:
        raise InvalidArgumentError(None, None, f"cannot compute SparseTensorDenseMatMul as input #3(zero-based) was "
                                   f"expected to be a {sp.dtype.kernel_name} tensor but is a "
                                   f"{dense.dtype.kernel_name} tensor [Op:SparseTensorDenseMatMul] name: ")
    if ctx.eager and dims is not None and len(dims) != 2:
        kernel.fail("Tensor 'a_shape' must have 2 elements", "SparseTensorDenseMatMul", "")
    if dense._shape is not None and len(dense._shape) != 2:
        raise ValueError(f"Shape must be rank 2 but is rank {len(dense._shape)}")
    if dims is not None and len(dims) != 2:
        raise ValueError(f"Shape must be rank 2 but is rank {len(dims)}")
    a_inner = None if dims is None else dims[0 if adjoint_a else 1]
    shown = sp.known_dims()
    a_rows = None if shown is None else shown[1 if adjoint_a else 0]
    b_inner, b_cols = (None, None) if dense._shape is None else (
        dense._shape[::-1] if adjoint_b else dense._shape)
    if ctx.eager and a_inner != b_inner:
        kernel.fail(_inner_mismatch(a_inner, b_inner, dims, dense._shape), "SparseTensorDenseMatMul", "")
    if ctx.eager:         # (the kernel's bounds checks, the inner index first)
        m_at, k_at = (1, 0) if adjoint_a else (0, 1)
        for n, row in enumerate(sp.indices.numpy().tolist()):
            for letter, at, size in (("k", k_at, a_inner), ("m", m_at, dims[m_at])):
                if not 0 <= row[at] < size:
                    kernel.fail(f"{letter} ({row[at]}) from index[{n},{at}] out of bounds (>={size})",
                                "SparseTensorDenseMatMul", "")
    with name_scope(name, "SparseTensorDenseMatMul"):
        return _apply("SparseTensorDenseMatMul", _lower_matmul, [sp.indices, sp.values, sp.dense_shape, dense],
                      sp.dtype, (a_rows, b_cols), adjoint_a=bool(adjoint_a), adjoint_b=bool(adjoint_b))


def _axes(axis, rank):
    if axis is None:
        return None
    values = np.atleast_1d(np.asarray(axis.numpy() if isinstance(axis, Tensor) else axis)).astype(int).tolist()
    if rank is not None:
        for a in values:
            if not -rank <= a < rank:
                kernel.fail(f"Invalid reduction dimension {a}, for input with {rank} dimensions.", "SparseReduceSum",
                            "")
    return values


@tf_export("sparse.reduce_sum")
def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    sp = as_sparse(sp_input)
    if output_is_sparse:
        return _reduce_sum_sparse(sp, axis, keepdims, name)
    dims = sp.dims()
    axes = _axes(axis, None if dims is None else len(dims))
    keep = bool(keepdims)
    shape, dims = None, sp.known_dims()
    if dims is not None and None not in dims:
        reduced = set(range(len(dims))) if axes is None else {a % len(dims) for a in axes}
        shape = [1 if k in reduced else d for k, d in enumerate(dims) if keep or k not in reduced]
    return _apply("SparseReduceSum", _lower_reduce_sum, [sp.indices, sp.values, sp.dense_shape], sp.dtype, shape,
                  name, axes=axes, keepdims=keep)


def _reduce_sum_sparse(sp, axis, keepdims, name):
    """SparseReduceSumSparse: an entry per group of the kept dimensions that has entries, in
    row-major order, its value the dense sum there."""
    from autograd_cli.tensorflow.array_ops import gather_nd

    indices, dims = _sparse_entries(sp, "tf.sparse.reduce_sum(output_is_sparse=True)")
    rank = len(dims)
    axes = _axes(axis, rank)
    reduced = set(range(rank)) if axes is None else {a % rank for a in axes}
    keys = indices.copy()
    keys[:, sorted(reduced)] = 0
    if not keepdims:
        keys = keys[:, [k for k in range(rank) if k not in reduced]]
    keys = np.unique(keys, axis=0) if keys.shape[1] else keys[:min(len(keys), 1)]
    dense = reduce_sum(sp, axis, keepdims, name=name)
    shape = [1 if k in reduced else d for k, d in enumerate(dims) if keepdims or k not in reduced]
    return SparseTensor(keys, gather_nd(dense, keys), np.asarray(shape, dtype=np.int64))


@tf_export("compat.v1.sparse.reduce_sum_sparse", "compat.v1.sparse_reduce_sum_sparse")
def reduce_sum_sparse_v1(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    return reduce_sum(sp_input, axis if axis is not None else reduction_axes,
                      keepdims if keepdims is not None else keep_dims, output_is_sparse=True)


@tf_export("compat.v1.sparse.reduce_sum", "compat.v1.sparse_reduce_sum")
def reduce_sum_v1(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    return reduce_sum(sp_input, axis if axis is not None else reduction_axes,
                      keepdims if keepdims is not None else keep_dims)


def _sparse_entries(sp, what):
    """(indices, dense shape) as NumPy arrays: known when the op is made."""
    indices, dims = known(sp.indices), sp.dims()
    if indices is None or dims is None:
        raise NotImplementedError(f"{what} of a SparseTensor whose indices or shape are known only when the graph "
                                  "runs (a sparse_placeholder's) is not supported by autograd-cli's TensorFlow")
    return indices.astype(np.int64).reshape(-1, len(dims)), dims


@tf_export("sparse.add")
def add(a, b, threshold=0):
    a_sparse, b_sparse = isinstance(a, (SparseTensor, SparseTensorValue)), isinstance(b, (SparseTensor,
                                                                                         SparseTensorValue))
    if not a_sparse and not b_sparse:
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if a_sparse and b_sparse:
        return _sparse_sum(as_sparse(a), as_sparse(b), threshold)
    sp, dense = (as_sparse(a), b) if a_sparse else (as_sparse(b), a)
    dense = convert_to_tensor(dense, sp.dtype)
    dims = sp.dims()
    if ctx.eager and dims is not None:
        if len(dense._shape) != len(dims):
            kernel.fail(f"Dimensions of A and B do not match: {kernel.dims(dims)} vs. {kernel.dims(dense._shape)}",
                        "SparseTensorDenseAdd", "")
        for k, (d, e) in enumerate(zip(dims, dense._shape)):
            if d != e:
                kernel.fail(f"Dimension {k} does not equal (no broadcasting is supported): sparse side {d} vs dense "
                            f"side {e}", "SparseTensorDenseAdd", "")
    return _apply("SparseTensorDenseAdd", _lower_dense_add, [sp.indices, sp.values, sp.dense_shape, dense],
                  sp.dtype, dense._shape)


@tf_export("compat.v1.sparse.add", "compat.v1.sparse_add")
def add_v1(a, b, threshold=None, thresh=None):
    return add(a, b, threshold if threshold is not None else (thresh if thresh is not None else 0))


def _sparse_sum(a, b, threshold):
    """SparseAdd: the union of the entries (both in row-major order), summed; a sum smaller in
    magnitude than the threshold is dropped. The values are the dense sum gathered there."""
    from autograd_cli.tensorflow.array_ops import gather_nd

    ia, dims = _sparse_entries(a, "tf.sparse.add")
    ib, dims_b = _sparse_entries(b, "tf.sparse.add")
    if dims != dims_b:
        kernel.fail(f"Operands' shapes do not match: A.shape = {kernel.dims(dims)} vs. B.shape = "
                    f"{kernel.dims(dims_b)}", "SparseAdd", "")
    union = sorted({tuple(r) for r in ia} | {tuple(r) for r in ib})
    union = np.asarray(union, dtype=np.int64).reshape(-1, len(dims))
    both = to_dense(a, validate_indices=False) + to_dense(b, validate_indices=False)
    values = gather_nd(both, union)
    if threshold and not ctx.eager:
        raise NotImplementedError("tf.sparse.add of two SparseTensors with a threshold in a graph (the entries kept "
                                  "depend on the values) is not supported by autograd-cli's TensorFlow")
    if threshold:
        keep = np.abs(values.numpy()) >= threshold
        from autograd_cli.tensorflow.array_ops import boolean_mask

        union, values = union[keep], boolean_mask(values, keep)
    return SparseTensor(union, values, dims)


# ---------------------------------------------------------------- ops that rearrange the entries

def _taken(sp, order, indices, dims, op_type=None, same_shape=False):
    """A SparseTensor of these indices and shape whose values are sp's, taken in `order`: by
    one op of TensorFlow's (its indices output a constant; its values' gradient dense, as
    SparseReorder's and SparseSlice's are), or by tf.gather where TensorFlow gathers (retain)."""
    from autograd_cli.tensorflow.array_ops import gather

    order = np.asarray(order, dtype=np.int64)
    indices = np.asarray(indices, dtype=np.int64).reshape(len(order), len(dims))
    dims = np.asarray(dims, dtype=np.int64)
    if op_type is None:
        return SparseTensor(indices, gather(sp.values, order), dims)
    recipe = Recipe("fn", _lower_taken, {"order": order, "indices": indices})
    out_dtypes = [dtypes.int64, sp.values.dtype]
    if ctx.eager:
        made = make_op(op_type, recipe, [sp.values], out_dtypes)
    else:
        graph = ctx.graph
        op = Operation(op_type, graph.unique_name(op_type), [sp.values], recipe, graph, user_pos())
        made = _add_op(graph, op, list(zip(out_dtypes, [indices.shape, order.shape])))
    return SparseTensor(made[0], made[1], sp.dense_shape if same_shape else dims)


def _lower_taken(L, values, order, indices):
    return [L.g.const(indices.astype(np.float64)), L.g.gather(values, L.g.const(order.astype(np.float64)), axis=0)]


def _row_major(indices):
    return np.lexsort(indices.T[::-1]) if len(indices) else np.zeros(0, dtype=np.int64)


@tf_export("sparse.reorder", "compat.v1.sparse_reorder")
def reorder(sp_input, name=None):
    sp = as_sparse(sp_input)
    if known(sp.indices) is None:
        return _reorder_fed(sp, name)
    indices, dims = _sparse_entries(sp, "tf.sparse.reorder")
    order = _row_major(indices)
    return _taken(sp, order, indices[order], dims, "SparseReorder", same_shape=True)


def _reorder_fed(sp, name, perm=None):
    """SparseReorder of indices known only when the graph runs (their columns first permuted
    by `perm`, "reversed" for all of them: a transpose): sorted by their row-major position
    when the session's engine graph is made (its dense shape fixed by the plan)."""
    from autograd_cli.tensorflow.array_ops import identity

    recipe = Recipe("fn", _lower_reorder, {"perm": perm})
    dense_shape = identity(sp.dense_shape)
    graph = ctx.graph
    op = Operation("SparseReorder", graph.unique_name(name or "SparseReorder"), [sp.indices, sp.values,
                                                                               sp.dense_shape], recipe, graph,
                   user_pos())
    n = sp.indices._shape[0] if sp.indices._shape else None
    made = _add_op(graph, op, [(dtypes.int64, sp.indices._shape), (sp.values.dtype, (n,))])
    result = SparseTensor(made[0], made[1], dense_shape)
    result._static = None if perm is not None or sp._static is None else sp._static
    return result


def _lower_reorder(L, indices, values, dense_shape, perm):
    dims = _dims(L, dense_shape, None)         # (a transpose's: already permuted)
    if perm is not None:
        perm = list(range(len(dims)))[::-1] if perm == "reversed" else list(perm)
        indices = L.g.gather(indices, L.g.const(np.asarray(perm, dtype=np.float64)), axis=1)
    strides = np.cumprod([1] + dims[:0:-1])[::-1].astype(np.float64)
    rounding, L.g.float32 = L.g.float32, False         # (positions are exact integers: no float32 rounding)
    position = L.g.reduce_sum(L.g.multiply(indices, L.g.const(strides)), axis=[1], keepdims=False)
    order = L.g.top_k_indices(L.g.negative(position), k=indices.shape[0])
    ordered = L.g.gather(indices, order, axis=0)
    L.g.float32 = rounding
    return [ordered, L.g.gather(values, order, axis=0)]


@tf_export("sparse.transpose", "compat.v1.sparse_transpose")
def transpose(sp_input, perm=None, name=None):
    sp = as_sparse(sp_input)
    if known(sp.indices) is None:
        from autograd_cli.tensorflow.array_ops import gather, reverse

        with name_scope(name, "SparseTranspose"):
            if perm is None:
                return _reorder_fed(SparseTensor(sp.indices, sp.values, reverse(sp.dense_shape, [0])), None,
                                    "reversed")
            order = [int(p) for p in np.asarray(perm.numpy() if isinstance(perm, Tensor) else perm).ravel()]
            return _reorder_fed(SparseTensor(sp.indices, sp.values, gather(sp.dense_shape, order)), None,
                                tuple(order))
    indices, dims = _sparse_entries(sp, "tf.sparse.transpose")
    rank = len(dims)
    perm = list(range(rank))[::-1] if perm is None else [int(p) for p in np.asarray(
        perm.numpy() if isinstance(perm, Tensor) else perm).ravel()]
    if len(perm) != rank or not all(-rank <= p < rank for p in perm):
        raise ValueError(f"perm {perm} is not a permutation of the {rank} dimensions")
    moved = indices[:, perm]
    order = _row_major(moved)
    with name_scope(name, "SparseTranspose"):
        return _taken(sp, order, moved[order], [dims[p] for p in perm], "SparseReorder")


@tf_export("sparse.reshape", "compat.v1.sparse_reshape")
def reshape(sp_input, shape, name=None):
    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.reshape")
    target = [int(d) for d in np.asarray(shape.numpy() if isinstance(shape, Tensor) else shape).ravel()]
    size = int(np.prod(dims))
    if target.count(-1) > 1:
        kernel.fail("only one output dimension may be -1, not both 0 and 1", "SparseReshape", "")
    if -1 in target:
        rest = int(np.prod([d for d in target if d != -1]))
        target[target.index(-1)] = size // rest if rest else 0
    if int(np.prod(target)) != size:
        kernel.fail(f"Input to reshape is a tensor with {size} dense values, but the requested shape has "
                    f"{int(np.prod(target))}. input_shape={kernel.dims(dims)} output_shape={kernel.dims(target)}",
                    "SparseReshape", "")
    flat = np.ravel_multi_index(indices.T, dims) if len(indices) else np.zeros(0, dtype=np.int64)
    moved = np.stack(np.unravel_index(flat, target), axis=1) if len(indices) else np.zeros((0, len(target)))
    return SparseTensor(np.asarray(moved, dtype=np.int64).reshape(-1, len(target)), sp.values,
                        np.asarray(target, dtype=np.int64))


@tf_export("sparse.expand_dims")
def expand_dims(sp_input, axis=None, name=None):
    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.expand_dims")
    rank = len(dims)
    at = -1 if axis is None else int(axis)
    if not -rank - 1 <= at <= rank:      # (TensorFlow's own check is a Slice's of the shape)
        kernel.fail(f"Expected size[1] in [0, {rank}], but got {at}" if at > 0 else
                    f"Expected begin[0] in [0, {rank}], but got {at + rank + 1}", "Slice", None)
    at %= rank + 1
    moved = np.insert(indices, at, 0, axis=1)
    return SparseTensor(moved, sp.values, np.asarray(dims[:at] + [1] + dims[at:], dtype=np.int64))


@tf_export("sparse.retain", "compat.v1.sparse_retain")
def retain(sp_input, to_retain):
    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.retain")
    keep = known(convert_to_tensor(to_retain, dtypes.bool_))
    if keep is None:
        raise NotImplementedError("tf.sparse.retain of a mask known only when the graph runs is not supported "
                                  "by autograd-cli's TensorFlow")
    if keep.shape != (len(indices),):
        raise ValueError(f"Dimensions {len(indices)} and {keep.shape[0] if keep.ndim else 0} are not compatible")
    order = np.flatnonzero(keep)
    return _taken(sp, order, indices[order], dims)


@tf_export("sparse.slice", "compat.v1.sparse_slice")
def slice_(sp_input, start, size, name=None):
    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.slice")
    start = [int(v) for v in np.asarray(start.numpy() if isinstance(start, Tensor) else start).ravel()]
    size = [int(v) for v in np.asarray(size.numpy() if isinstance(size, Tensor) else size).ravel()]
    for what, given in (("start", start), ("size", size)):
        if len(given) != len(dims):
            kernel.fail(f"Expected {what} to be a vector of length {len(dims)} but got length {len(given)}",
                        "SparseSlice", "")
    end = [min(s + n, d) for s, n, d in zip(start, size, dims)]
    inside = np.all((indices >= start) & (indices < end), axis=1) if len(indices) else np.zeros(0, dtype=bool)
    order = np.flatnonzero(inside)
    return _taken(sp, order, indices[order] - np.asarray(start), [max(e - s, 0) for s, e in zip(start, end)],
                  "SparseSlice")


@tf_export("sparse.concat")
def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None, expand_nonconcat_dim=False):
    """SparseConcat: the entries placed along the axis, in row-major order. TensorFlow registers
    no gradient for it (NotDifferentiable): its values are a stop_gradient."""
    from autograd_cli.tensorflow.array_ops import concat as dense_concat, gather, stop_gradient

    parts = [as_sparse(sp) for sp in sp_inputs]
    entries = [_sparse_entries(sp, "tf.sparse.concat") for sp in parts]
    rank = len(entries[0][1])
    at = int(axis) % rank
    expand = expand_nonconcat_dims or expand_nonconcat_dim
    first = entries[0][1]
    for k, (_, dims) in enumerate(entries):
        if len(dims) != rank:
            kernel.fail(f"Ranks of all input tensors must match: expected {rank} but got {len(dims)} at position "
                        f"{k}", "SparseConcat", "", len(parts))
        for j, (d, e) in enumerate(zip(dims, first)):
            if j != at and d != e and not expand:
                kernel.fail(f"Input shapes must match: expected {e} for dimension {j} but got {d} at position {k}",
                            "SparseConcat", "", len(parts))
    shape = [max(dims[j] for _, dims in entries) for j in range(rank)]
    shape[at] = sum(dims[at] for _, dims in entries)
    placed, offset = [], 0
    for indices, dims in entries:
        moved = indices.copy()
        moved[:, at] += offset
        placed.append(moved)
        offset += dims[at]
    indices = np.concatenate(placed)
    order = _row_major(indices)
    values = stop_gradient(gather(dense_concat([sp.values for sp in parts], 0), order))
    return SparseTensor(indices[order], values, np.asarray(shape, dtype=np.int64))


@tf_export("compat.v1.sparse.concat", "compat.v1.sparse_concat")
def concat_v1(axis, sp_inputs, name=None, expand_nonconcat_dim=False, concat_dim=None, expand_nonconcat_dims=None):
    return concat(axis if concat_dim is None else concat_dim, sp_inputs,
                  bool(expand_nonconcat_dims or expand_nonconcat_dim))


@tf_export("sparse.reduce_max")
def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """SparseReduceMax: the largest of each group's entries (the implicit zeros not counted; a
    group without entries is 0). TensorFlow registers no gradient for it: a stop_gradient here."""
    from autograd_cli.tensorflow.array_ops import stop_gradient
    from autograd_cli.tensorflow.linalg_ops import scatter_nd, unsorted_segment_max

    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.reduce_max")
    rank = len(dims)
    axes = _axes(axis, rank)
    reduced = sorted(set(range(rank)) if axes is None else {a % rank for a in axes})
    kept = [k for k in range(rank) if keepdims or k not in reduced]
    keys = indices.copy()
    keys[:, reduced] = 0
    keys = keys[:, kept]
    groups, ids = np.unique(keys, axis=0, return_inverse=True) if keys.shape[1] else (
        keys[:min(len(keys), 1)], np.zeros(len(keys), dtype=np.int64))
    maxes = unsorted_segment_max(stop_gradient(sp.values), np.asarray(ids).reshape(-1).astype(np.int32),
                                 len(groups))
    shape = [1 if k in reduced else dims[k] for k in kept]
    if output_is_sparse:
        return SparseTensor(groups, maxes, np.asarray(shape, dtype=np.int64))
    return scatter_nd(groups.astype(np.int64), maxes, shape)


@tf_export("compat.v1.sparse.reduce_max", "compat.v1.sparse_reduce_max")
def reduce_max_v1(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    return reduce_max(sp_input, axis if axis is not None else reduction_axes,
                      keepdims if keepdims is not None else keep_dims)


@tf_export("sparse.from_dense")
def from_dense(tensor, name=None):
    from autograd_cli.tensorflow.array_ops import gather_nd

    x = convert_to_tensor(tensor)
    value = known(x)
    if value is None:
        raise NotImplementedError("tf.sparse.from_dense of a tensor known only when the graph runs is not "
                                  "supported by autograd-cli's TensorFlow (the number of entries is the data's)")
    indices = np.argwhere(value != (b"" if value.dtype == object else 0)).astype(np.int64)
    return SparseTensor(indices, gather_nd(x, indices), np.asarray(value.shape, dtype=np.int64))


@tf_export("sparse.to_indicator", "compat.v1.sparse_to_indicator")
def to_indicator(sp_input, vocab_size, name=None):
    sp = as_sparse(sp_input)
    indices, dims = _sparse_entries(sp, "tf.sparse.to_indicator")
    ids = known(sp.values)
    if ids is None:
        raise NotImplementedError("tf.sparse.to_indicator of values known only when the graph runs is not "
                                  "supported by autograd-cli's TensorFlow")
    vocab = int(vocab_size)
    out = np.zeros(dims[:-1] + [vocab], dtype=bool)
    for row, v in zip(indices, ids.ravel()):
        if not 0 <= v < vocab:
            kernel.fail(f"Indices are not valid (out of bounds).  Shape: {kernel.dims(out.shape)}", "SparseToDense",
                        "")
        out[tuple(row[:-1]) + (int(v),)] = True
    return convert_to_tensor(out)


@tf_export("sparse.map_values")
def map_values(op, *args, **kwargs):
    """op applied to the values of the SparseTensors among the arguments (which share their
    indices), the other arguments as given."""
    found = [a for a in (*args, *kwargs.values()) if isinstance(a, SparseTensor)]
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = found[0]
    for other in found[1:]:
        same = known(other.indices), known(first.indices)
        if other.indices is not first.indices and (same[0] is None or same[1] is None
                                                   or not np.array_equal(*same)):
            kernel.fail("Expected all SparseTensors to have the same indices", "AssertEqual", "")

    def unwrap(a):
        return a.values if isinstance(a, SparseTensor) else a
    values = op(*map(unwrap, args), **{k: unwrap(v) for k, v in kwargs.items()})
    return SparseTensor(first.indices, values, first.dense_shape)


@tf_export("sparse.eye")
def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None):
    rows = int(num_rows)
    columns = rows if num_columns is None else int(num_columns)
    diagonal = np.arange(min(rows, columns), dtype=np.int64)
    return SparseTensor(np.stack([diagonal, diagonal], axis=1), convert_to_tensor(np.ones(len(diagonal)), dtype),
                        np.asarray([rows, columns], dtype=np.int64))


# ---------------------------------------------------------------- TF1's sparse placeholder

@tf_export("compat.v1.sparse_placeholder", "compat.v1.sparse.placeholder")
def sparse_placeholder(dtype, shape=None, name=None):
    from autograd_cli.tensorflow.session import placeholder, placeholder_with_default

    if ctx.eager:
        raise RuntimeError("`sparse_placeholder` is not compatible with eager execution.")
    scoped = (lambda part: f"{name}/{part}") if name is not None else (lambda part: None)
    if shape is None:
        dense_shape = placeholder(dtypes.int64, [None], name=scoped("shape"))
        rank, static = None, None
    else:
        static = [None if d is None or d == -1 else int(d) for d in TensorShape(shape).as_list()]
        rank = len(static)
        from autograd_cli.tensorflow.core import constant_tensor

        # (feedable, as TensorFlow's placeholder_with_default: not a constant to shape inference)
        default = constant_tensor(np.asarray([-1 if d is None else d for d in static], dtype=np.int64),
                                  dtypes.int64, name=scoped("shape_default"))
        dense_shape = placeholder_with_default(default, [rank], name=scoped("shape") or "PlaceholderWithDefault")
    dense_shape.op.attrs["fixes_plan"] = True       # a fed dense shape sizes the engine graph (session.py)
    values = placeholder(dtype, [None], name=scoped("values"))
    indices = placeholder(dtypes.int64, [None, rank], name=scoped("indices"))
    result = SparseTensor(indices, values, dense_shape)
    if static is not None:
        result.set_shape(static)
    return result

