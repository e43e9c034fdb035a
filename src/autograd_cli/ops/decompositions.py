"""Linear algebra ops beyond inverse, determinant and Cholesky: band parts, triangular solves,
log-determinants, cross products, QR, symmetric eigendecompositions and pseudo-inverses.

Shape errors use TensorFlow's shape-function words (a TF1 graph reports them as they are).
An op of several outputs (QR's q and r, eigh's values and vectors) is one row per output:
TensorFlow's gradient of such an op is linear in the outputs' gradients, so each row's rule is
the op's rule with the other output's gradient zero, and their sum is TensorFlow's.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.linalg import batched_sym
from autograd_cli.ops.symmetric_eigen import eigh
from autograd_cli.ops.table import SAME, ShapeError, broadcast, op, swap_last


def _rank2(s):
    if len(s) < 2:
        raise ShapeError(f"Shape must be at least rank 2 but is rank {len(s)}")


def square_shape(s, columns_first=False):
    """A square matrix's shape (TensorFlow's shape functions' words when it is not)."""
    _rank2(s)
    if s[-1] != s[-2]:
        a, b = (s[-1], s[-2]) if columns_first else (s[-2], s[-1])
        raise ShapeError(f"Dimensions must be equal, but are {a} and {b}")
    return s


def _lead_reshape(g, x, tail):
    """x with its last axis replaced by `tail` (a vector as a row or a column)."""
    return g.reshape(x, shape=tuple(x.shape[:-1]) + tail)


# ---------------------------------------------------------------- band part

def _band_mask(rows, cols, num_lower, num_upper):
    i = np.arange(rows)[:, None]
    j = np.arange(cols)[None, :]
    keep = np.ones((rows, cols), dtype=bool)
    if num_lower >= 0:
        keep &= i - j <= num_lower
    if num_upper >= 0:
        keep &= j - i <= num_upper
    return keep


def _band_part(x, num_lower, num_upper):
    return np.where(_band_mask(x.shape[-2], x.shape[-1], num_lower, num_upper), x, 0.0)


def _band_prepare(s, num_lower, num_upper):
    if len(s) < 2:
        raise ShapeError(f"input must be at least 2-dim, received shape: [{','.join(map(str, s))}]")
    num_lower, num_upper = int(num_lower), int(num_upper)
    for what, k, d, name in (("num_lower", num_lower, s[-2], "rows"), ("num_upper", num_upper, s[-1], "columns")):
        if k > d:
            raise ShapeError(f"{what} must be negative or less or equal to number of {name} ({d}) got: {k}")
    return {"num_lower": num_lower, "num_upper": num_upper}


op("band_part", _band_part, lambda s, num_lower, num_upper: s, prepare=_band_prepare, sym=SAME,
   vjp=(lambda g, n, dy: g.band_part(dy, **n.params),), fresh=True,
   doc="grad's band (the same diagonals kept)")


def _band(g, x, lower):
    """x's lower (or upper) triangle, the diagonal included."""
    return g.band_part(x, num_lower=-1, num_upper=0) if lower else g.band_part(x, num_lower=0, num_upper=-1)


# ---------------------------------------------------------------- triangular solve

def _triangular_solve(a, b, lower, adjoint):
    """a x = b by substitution, reading only a's lower (or upper) triangle; a zero on the
    diagonal gives inf / nan as TensorFlow's kernel does (no error). Object arrays (SymPy) too."""
    t = np.swapaxes(a, -1, -2) if adjoint else a
    forward = lower != adjoint          # the transpose of a lower triangle is upper
    size = a.shape[-1]
    lead = broadcast(a.shape[:-2], b.shape[:-2])
    t = np.broadcast_to(t, lead + t.shape[-2:])
    b = np.broadcast_to(b, lead + b.shape[-2:])
    x = np.zeros(lead + b.shape[-2:], dtype=object if object in (a.dtype, b.dtype) else np.float64)
    order = range(size) if forward else range(size - 1, -1, -1)
    done = []
    with np.errstate(all="ignore"):
        for i in order:
            row = b[..., i, :]
            for j in done:
                row = row - t[..., i, j, None] * x[..., j, :]
            x[..., i, :] = row / t[..., i, i, None]
            done.append(i)
    return x


