"""Linear algebra ops."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import float32_kernels as k32
from autograd_cli.ops.table import ShapeError, SAME, broadcast, fmt, op, swap_last

# ---------------------------------------------------------------- matmul


def _matmul_shape(a, b):
    if len(a) < 2 or len(b) < 2:
        raise ShapeError(f"needs tensors of rank 2 or more, got shapes {fmt(a)} and {fmt(b)}")
    if a[-1] != b[-2]:
        raise ShapeError(f"inner dimensions differ: shapes {fmt(a)} and {fmt(b)}")
    return broadcast(a[:-2], b[:-2]) + (a[-2], b[-1])


op("matmul", np.matmul, _matmul_shape, sym=SAME,
   vjp=(lambda g, n, dy: g.matmul(dy, swap_last(g, n.inputs[1])),
        lambda g, n, dy: g.matmul(swap_last(g, n.inputs[0]), dy)), fresh=True, float32=k32.matmul,
   doc="da = grad @ b^T, db = a^T @ grad (transposes and adjoints as given)")
# (the built-in matmul(a, b, transpose_a, transpose_b) is in build/tensor_functions.py)



# ---------------------------------------------------------------- einsum (issue 12)

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _einsum_expand(shapes, equation):
    """The equation with '...' spelled out in letters (right-aligned, as NumPy and TF
    broadcast), the output part made explicit, and each label's size. Labels standing for
    '...' broadcast (a size 1 meets any size); other labels must agree."""
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    parts = lhs.split(",")
    if len(parts) != len(shapes):
        raise ShapeError(f"the equation {equation!r} has {len(parts)} inputs, got {len(shapes)} tensors")
    for p in parts + ([rhs] if arrow else []):
        if any(ch not in _LETTERS and ch != "." for ch in p) or p.replace("...", "").count(".") or p.count("...") > 1:
            raise ShapeError(f"bad subscripts {p!r} in {equation!r}")
    free = [ch for ch in _LETTERS if ch not in eq]
    widths = [len(s) - len(p.replace("...", "")) for p, s in zip(parts, shapes)]
    if any(w < 0 or ("..." not in p and w) for p, w in zip(parts, widths)):
        raise ShapeError(f"the equation {equation!r} does not fit shapes " + ", ".join(fmt(s) for s in shapes))
    width = max(widths, default=0)
    ell = "".join(free[:width])
    parts = [p.replace("...", ell[width - w:] if w else "") for p, w in zip(parts, widths)]
    if arrow:
        out = rhs.replace("...", ell)
    else:
        counts = {}
        for p in parts:
            for ch in p:
                counts[ch] = counts.get(ch, 0) + 1
        out = ell + "".join(sorted(ch for ch, k in counts.items() if k == 1 and ch not in ell))
    sizes = {}
    for p, s in zip(parts, shapes):
        for ch, d in zip(p, s):
            known = sizes.setdefault(ch, d)
            if known == d:
                continue
            if ch in ell and 1 in (known, d):
                sizes[ch] = max(known, d)
                continue
            what = "a dimension '...' stands for has" if ch in ell else f"label {ch!r} has"
            raise ShapeError(f"{what} sizes {known} and {d} in {equation!r} "
                             "(shapes " + ", ".join(fmt(s) for s in shapes) + ")")
    if len(set(out)) != len(out) or any(ch not in sizes for ch in out):
        raise ShapeError(f"bad output subscripts in {equation!r}")
    return parts, out, sizes


def einsum_broadcast(shapes, equation):
    """How to apply an equation whose '...' broadcasts: (explicit equation, per operand
    the shape to reshape it to first, or None). An operand's size-1 axis that meets a
    larger size is dropped, with its label: einsum then broadcasts it (a label absent from
    an operand), and its gradient is summed over that axis by the einsum's own rule."""
    parts, out, sizes = _einsum_expand(shapes, equation)
    reshapes = []
    for k, (p, shape) in enumerate(zip(parts, shapes)):
        keep = [j for j, ch in enumerate(p) if not (shape[j] == 1 and sizes[ch] != 1)]
        if len(keep) == len(p):
            reshapes.append(None)
            continue
        parts[k] = "".join(p[j] for j in keep)
        reshapes.append(tuple(shape[j] for j in keep))
    return ",".join(parts) + "->" + out, reshapes


