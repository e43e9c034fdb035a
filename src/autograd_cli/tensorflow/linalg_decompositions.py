"""tf.linalg's band part, triangular and least-squares solves, QR, symmetric eigendecomposition,
log-determinants, pseudo-inverse and cross product.

Each kernel of TensorFlow's is an op of the table (ops/decompositions.py: its gradient rule is
TensorFlow's); what TensorFlow composes in Python is composed here of the same ops, so its
gradients are those of the parts: `cholesky_solve` (two triangular solves), `logdet` (the
Cholesky factor's diagonal), `lstsq` with fast=True (the regularised normal equations through
Cholesky). TensorFlow's float32 kernels are computed in float64 and rounded once here, except
eigh's, computed as TensorFlow's Eigen kernel computes it (its eigenvectors' signs); QR's signs
are LAPACK's, as TensorFlow's."""
from __future__ import annotations

import collections

import numpy as np

from autograd_cli.ops import ShapeError, symmetric_eigen
from autograd_cli.tensorflow import math_ops
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow.core import convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.failures import FailedPreconditionError, kernel_message
from autograd_cli.tensorflow.linalg_ops import _matrices, cholesky, diag_part, graph_shapes
from autograd_cli.tensorflow.lowering import Recipe, row_shape
from autograd_cli.tensorflow.math_ops import binary_inputs, check_kernel
from autograd_cli.tensorflow.modes import name_scope

Qr = collections.namedtuple("Qr", ["q", "r"])       # what tf.linalg.qr returns
LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])

_DECOMPOSING = ("double", "float", "half", "complex64", "complex128")     # Qr's, SelfAdjointEigV2's, MatrixSolveLs'