def _triangular_shape(a, b, lower, adjoint):
    _rank2(a)
    _rank2(b)
    square_shape(a)
    if a[-1] != b[-2]:
        raise ShapeError(f"Dimensions must be equal, but are {a[-1]} and {b[-2]}")
    return broadcast(a[:-2], b[:-2]) + tuple(b[-2:])


def _triangular_grad_a(g, n, dy):
    lower, adjoint = n.params["lower"], n.params["adjoint"]
    grad_b = g.triangular_solve(n.inputs[0], dy, lower=lower, adjoint=not adjoint)
    grad_a = g.negative(g.matmul(n, swap_last(g, grad_b)) if adjoint else g.matmul(grad_b, swap_last(g, n)))
    return _band(g, grad_a, lower)


def _triangular_grad_b(g, n, dy):
    return g.triangular_solve(n.inputs[0], dy, lower=n.params["lower"], adjoint=not n.params["adjoint"])


op("triangular_solve", _triangular_solve, _triangular_shape, sym=SAME, fresh=True,
   vjp=(_triangular_grad_a, _triangular_grad_b),
   doc="db = triangular_solve(a, grad, adjoint=not adjoint); da = -db @ x^T (x @ db^T when adjoint), "
       "its triangle")


# ---------------------------------------------------------------- log |det| and the sign of det

def _log_abs_det_grad(g, n, dy):
    a = n.inputs[0]
    return g.multiply(g.reshape(dy, shape=n.shape + (1, 1)), swap_last(g, g.matrix_inverse(a)))


op("log_abs_det", lambda x: np.linalg.slogdet(x)[1], lambda s: square_shape(s, columns_first=True)[:-2],
   sym=batched_sym(lambda S, m: S.log(S.Abs(m.det()))), vjp=(_log_abs_det_grad,), fresh=True,
   doc="grad * inv(a)^T")
# TensorFlow's LogMatrixDeterminant gradient reads only log|det|'s: the sign's is zeros
op("det_sign", lambda x: np.linalg.slogdet(x)[0], lambda s: square_shape(s, columns_first=True)[:-2],
   sym=batched_sym(lambda S, m: S.sign(m.det())), vjp=(lambda g, n, dy: g.zeros(n.inputs[0].shape),),
   fresh=True, doc="zeros (a sign is piecewise constant)")


# ---------------------------------------------------------------- cross product

def _cross_shape(a, b):
    if len(a) != len(b):
        raise ShapeError(f"Shapes must be equal rank, but are {len(a)} and {len(b)}")
    for x, y in zip(a, b):
        if x != y:
            raise ShapeError(f"Dimensions must be equal, but are {x} and {y}")
    if not a or a[-1] != 3:
        raise ShapeError(f"Dimension must be 3 but is {a[-1] if a else 0}")
    return a


op("cross", lambda a, b: np.cross(a, b), _cross_shape, sym=SAME, fresh=True,
   vjp=(lambda g, n, dy: g.cross(n.inputs[1], dy), lambda g, n, dy: g.cross(dy, n.inputs[0])),
   doc="da = b x grad, db = grad x a")


# ---------------------------------------------------------------- QR

def _qr_shape(s, full):
    _rank2(s)
    m, n = s[-2], s[-1]
    k = m if full else min(m, n)
    return tuple(s[:-2]), m, n, k


def _right_solve(g, x, r):
    """x @ inv(r)^T for an upper triangular r (TensorFlow's _TriangularSolve in QrGrad)."""
    return swap_last(g, g.triangular_solve(r, swap_last(g, x), lower=False, adjoint=False))


