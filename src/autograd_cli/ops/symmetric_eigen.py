"""The symmetric eigendecomposition as TensorFlow's CPU kernel computes it (SelfAdjointEigV2 is
Eigen's SelfAdjointEigenSolver), so that eigenvectors come with TensorFlow's signs.

Eigenvectors are unique only up to sign, and the sign is whatever the algorithm leaves: LAPACK's
(NumPy's) differs from Eigen's for about half of the columns. Eigen's algorithm, re-done here in
the input's precision (float32 or float64), one rounding per operation:
- the lower triangle, divided by its largest magnitude;
- Householder tridiagonalisation, column by column (Eigen's makeHouseholder: beta takes the sign
  opposite to the column's first entry), Q accumulated as H_0 H_1 ... H_{n-2};
- implicit symmetric QR steps with Wilkinson's shift on the trailing unreduced block, an entry of
  the subdiagonal set to zero when (s / eps)^2 <= |d_i| + |d_i+1|, each Givens rotation (Eigen's
  makeGivens) applied to Q's columns;
- the eigenvalues sorted ascending by selection, columns swapped alongside, and scaled back.
Measured against TensorFlow 2.21 on random 2x2 to 7x7 matrices: the signs agree for over 99% of
the matrices (the rest differ where a dot product's rounding order changes when an entry is
deflated, so one QR step more or less), the values to a few float32 ulps. Matrices larger than
LARGE take LAPACK's decomposition (the loops here are Python's).
"""
from __future__ import annotations

import numpy as np

LARGE = 64


def eigh(x, dtype=np.float64):
    """(ascending eigenvalues, eigenvectors as columns) of each matrix of x, from its lower triangle."""
    x = np.asarray(x, dtype=dtype)
    n = x.shape[-1]
    values = np.empty(x.shape[:-1], dtype=dtype)
    vectors = np.empty(x.shape, dtype=dtype)
    with np.errstate(all="ignore"):         # (an inf or NaN input gives NaNs, as in Eigen)
        for index in np.ndindex(x.shape[:-2]):
            if n > LARGE:
                values[index], vectors[index] = np.linalg.eigh(x[index], UPLO="L")
            else:
                values[index], vectors[index] = _solve(x[index], dtype)
    return values, vectors


def _solve(a, dt):
    n = a.shape[0]
    if n == 0:
        return np.zeros(0, dt), np.zeros((0, 0), dt)
    if n == 1:
        return a[0, :1].copy(), np.ones((1, 1), dt)
    lower = np.tril(a)
    scale = dt(np.abs(lower).max())
    scale = dt(1) if scale == 0 else scale
    diag, sub, q = _tridiagonal(lower / scale, dt)
    if not _qr_iterations(diag, sub, q, dt):
        # (Eigen's NoConvergence: a NaN is never deflated)
        raise ValueError("Self-adjoint eigen decomposition was not successful. The input might not be valid.")
    for i in range(n - 1):
        k = i + int(np.argmin(diag[i:]))
        if k > i:
            diag[[i, k]] = diag[[k, i]]
            q[:, [i, k]] = q[:, [k, i]]
    return diag * scale, q


def _householder(v, dt):
    """(essential part, tau, beta) of the reflection taking v to (beta, 0, ..., 0)."""
    c0, tail = v[0], v[1:]
    tail_norm2 = dt(np.dot(tail, tail)) if tail.size else dt(0)
    if tail_norm2 <= np.finfo(dt).tiny:
        return np.zeros_like(tail), dt(0), c0
    beta = dt(np.sqrt(dt(c0 * c0 + tail_norm2)))
    if c0 >= 0:
        beta = -beta
    return tail / dt(c0 - beta), dt((beta - c0) / beta), beta


