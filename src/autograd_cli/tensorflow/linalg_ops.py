"""tf.linalg, the segment reductions, scatter_nd, polygamma and top_k: each function is the
`.ag` built-in of its name (its handler builds the engine nodes), with TensorFlow's parameters;
`solve`, `matvec` and `matrix_transpose` are composed of the op table's rows. `solve(a, b)` is
`inv(a) @ b` computed in float64 and rounded to float32 once (TensorFlow's float32 LU solve
may differ in the last digit)."""
from __future__ import annotations

import collections

import numpy as np

from autograd_cli.ops.decompositions import square_shape
from autograd_cli.tensorflow import array_ops, math_ops
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.core import convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.lowering import ROUND, Recipe
from autograd_cli.tensorflow.math_ops import binary_inputs, builtin_op

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])     # what tf.math.top_k returns


@tf_export("linalg.inv", "compat.v1.matrix_inverse", "matrix_inverse", builtin="matrix_inverse")
def inv(input, adjoint=False, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    math_ops.check_kernel("MatrixInverse", x, ("double", "float", "half", "complex64", "complex128"),
                          "input:T -> output:T", "input")
    if ctx.eager:
        kernel.square_matrix("MatrixInverse", x, invertible=True)
    return builtin_op("MatrixInverse", "matrix_inverse", {"input": x}, {"adjoint": bool(adjoint)}, x.dtype, name)


@tf_export("linalg.det", "compat.v1.matrix_determinant", "matrix_determinant", builtin="matrix_determinant")
def det(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    math_ops.check_kernel("MatrixDeterminant", x, ("half", "float", "double", "complex64", "complex128"),
                          "input:T -> output:T", "input")
    if ctx.eager:
        kernel.square_matrix("MatrixDeterminant", x)
    return builtin_op("MatrixDeterminant", "matrix_determinant", {"input": x}, {}, x.dtype, name)


@tf_export("linalg.trace", "compat.v1.trace", "trace", builtin="trace")
def trace(x, name=None):
    x = convert_to_tensor(x)
    if ctx.eager:
        kernel.matrix_rank2(x._shape, "diag_part")      # (TensorFlow's trace sums the diagonal part)
    return builtin_op("Trace", "trace", {"x": x}, {}, x.dtype, name)


@tf_export("linalg.diag", "compat.v1.matrix_diag", "matrix_diag", builtin="diag")
def diag(diagonal, name="diag", k=0):
    x = convert_to_tensor(diagonal)
    return builtin_op("MatrixDiagV3", "diag", {"diagonal": x}, {"k": int(k)}, x.dtype, None)


@tf_export("linalg.diag_part", "compat.v1.matrix_diag_part", "matrix_diag_part", builtin="diag_part")
def diag_part(input, name="diag_part", k=0):   # noqa: A002
    x = convert_to_tensor(input)
    if ctx.eager:
        kernel.matrix_rank2(x._shape, name)
    return builtin_op("MatrixDiagPartV3", "diag_part", {"input": x}, {"k": int(k)}, x.dtype, None)


@tf_export("linalg.cholesky", "compat.v1.cholesky", "cholesky", builtin="cholesky")
def cholesky(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    math_ops.check_kernel("Cholesky", x, ("double", "float", "half", "complex64", "complex128"), "input:T -> output:T",
                          "input")
    if ctx.eager:
        kernel.square_matrix("Cholesky", x)
    graph_shapes("Cholesky", name, [x], square_shape)
    return builtin_op("Cholesky", "cholesky", {"input": x}, {}, x.dtype, name)


@tf_export("norm", "linalg.norm", builtin="norm")
def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):   # noqa: A002
    x = convert_to_tensor(tensor)
    math_ops.check_kernel("Sqrt", x)       # (TensorFlow's euclidean norm is the sqrt of a sum)
    static = {"ord": ord, "axis": axis, "keepdims": keepdims}
    return builtin_op("Norm", "norm", {"tensor": x}, static, x.dtype, name)


def _segment(op_type, builtin, *paths):
    def fn(data, segment_ids, name=None):
        x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        return builtin_op(op_type, builtin, {"data": x, "segment_ids": ids}, {}, x.dtype, name)
    fn.__name__ = fn.__qualname__ = builtin
    return tf_export(*paths, builtin=builtin)(fn)


segment_sum = _segment("SegmentSum", "segment_sum", "math.segment_sum", "segment_sum")
segment_mean = _segment("SegmentMean", "segment_mean", "math.segment_mean", "segment_mean")
segment_max = _segment("SegmentMax", "segment_max", "math.segment_max", "segment_max")


@tf_export("math.unsorted_segment_sum", "unsorted_segment_sum", builtin="unsorted_segment_sum")
def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
    return builtin_op("UnsortedSegmentSum", "unsorted_segment_sum", {"data": x, "segment_ids": ids},
                      {"num_segments": int(num_segments)}, x.dtype, name)


def _unsorted_extreme(op_type, builtin, sign, *paths):
    def fn(data, segment_ids, num_segments, name=None):
        x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        info = np.finfo(x.dtype.np) if x.dtype.is_floating else np.iinfo(x.dtype.np)
        static = {"num_segments": int(num_segments), "empty": float(info.min if sign > 0 else info.max)}
        return builtin_op(op_type, builtin, {"data": x, "segment_ids": ids}, static, x.dtype, name)
    fn.__name__ = fn.__qualname__ = builtin
    return tf_export(*paths, builtin=builtin)(fn)


unsorted_segment_max = _unsorted_extreme("UnsortedSegmentMax", "unsorted_segment_max", 1,
                                         "math.unsorted_segment_max", "unsorted_segment_max")
unsorted_segment_min = _unsorted_extreme("UnsortedSegmentMin", "unsorted_segment_min", -1,
                                         "math.unsorted_segment_min", "unsorted_segment_min")


@tf_export("scatter_nd", builtin="scatter_nd")
def scatter_nd(indices, updates, shape, name=None):
    i, u = convert_to_tensor(indices), convert_to_tensor(updates)
    dims = [int(d) for d in (shape.numpy() if hasattr(shape, "numpy") else shape)]
    return builtin_op("ScatterNd", "scatter_nd", {"indices": i, "updates": u}, {"shape": dims}, u.dtype, name)


@tf_export("math.polygamma", "polygamma", builtin="polygamma")
def polygamma(a, x, name=None):
    a, x = binary_inputs("Polygamma", a, x)
    return builtin_op("Polygamma", "polygamma", {"a": a, "x": x}, {}, x.dtype, name)


def _matrices(op_type, *tensors):
    for t in tensors:
        if t._shape is not None and len(t._shape) < 2:
            message = f"Shape must be at least rank 2 but is rank {len(t._shape)}"
            if ctx.eager:
                raise InvalidArgumentError(None, None, f"{message} [Op:{op_type}] name: ")
            raise ValueError(f"{message} for '{{{{node {op_type}}}}} = {op_type}[T=DT_FLOAT]'")


def graph_shapes(op_type, name, inputs, *rules):
    """While building a TF1 graph, the shape function's error of an op whose static shapes do not
    fit: each rule (static shapes -> shape, ShapeError in TensorFlow's words) is tried, and the
    node named as TensorFlow does."""
    if ctx.eager or any(t._shape is None or None in t._shape for t in inputs):
        return
    from types import SimpleNamespace

    from autograd_cli.ops import ShapeError
    from autograd_cli.tensorflow.core import shape_value_error

    for rule in rules:
        try:
            rule(*[tuple(t._shape) for t in inputs])
        except ShapeError as exc:
            # (a node TensorFlow fails to make has taken its name all the same)
            node = SimpleNamespace(name=ctx.graph.unique_name(name or op_type), type=op_type)
            raise shape_value_error(node, inputs, exc) from None


def _lower_solve(L, a, rhs, adjoint):
    from autograd_cli.ops.table import swap_last

    g = L.g
    rounding = getattr(g, "float32", False)
    g.float32 = False
    try:
        x = g.matmul(g.matrix_inverse(swap_last(g, a) if adjoint else a), rhs)
    finally:
        g.float32 = rounding
    return g.apply(ROUND, x) if rounding else x


@tf_export("linalg.solve", "matrix_solve")
def solve(matrix, rhs, adjoint=False, name=None):
    a, b = binary_inputs("MatrixSolve", matrix, rhs)
    _matrices("MatrixSolve", a, b)

    def eager(x, y):
        x64 = np.swapaxes(x, -1, -2) if adjoint else x
        try:
            return np.linalg.solve(x64.astype(np.float64), y.astype(np.float64)).astype(x.dtype)
        except np.linalg.LinAlgError:
            raise InvalidArgumentError(None, None, kernel_message("MatrixSolve", "Input matrix is not invertible.")) from None
        except ValueError as exc:
            raise InvalidArgumentError(None, None, kernel_message("MatrixSolve", str(exc))) from None
    return make_op("MatrixSolve", Recipe("fn", _lower_solve, {"adjoint": bool(adjoint)}), [a, b], [a.dtype],
                   name or "MatrixSolve", eager_fn=eager)[0]


@tf_export("linalg.matvec")
def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None):
    from autograd_cli.tensorflow.modes import name_scope

    with name_scope(name, "MatVec"):
        column = array_ops.expand_dims(convert_to_tensor(b), -1)
        return array_ops.squeeze(math_ops.matmul(a, column, transpose_a=transpose_a, adjoint_a=adjoint_a), axis=-1)


@tf_export("linalg.matrix_transpose", "linalg.adjoint", "matrix_transpose")
def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = convert_to_tensor(a)
    _matrices("Transpose", x)
    rank = len(x._shape)
    return array_ops.transpose(x, list(range(rank - 2)) + [rank - 1, rank - 2], name=name)


@tf_export("math.top_k", "nn.top_k", builtin="top_k")
def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    recipe = Recipe("builtin", "top_k", {"names": ("input",), "static": {"k": int(k), "sorted": bool(sorted)}})
    values, indices = make_op("TopKV2", recipe, [x], [x.dtype, as_dtype(index_type)], name)
    return TopKV2(values, indices)


@tf_export("sort")
def sort(values, axis=-1, direction="ASCENDING", name=None):
    return _sort_or_argsort(values, axis, direction, False)


@tf_export("argsort")
def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    return _sort_or_argsort(values, axis, direction, True)


def _sort_or_argsort(values, axis, direction, indices):
    """TensorFlow's composition: top_k along the axis (moved last), ascending as top_k of the
    negated values (of -x - 1 for integers), so values and gradients are top_k's."""
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. Received: "
                         f"direction={direction}")
    x = convert_to_tensor(values)
    axis = int(axis)
    if direction == "DESCENDING":
        return _descending(x, axis, indices)
    if x.dtype.is_integer:
        found = _descending(math_ops.subtract(math_ops.negative(x), 1), axis, indices)
        return found if indices else math_ops.subtract(math_ops.negative(found), 1)
    found = _descending(math_ops.negative(x), axis, indices)
    return found if indices else math_ops.negative(found)