def _qr_deep(g, q, r, dq, dr):
    """QrGrad for m >= n, reduced; dq or dr None stands for zeros."""
    skew = None
    if dq is not None:
        qdq = g.matmul(swap_last(g, q), dq)
        skew = g.subtract(qdq, swap_last(g, qdq))
    if dr is not None:
        rdr = g.matmul(r, swap_last(g, dr))
        part = g.subtract(rdr, swap_last(g, rdr))
        skew = part if skew is None else g.add(skew, part)
    inner = _right_solve(g, _band(g, skew, lower=True), r)
    if dr is not None:
        inner = g.add(dr, inner)
    grad = g.matmul(q, inner)
    if dq is not None:
        grad = g.add(grad, _right_solve(g, g.subtract(dq, g.matmul(q, qdq)), r))
    return grad


def _qr_grad(g, a, full, dq, dr):
    """TensorFlow's QrGrad: square and tall matrices directly; a wide one split as a = [x, y],
    r = [u, v], reduced to the square problem of x."""
    lead, m, n, _ = _qr_shape(a.shape, full)
    if full and m > n:
        raise NotImplementedError("QrGrad not implemented when nrows > ncols and full_matrices is true. Received "
                                  f"r.shape={tuple(a.shape[:-2]) + (m, n)} with nrows={m}and ncols={n}.")
    q, r = g.qr_q(a, full=full), g.qr_r(a, full=full)
    if m >= n:
        return _qr_deep(g, q, r, dq, dr)
    keep = (slice(None),) * (len(a.shape) - 1)
    u = g.getitem(r, index=keep + (slice(None, m),))
    if dr is None:
        dx = _qr_deep(g, q, u, dq, None)
        return g.concat(dx, g.zeros(lead + (m, n - m)), axis=-1)
    y = g.getitem(a, index=keep + (slice(m, None),))
    dv = g.getitem(dr, index=keep + (slice(m, None),))
    du = g.getitem(dr, index=keep + (slice(None, m),))
    moved = g.matmul(y, swap_last(g, dv))
    dx = _qr_deep(g, q, u, moved if dq is None else g.add(dq, moved), du)
    return g.concat(dx, g.matmul(q, dv), axis=-1)


def _qr(x, full, part):
    return np.linalg.qr(x, mode="complete" if full else "reduced")[part]


op("qr_q", lambda x, full: _qr(x, full, 0), lambda s, full: (lambda lead, m, n, k: lead + (m, k))(*_qr_shape(s, full)),
   vjp=(lambda g, n, dy: _qr_grad(g, n.inputs[0], n.params["full"], dy, None),), fresh=True, shown="qr",
   doc="TensorFlow's QrGrad (dr = 0)")
op("qr_r", lambda x, full: _qr(x, full, 1), lambda s, full: (lambda lead, m, n, k: lead + (k, n))(*_qr_shape(s, full)),
   vjp=(lambda g, n, dy: _qr_grad(g, n.inputs[0], n.params["full"], None, dy),), fresh=True, shown="qr",
   doc="TensorFlow's QrGrad (dq = 0)")


# ---------------------------------------------------------------- symmetric eigendecomposition
# (computed as TensorFlow's Eigen kernel computes it, in float32 for float32 tensors: its
# eigenvectors' signs, symmetric_eigen.py)