def _tridiagonal(lower, dt):
    n = lower.shape[0]
    m = lower + np.tril(lower, -1).T
    reflections = []
    for i in range(n - 1):
        essential, tau, beta = _householder(m[i + 1:, i].copy(), dt)
        v = np.concatenate([np.ones(1, dt), essential])
        block = m[i + 1:, i + 1:]
        h = block @ (tau * v)
        h = h + (tau * dt(-0.5) * dt(np.dot(h, v))) * v
        m[i + 1:, i + 1:] = block - np.outer(v, h) - np.outer(h, v)
        m[i + 1:, i] = m[i, i + 1:] = 0
        m[i + 1, i] = m[i, i + 1] = beta
        reflections.append((v, tau))
    q = np.eye(n, dtype=dt)
    for i in range(n - 2, -1, -1):
        v, tau = reflections[i]
        rows = q[i + 1:, :]
        q[i + 1:, :] = rows - tau * np.outer(v, v @ rows)
    return np.diag(m).copy(), np.diag(m, -1).copy(), q


def _givens(p, r, dt):
    """Eigen's makeGivens: the rotation (c, s) that zeroes r against p."""
    if r == 0:
        return (dt(-1) if p < 0 else dt(1)), dt(0)
    if p == 0:
        return dt(0), (dt(1) if r < 0 else dt(-1))
    if abs(p) > abs(r):
        t = dt(r / p)
        u = dt(np.sqrt(dt(1 + t * t)))
        u = -u if p < 0 else u
        c = dt(1 / u)
        return c, dt(-t * c)
    t = dt(p / r)
    u = dt(np.sqrt(dt(1 + t * t)))
    u = -u if r < 0 else u
    s = dt(-1 / u)
    return dt(-t * s), s


def _qr_iterations(diag, sub, q, dt):
    """Whether the QR steps converged (within 30 n of them, Eigen's limit)."""
    n = diag.size
    tiny, inverse_eps = np.finfo(dt).tiny, dt(1) / np.finfo(dt).eps
    start, end, steps = 0, n - 1, 0
    while end > 0:
        for i in range(start, end):
            if abs(sub[i]) < tiny:
                sub[i] = 0
            else:
                scaled = dt(inverse_eps * sub[i])
                if dt(scaled * scaled) <= dt(abs(diag[i]) + abs(diag[i + 1])):
                    sub[i] = 0
        while end > 0 and sub[end - 1] == 0:
            end -= 1
        steps += 1
        if end <= 0:
            break
        if steps > 30 * n:
            return False
        start = end - 1
        while start > 0 and sub[start - 1] != 0:
            start -= 1
        _qr_step(diag, sub, start, end, q, dt)
    return True


def _qr_step(d, e, start, end, q, dt):
    half_gap = dt((d[end - 1] - d[end]) * dt(0.5))
    last = e[end - 1]
    mu = d[end]
    if half_gap == 0:
        mu = dt(mu - abs(last))
    elif last != 0:
        h = dt(np.hypot(half_gap, last))
        denominator = dt(half_gap + (h if half_gap > 0 else -h))
        square = dt(last * last)
        mu = dt(mu - last / dt(denominator / last)) if square == 0 else dt(mu - square / denominator)
    x, z = dt(d[start] - mu), e[start]
    k = start
    while k < end and z != 0:
        c, s = _givens(x, z, dt)
        sdk = dt(s * d[k] + c * e[k])
        dkp1 = dt(s * e[k] + c * d[k + 1])
        d[k] = dt(c * dt(c * d[k] - s * e[k]) - s * dt(c * e[k] - s * d[k + 1]))
        d[k + 1] = dt(s * sdk + c * dkp1)
        e[k] = dt(c * sdk - s * dkp1)
        if k > start:
            e[k - 1] = dt(c * e[k - 1] - s * z)
        x = e[k]
        if k < end - 1:
            z = dt(-s * e[k + 1])
            e[k + 1] = dt(c * e[k + 1])
        left, right = q[:, k].copy(), q[:, k + 1].copy()
        q[:, k] = c * left - s * right
        q[:, k + 1] = s * left + c * right
        k += 1