def _dims(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def _rule(row, params):
    return lambda *shapes: row_shape(row, list(shapes), dict(params))


def _row(op_type, row, inputs, params, name):
    graph_shapes(op_type, name, inputs, _rule(row, params))
    return make_op(op_type, Recipe("row", row, params), inputs, [inputs[0].dtype], name or op_type)[0]


def _rows_op(op_type, rows, x, params, name, eager=None):
    """One op of several outputs, one row each (their shape rules checked in a graph)."""
    graph_shapes(op_type, name, [x], *[_rule(row, params) for row in rows])
    recipe = Recipe("fn", _rows, {"rows": rows, "params": params})
    return make_op(op_type, recipe, [x], [x.dtype] * len(rows), name or op_type, eager_fn=eager)


def _rows(L, *nodes, rows, params):
    return [L.apply(row, *nodes, **params) for row in rows]


# ---------------------------------------------------------------- band part

@tf_export("linalg.band_part", "matrix_band_part")
def band_part(input, num_lower, num_upper, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    params = {"num_lower": int(num_lower), "num_upper": int(num_upper)}
    if ctx.eager:       # (the row's shape rule speaks the kernel's words)
        try:
            row_shape("band_part", [x._shape], params)
        except ShapeError as exc:
            kernel.fail(str(exc), "MatrixBandPart")
    return _row("MatrixBandPart", "band_part", [x], params, name)


# ---------------------------------------------------------------- triangular solves

def _triangular(matrix, rhs, lower, adjoint, name=None):
    a, b = binary_inputs("MatrixTriangularSolve", matrix, rhs)
    check_kernel("MatrixTriangularSolve", a, ("bfloat16", "double", "float", "half", "complex64", "complex128"),
                 "matrix:T, rhs:T -> output:T; attr=lower:bool,default=true; attr=adjoint:bool,default=false",
                 "matrix")
    if not ctx.eager:
        _matrices("MatrixTriangularSolve", a, b)
    else:
        sa, sb = a._shape, b._shape
        for k, s in enumerate((sa, sb)):
            if len(s) < 2:
                kernel.fail(f"In[{k}] ndims must be >= 2: {len(s)}", "MatrixTriangularSolve")
        lead_a, lead_b = sa[:-2], sb[:-2]
        if any(x != y and 1 not in (x, y) for x, y in zip(reversed(lead_a), reversed(lead_b))):
            kernel.fail(f"In[0] and In[1] must have compatible batch dimensions: {_dims(sa)} vs. {_dims(sb)}",
                        "MatrixTriangularSolve")
        if sa[-1] != sa[-2]:
            kernel.fail(f"In[0] matrices in the last dimensions must be square ({sa[-1]} =/= {sa[-2]})",
                        "MatrixTriangularSolve")
        if sa[-1] != sb[-2]:
            kernel.fail(f"In[0] mismatch In[1] shape: {sa[-1]} vs. {sb[-2]}: {_dims(sa)} {_dims(sb)} "
                        f"{int(bool(lower))} {int(bool(adjoint))}", "MatrixTriangularSolve")
    return _row("MatrixTriangularSolve", "triangular_solve", [a, b], {"lower": bool(lower), "adjoint": bool(adjoint)},
                name)


@tf_export("linalg.triangular_solve", "matrix_triangular_solve")
def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    with name_scope(name, "triangular_solve"):
        return _triangular(matrix, rhs, lower, adjoint)


@tf_export("linalg.cholesky_solve", "cholesky_solve")
def cholesky_solve(chol, rhs, name=None):
    """TensorFlow's composition: L y = rhs, then L^T x = y."""
    with name_scope(name, "cholesky_solve"):
        y = _triangular(chol, rhs, True, False)
        return _triangular(chol, y, True, True)


# ---------------------------------------------------------------- least squares

def _lower_min_norm(L, a, b):
    """fast=False: the minimum-norm solution (pinv(a) @ b, cutting singular values below LAPACK's
    default); TensorFlow defines no gradient for it (its ValueError, raised when one is asked for)."""
    if a.shape[-2] != b.shape[-2]:
        raise ShapeError(f"Dimensions must be equal, but are {a.shape[-2]} and {b.shape[-2]}")
    rcond = float(np.finfo(np.float64).eps) * max(a.shape[-2:])
    x = L.apply("matmul", L.apply("pinv", a, L.g.const(rcond)), b)
    return L.apply("custom_gradient", x, a, b, rule=_no_gradient,
                   name="MatrixSolveLs")


def _no_gradient(g, dy, i):
    raise ValueError("Gradient not defined for fast=False")


@tf_export("linalg.lstsq", "matrix_solve_ls")
def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    a = convert_to_tensor(matrix)
    b = convert_to_tensor(rhs, dtype=a.dtype)
    if not fast:
        check_kernel("MatrixSolveLs", a, _DECOMPOSING, "matrix:T, rhs:T, l2_regularizer:double -> output:T", "matrix")
        if ctx.eager:
            for k, s in enumerate((a._shape, b._shape)):
                if len(s) < 2:
                    kernel.fail(f"Input tensor {k} must have rank >= 2, got {len(s)}", "MatrixSolveLs")
            if a._shape[-2] != b._shape[-2]:
                kernel.fail("Input matrix and rhs are incompatible.", "MatrixSolveLs")
        else:
            _matrices("MatrixSolveLs", a, b)
        return make_op("MatrixSolveLs", Recipe("fn", _lower_min_norm), [a, b], [a.dtype], name or "MatrixSolveLs")[0]
    if len(a._shape) < 2:
        raise IndexError("tuple index out of range")       # (TensorFlow's own, reading the matrix's shape)
    with name_scope(name, "matrix_solve_ls"):
        rows, cols = a._shape[-2:]
        first_kind = rows >= cols
        gramian = math_ops.matmul(a, a, transpose_a=first_kind, transpose_b=not first_kind)
        if not isinstance(l2_regularizer, (int, float)) or l2_regularizer != 0:
            size = cols if first_kind else rows
            identity = convert_to_tensor(np.eye(size, dtype=a.dtype.np))
            gramian = gramian + math_ops.multiply(convert_to_tensor(l2_regularizer, dtype=a.dtype), identity)
        chol = cholesky(gramian)
        if first_kind:
            return cholesky_solve(chol, math_ops.matmul(a, b, transpose_a=True))
        return math_ops.matmul(a, cholesky_solve(chol, b), transpose_a=True)


# ---------------------------------------------------------------- QR, eigh

@tf_export("linalg.qr", "qr")
def qr(input, full_matrices=False, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    check_kernel("Qr", x, _DECOMPOSING, "input:T -> q:T, r:T; attr=full_matrices:bool,default=false", "input")
    if ctx.eager and len(x._shape) < 2:
        kernel.fail(f"Input tensor 0 must have rank >= 2, got {len(x._shape)}", "Qr")
    q, r = _rows_op("Qr", ("qr_q", "qr_r"), x, {"full": bool(full_matrices)}, name)
    shape = x._shape
    if not full_matrices and shape is not None and None in shape[-2:]:
        # TensorFlow's shape function: min(m, n) is unknown when either is
        q._shape, r._shape = q._shape[:-1] + (None,), q._shape[:-2] + (None, shape[-1])
    return Qr(q, r)


def _self_adjoint(tensor, rows, name):
    x = convert_to_tensor(tensor)
    check_kernel("SelfAdjointEigV2", x, _DECOMPOSING,
                 "input:T -> e:T, v:T; attr=compute_v:bool,default=true", "input")
    if ctx.eager:
        kernel.square_matrix("SelfAdjointEigV2", x)

    def eager(a):
        try:
            found = symmetric_eigen.eigh(a, np.float64 if a.dtype == np.float64 else np.float32)
        except ValueError as exc:
            kernel.fail(str(exc), "SelfAdjointEigV2")
        return list(found[:len(rows)])
    return _rows_op("SelfAdjointEigV2", rows, x, {}, name, eager)


@tf_export("linalg.eigh", "self_adjoint_eig")
def eigh(tensor, name=None):
    """(eigenvalues ascending, eigenvectors as columns), from the lower triangle."""
    e, v = _self_adjoint(tensor, ("eigh_values", "eigh_vectors"), name)
    return e, v


@tf_export("linalg.eigvalsh", "self_adjoint_eigvals")
def eigvalsh(tensor, name=None):
    return _self_adjoint(tensor, ("eigh_values",), name)[0]


# ---------------------------------------------------------------- determinants

@tf_export("linalg.slogdet")
def slogdet(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    check_kernel("LogMatrixDeterminant", x, ("half", "float", "double", "complex64", "complex128"),
                 "input:T -> sign:T, log_abs_determinant:T", "input")
    if ctx.eager:
        kernel.square_matrix("LogMatrixDeterminant", x)
    return LogMatrixDeterminant(*_rows_op("LogMatrixDeterminant", ("det_sign", "log_abs_det"), x, {}, name))


@tf_export("linalg.logdet")
def logdet(matrix, name=None):
    """TensorFlow's composition for a positive definite matrix: twice the sum of the logs of its
    Cholesky factor's diagonal."""
    with name_scope(name, "logdet"):
        chol = cholesky(matrix)
        return 2.0 * math_ops.reduce_sum(math_ops.log(diag_part(chol)), axis=[-1])


# ---------------------------------------------------------------- pseudo-inverse, cross product

@tf_export("linalg.pinv")
def pinv(a, rcond=None, validate_args=False, name=None):
    with name_scope(name or "pinv"):
        x = convert_to_tensor(a)
        if not x.dtype.is_floating:
            raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {x.dtype.name}).")
        if len(x._shape) < 2:
            raise ValueError(f"Input `a` must have at least 2 dimensions (saw: {len(x._shape)}).")
        if rcond is None:
            rcond = 10.0 * max(d or 0 for d in x._shape[-2:]) * float(np.finfo(x.dtype.np).eps)
        return _row("Pinv", "pinv", [x, convert_to_tensor(rcond, dtype=x.dtype)], {}, "MatMul")


@tf_export("linalg.cross", "cross")
def cross(a, b, name=None):
    a, b = binary_inputs("Cross", a, b)
    if ctx.eager:
        if a._shape != b._shape:
            kernel.fail(f"Both inputs must be of same shape: {_dims(a._shape)} vs. {_dims(b._shape)}", "Cross")
        if not a._shape or a._shape[-1] != 3:
            raise FailedPreconditionError(None, None, kernel_message(
                "Cross", "Cross-products are only defined for 3-element vectors."))
    return _row("Cross", "cross", [a, b], {}, name)