def _einsum_prepare(*shapes, equation):
    """The equation made explicit: no '...', an output part; every label's size checked."""
    parts, out, sizes = _einsum_expand(shapes, equation)
    for p, shape in zip(parts, shapes):
        if any(sizes[ch] != d for ch, d in zip(p, shape)):
            raise ShapeError(f"the dimensions '...' stands for do not match in {equation!r} (shapes "
                             + ", ".join(fmt(s) for s in shapes) + "); einsum(...) broadcasts them")
    return {"equation": ",".join(parts) + "->" + out}


def _einsum_shape(*shapes, equation):
    lhs, out = equation.split("->")
    sizes = {ch: d for p, s in zip(lhs.split(","), shapes) for ch, d in zip(p, s)}
    return tuple(sizes[ch] for ch in out)


def _einsum_grad(g, n, dy, i):
    """TF's _EinsumGrad, made explicit: dy contracted with the other inputs gives the
    labels x shares with them; labels only in x are broadcast back; a repeated label
    (a diagonal) is put back on the diagonal with identity matrices."""
    lhs, out = n.params["equation"].split("->")
    parts = lhs.split(",")
    mine = parts[i]
    x = n.inputs[i]
    sizes = dict(zip(mine, x.shape))
    others = [p for j, p in enumerate(parts) if j != i]
    known = set(out).union(*others) if others else set(out)
    unique = "".join(dict.fromkeys(ch for ch in mine if ch in known))
    operands = [dy] + [t for j, t in enumerate(n.inputs) if j != i]
    grad = g.einsum(*operands, equation=",".join([out] + others) + "->" + unique)
    missing = "".join(dict.fromkeys(ch for ch in mine if ch not in known))
    if missing:       # summed only in x: every element got dy
        grad = g.einsum(grad, g.const(np.ones([sizes[ch] for ch in missing])),
                        equation=f"{unique},{missing}->{unique + missing}")
        unique += missing
    if len(set(mine)) == len(mine):
        return grad if unique == mine else g.einsum(grad, equation=f"{unique}->{mine}")
    # repeated labels: fresh letters for each position, identities tie them together
    free = iter(ch for ch in _LETTERS if ch not in mine)
    first, fresh, eyes, eye_terms = {}, [], [], []
    for ch in mine:
        if ch not in first:
            first[ch] = ch
            fresh.append(ch)
        else:
            letter = next(free)
            fresh.append(letter)
            eyes.append(g.const(np.eye(sizes[ch])))
            eye_terms.append(ch + letter)
    return g.einsum(grad, *eyes, equation=",".join([unique] + eye_terms) + "->" + "".join(fresh))


def _einsum(*xs, equation):
    out = np.einsum(equation, *xs)
    # a pure transposition or diagonal ('ij->ji', 'ii->i') is NumPy's view of the operand:
    # copied, as the row is `fresh` (the compiled evaluator may write into its result)
    return out.copy() if any(np.shares_memory(out, x) for x in xs) else out


op("einsum", _einsum, _einsum_shape, prepare=_einsum_prepare,
   sym=lambda S, *xs, equation: np.einsum(equation, *[np.asarray(x, dtype=object) for x in xs]),
   vjp=_einsum_grad, fresh=True,
   doc="each input: grad contracted with the other inputs (an einsum of its own)")


# ---------------------------------------------------------------- diagonals

def _diag_part_shape(s):
    if len(s) < 2:
        raise ShapeError(f"needs a tensor of rank 2 or more, got shape {fmt(s)}")
    return tuple(s[:-2]) + (min(s[-2], s[-1]),)


def _matrix_diag(x, rows, cols):
    out = np.zeros(x.shape[:-1] + (rows, cols), dtype=x.dtype if x.dtype == object else np.float64)
    if out.dtype == object:
        out[...] = 0
    k = np.arange(x.shape[-1])
    out[..., k, k] = x
    return out