def _eigh_grad(g, a, de, dv):
    """SelfAdjointEigV2's gradient: v (diag(de) + f * (v^T dv)) v^T with f[i, j] = 1 / (e[j] - e[i])
    (0 on the diagonal, a Lorentz-broadened reciprocal as TensorFlow's), then its lower triangle
    of grad + grad^T, the diagonal halved (the kernel reads a's lower triangle)."""
    size = a.shape[-1]
    v = g.eigh_vectors(a)
    middle = None if de is None else g.matrix_diag(de, rows=size, cols=size)
    if dv is not None:
        e = g.eigh_values(a)
        gap = g.subtract(_lead_reshape(g, e, (1, size)), _lead_reshape(g, e, (size, 1)))
        f = g.multiply(gap, g.reciprocal(g.add(g.square(gap), g.const(1e-20))))
        # the diagonal set to 0 (TensorFlow's matrix_set_diag): it is 0 already, but its derivative
        # there is 1e20, whose cancelling terms would swamp a second derivative
        f = g.multiply(f, g.const(1.0 - np.eye(size)))
        part = g.multiply(f, g.matmul(swap_last(g, v), dv))
        middle = part if middle is None else g.add(middle, part)
    grad = g.matmul(v, g.matmul(middle, swap_last(g, v)))
    lower = _band(g, g.add(grad, swap_last(g, grad)), lower=True)
    return g.subtract(lower, g.multiply(g.const(0.5), g.matrix_diag(g.diag_part(lower), rows=size, cols=size)))


op("eigh_values", lambda x: eigh(x)[0], lambda s: square_shape(s)[:-1], float32=lambda x: eigh(x, np.float32)[0],
   vjp=(lambda g, n, dy: _eigh_grad(g, n.inputs[0], dy, None),), fresh=True, shown="eigh",
   doc="v diag(grad) v^T, its lower triangle of grad + grad^T, the diagonal halved (TF)")
op("eigh_vectors", lambda x: eigh(x)[1], square_shape, float32=lambda x: eigh(x, np.float32)[1],
   vjp=(lambda g, n, dy: _eigh_grad(g, n.inputs[0], None, dy),), fresh=True, shown="eigh",
   doc="v (f * v^T grad) v^T, f = 1 / (e_j - e_i) off the diagonal; symmetrised as for the values (TF)")


# ---------------------------------------------------------------- pseudo-inverse

def _pinv(x, rcond):
    """TensorFlow's composition: V diag(1/s) U^T over the singular values above rcond * max(s)
    (rcond one per matrix, broadcast against the batch)."""
    u, s, vh = np.linalg.svd(x, full_matrices=False)
    cutoff = np.asarray(rcond)[..., None] * np.max(s, axis=-1, keepdims=True, initial=0.0)
    kept = np.where(s > cutoff, s, np.inf)
    return np.matmul(np.swapaxes(vh, -1, -2) / kept[..., None, :], np.swapaxes(u, -1, -2))


def _pinv_shape(a, rcond):
    _rank2(a)
    lead = tuple(a[:-2])
    if broadcast(lead, tuple(rcond)) != lead:
        raise ShapeError(f"rcond of shape {list(rcond)} does not broadcast against the batch shape {list(lead)}")
    return lead + (a[-1], a[-2])


def _pinv_grad(g, n, dy):
    """The derivative of the pseudo-inverse X of a at a constant rank (what TensorFlow's SVD
    gradient gives through its composition), G the gradient of X."""
    a, x = n.inputs[0], n
    m, k = a.shape[-2], a.shape[-1]
    xt, gt = swap_last(g, x), swap_last(g, dy)
    first = g.negative(g.matmul(g.matmul(xt, dy), xt))
    left = g.subtract(g.const(np.eye(m)), g.matmul(a, x))            # I - a X   (m x m)
    right = g.subtract(g.const(np.eye(k)), g.matmul(x, a))           # I - X a   (k x k)
    second = g.matmul(g.matmul(left, gt), g.matmul(x, xt))
    third = g.matmul(g.matmul(g.matmul(xt, x), gt), right)
    return g.add(first, g.add(second, third))


# (rcond only compares: no gradient, as through TensorFlow's where)
op("pinv", _pinv, _pinv_shape, sym=lambda S, x, rcond: batched_sym(lambda S, m: m.pinv())(S, x),
   vjp=(_pinv_grad, None), fresh=True,
   doc="-X^T grad X^T + (I - a X) grad^T X X^T + X^T X grad^T (I - X a), X = pinv(a)")