def _descending(x, axis, indices):
    rank = len(x._shape)
    k = array_ops.shape(x)[axis]        # (an axis out of range is this slice's error, as in TensorFlow)
    perm = None
    if not (axis == -1 or axis + 1 == rank):
        axis %= rank
        perm = [*range(axis), rank - 1, *range(axis + 1, rank - 1), axis]
        x = array_ops.transpose(x, perm)
    found = top_k(x, int(k))[1 if indices else 0]
    return array_ops.transpose(found, perm) if perm is not None else found


@tf_export("linalg.svd", "svd")
def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """s, u, v (u @ diag(s) @ v^H == tensor), computed eagerly in float64 and rounded once.
    Singular vectors are unique only up to sign: LAPACK's signs here, which may differ from
    TensorFlow's Eigen kernel column by column. Not differentiable here (a clear error)."""
    from autograd_cli.tensorflow.lowering import Recipe

    x = convert_to_tensor(tensor)
    _matrices("Svd", x)
    if not ctx.eager:
        raise NotImplementedError("tf.linalg.svd is computed eagerly only here (not in a graph or a traced "
                                  "tf.function's graph)")

    def eager(a):
        u, s, vh = np.linalg.svd(a.astype(np.float64), full_matrices=bool(full_matrices))
        v = np.swapaxes(vh, -1, -2).conj()
        return [s.astype(a.dtype), u.astype(a.dtype), v.astype(a.dtype)]

    def refuse(L, *nodes):
        raise NotImplementedError("the gradient of tf.linalg.svd is not supported here")
    outs = make_op("Svd", Recipe("fn", refuse), [x], [x.dtype] * 3, name or "Svd", eager_fn=eager)
    return outs if compute_uv else outs[0]