def _matrix_diag_shape(s, rows, cols):
    if not s:
        raise ShapeError("needs a tensor of rank 1 or more, got a scalar")
    if min(rows, cols) != s[-1]:
        raise ShapeError(f"a diagonal of {s[-1]} does not fit a {rows}x{cols} matrix")
    return tuple(s[:-1]) + (rows, cols)


op("diag_part", lambda x: np.diagonal(x, axis1=-2, axis2=-1).copy(), _diag_part_shape,
   sym=lambda S, x: np.diagonal(x, axis1=-2, axis2=-1).copy(),
   vjp=(lambda g, n, dy: g.matrix_diag(dy, rows=n.inputs[0].shape[-2], cols=n.inputs[0].shape[-1]),), fresh=True,
   doc="grad placed on the diagonal, 0 elsewhere")
op("matrix_diag", _matrix_diag, _matrix_diag_shape, shown="diag", sym=lambda S, x, rows, cols: _matrix_diag(np.asarray(x, dtype=object), rows, cols),
   vjp=(lambda g, n, dy: g.diag_part(dy),), fresh=True)


# ---------------------------------------------------------------- inverse, determinant, cholesky

def _square(s):
    if len(s) < 2 or s[-1] != s[-2]:
        raise ShapeError(f"needs square matrices (shape (..., n, n)), got shape {fmt(s)}")
    return s


def _inv(x):
    try:
        return np.linalg.inv(x)
    except np.linalg.LinAlgError:
        raise ValueError("the matrix is not invertible") from None


def batched_sym(fn):
    def run(S, x):
        x = np.asarray(x, dtype=object)
        lead = x.shape[:-2]
        outs = {}
        for idx in np.ndindex(lead):
            outs[idx] = fn(S, S.Matrix(x[idx].tolist()))
        first = next(iter(outs.values())) if outs else None
        if first is not None and hasattr(first, "shape"):
            out = np.empty(lead + tuple(first.shape), dtype=object)
            for idx, m in outs.items():
                out[idx] = np.array(m.tolist(), dtype=object)
        else:
            out = np.empty(lead, dtype=object)
            for idx, v in outs.items():
                out[idx] = v
        return out
    return run


def _inverse_grad(g, n, dy):
    inv_t = swap_last(g, n)                    # TF: -Ainv^T @ dy @ Ainv^T, from the op's output
    return g.negative(g.matmul(g.matmul(inv_t, dy), inv_t))


op("matrix_inverse", _inv, _square, sym=batched_sym(lambda S, m: m.inv()), vjp=(_inverse_grad,), fresh=True,
   doc="-inv(a)^T @ grad @ inv(a)^T")


def _det_grad(g, n, dy):
    scale = g.reshape(g.multiply(dy, n), shape=n.shape + (1, 1))
    return g.multiply(scale, swap_last(g, g.matrix_inverse(n.inputs[0])))


op("matrix_determinant", np.linalg.det, lambda s: _square(s)[:-2], sym=batched_sym(lambda S, m: m.det()),
   vjp=(_det_grad,), fresh=True,
   doc="grad * det(a) * inv(a)^T")


def _cholesky(x):
    try:
        return np.linalg.cholesky(x)
    except np.linalg.LinAlgError:
        raise ValueError("the matrix is not positive definite (Cholesky decomposition failed)") from None


def _cholesky_grad(g, n, dy):
    # TF's MatrixCholeskyGrad: phi(L^T dy) (lower triangle, diagonal halved), then
    # Linv^T phi Linv, symmetrised
    size = n.shape[-1]
    mask = np.tril(np.ones((size, size))) - 0.5 * np.eye(size)
    linv = g.matrix_inverse(n)
    middle = g.multiply(g.matmul(swap_last(g, n), dy), g.const(mask))
    ga = g.matmul(g.matmul(swap_last(g, linv), middle), linv)
    return g.multiply(g.const(0.5), g.add(ga, swap_last(g, ga)))


op("cholesky", _cholesky, _square, sym=batched_sym(lambda S, m: m.cholesky(hermitian=False)),
   vjp=(_cholesky_grad,), fresh=True,
   doc="inv(L)^T phi(L^T grad) inv(L), symmetrised; phi keeps the lower triangle, the diagonal halved (TF)")
