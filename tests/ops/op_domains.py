"""Input samplers for the gradient checks of tests/ops/op_specs.py: an entry's `domain`
is a function `(draw, rng) -> Case` (draw: Hypothesis's, for shapes and parameters; rng:
NumPy's, for values). Points stay away from kinks, ties and domain edges; those are
checked exactly in test_kinks.py."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from autograd_cli.ops import OPS

dims = st.integers(1, 3)


def shapes(min_rank=0, max_rank=3):
    return st.lists(dims, min_size=min_rank, max_size=max_rank).map(tuple)


@st.composite
def broadcast_pair(draw, min_rank=0):
    """Two shapes that broadcast together, e.g. (3, 1) with (4,)."""
    full = draw(shapes(min_rank, 3))
    out = []
    for _ in range(2):
        drop = draw(st.integers(0, len(full)))
        s = list(full[drop:])
        s = [1 if draw(st.booleans()) and draw(st.booleans()) else d for d in s]
        out.append(tuple(s))
    return out


class Case:
    """arrays: the leaves' values (all differentiated); params for the op;
    make(g, leaves) -> node, forward(*arrays) -> array (defaults: the op itself)."""

    def __init__(self, arrays, params=None, make=None, forward=None):
        self.arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
        self.params = params or {}
        self.make = make
        self.forward = forward


def away_from_zero(rng, shape, lo=0.2, hi=2.0):
    return rng.uniform(lo, hi, shape) * rng.choice([-1.0, 1.0], shape)


def distinct(rng, shape, gap=0.3):
    """Values with no ties (pairwise gaps >= gap), shuffled."""
    n = int(np.prod(shape, dtype=np.int64))
    values = (np.arange(n) - n / 2) * gap + rng.uniform(0, gap / 3, n)
    return rng.permutation(values).reshape(shape)


def axes_for(draw, shape):
    """None, one axis (maybe negative) or a list of axes."""
    rank = len(shape)
    if rank == 0:
        return None
    kind = draw(st.sampled_from(["none", "one", "list"]))
    if kind == "none":
        return None
    if kind == "one":
        return draw(st.integers(-rank, rank - 1))
    return draw(st.lists(st.integers(0, rank - 1), min_size=1, max_size=rank, unique=True))


def normal(rng, shape):
    return rng.normal(size=shape)


def uniform(low, high):
    return lambda rng, shape: rng.uniform(low, high, shape)


def magnitudes(low, high):
    """Either sign, magnitudes in [low, high)."""
    return lambda rng, shape: away_from_zero(rng, shape, low, high)


def relu6_domain(rng, shape):
    """Away from relu6's kinks at 0 and 6."""
    pick = rng.integers(0, 3, shape)
    return np.choose(pick, [rng.uniform(-2, -0.2, shape), rng.uniform(0.2, 5.8, shape), rng.uniform(6.2, 8, shape)])


# ---------------------------------------------------------------- samplers for families of ops

def unary(sample):
    """One input of any shape (rank 0 to 3), its values from sample(rng, shape)."""
    def case(draw, rng):
        return Case([sample(rng, draw(shapes()))])
    return case


def binary(sample_a, sample_b):
    """Two inputs whose shapes broadcast together."""
    def case(draw, rng):
        sa, sb = draw(broadcast_pair())
        return Case([sample_a(rng, sa), sample_b(rng, sb)])
    return case


def reduction(sample):
    """One input, with axis (None, one or a list) and keepdims."""
    def case(draw, rng):
        shape = draw(shapes())
        return Case([sample(rng, shape)], params={"axis": axes_for(draw, shape),
                                                  "keepdims": draw(st.booleans())})
    return case


def cumulative(sample):
    """One input of rank 1 to 3, with axis, exclusive and reverse."""
    def case(draw, rng):
        shape = draw(shapes(1, 3))
        return Case([sample(rng, shape)], params={
            "axis": draw(st.integers(0, len(shape) - 1)),
            "exclusive": draw(st.booleans()), "reverse": draw(st.booleans())})
    return case


# ---------------------------------------------------------------- samplers of single ops

def extreme_pair(draw, rng):
    sa, sb = draw(broadcast_pair())
    a = rng.normal(size=sa)
    full = np.broadcast_shapes(sa, sb)
    # b differs from every a it meets by at least 0.2 (no ties)
    b = rng.normal(size=sb)
    for _ in range(50):
        if np.min(np.abs(np.broadcast_to(a, full) - np.broadcast_to(b, full)), initial=1.0) >= 0.2:
            break
        b = rng.normal(size=sb) * 3
    else:
        b = np.full(sb, np.max(a, initial=0.0) + 1.0)
    return Case([a, b])


def where(draw, rng):
    sc, sa = draw(broadcast_pair())
    sb = draw(st.sampled_from([sa, sc, ()]))
    cond = rng.random(sc) < 0.5
    return Case([rng.normal(size=sa), rng.normal(size=sb)],
                make=lambda g, xs: g.where(g.greater(g.const(cond.astype(float)), g.const(0.5)), *xs),
                forward=lambda a, b: np.where(cond, a, b))


def floormod(draw, rng):
    # away from the jumps: x / y at least 0.1 from a whole number (one shape; broadcasting
    # is the autodiff's, checked with the other binary ops)
    shape = draw(shapes())
    y = away_from_zero(rng, shape, 0.5, 2.0)
    return Case([(rng.integers(-3, 4, shape) + rng.uniform(0.1, 0.9, shape)) * y, y])


def polygamma(draw, rng):
    from autograd_cli.ops import special
    order = float(draw(st.integers(0, 2)))
    return Case([rng.uniform(0.3, 5, draw(shapes()))], make=lambda g, xs: g.polygamma(g.const(order), xs[0]),
                forward=lambda x: special.polygamma(order, x))


def take_along_last(draw, rng):
    shape = draw(shapes(1, 3))
    k = draw(st.integers(0, shape[-1]))
    idx = np.argsort(rng.random(shape), axis=-1)[..., :k].astype(float)
    return Case([rng.normal(size=shape)], make=lambda g, xs: g.take_along_last(xs[0], g.const(idx)),
                forward=lambda x: np.take_along_axis(x, idx.astype(int), axis=-1))


def put_along_last(draw, rng):
    shape = draw(shapes(1, 3))
    k = draw(st.integers(0, shape[-1]))
    idx = np.argsort(rng.random(shape), axis=-1)[..., :k].astype(float)

    def forward(dy):
        out = np.zeros(shape)
        np.put_along_axis(out, idx.astype(int), dy, axis=-1)
        return out
    return Case([rng.normal(size=shape[:-1] + (k,))],
                make=lambda g, xs: g.put_along_last(xs[0], g.const(idx), size=shape[-1]), forward=forward)


def leaky_relu(draw, rng):
    return Case([away_from_zero(rng, draw(shapes()))], params={"alpha": draw(st.sampled_from([0.2, 0.01, 1.5]))})


def leaky_relu_grad(draw, rng):
    s = draw(shapes())
    return Case([rng.normal(size=s), away_from_zero(rng, s)], params={"alpha": 0.3})


def softmax_xent(draw, rng):
    # labels summing to 1: there TensorFlow's backprop (softmax - labels) is the derivative
    shape = draw(shapes(1, 3))
    labels = rng.uniform(0.1, 1.0, shape)
    return Case([labels / labels.sum(axis=-1, keepdims=True), rng.normal(size=shape) * 2], params={"axis": -1})


def softmax_xent_backprop(draw, rng):
    # the logits only: the row cuts the labels (they are a constant here)
    shape = draw(shapes(1, 3))
    labels = rng.uniform(0.0, 1.0, shape)

    def forward(logits):
        e = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True) - labels
    return Case([rng.normal(size=shape) * 2], forward=forward,
                make=lambda g, leaves: g.apply("softmax_xent_backprop", g.const(labels), leaves[0], axis=-1))


def add_n(draw, rng):
    full = draw(shapes())
    count = draw(st.integers(1, 4))
    arrays = [rng.normal(size=full[draw(st.integers(0, len(full))):]) for _ in range(count)]
    return Case(arrays)


def matmul(draw, rng):
    n, k, m = draw(dims), draw(dims), draw(dims)
    batch_a, batch_b = draw(broadcast_pair())
    batch_a, batch_b = batch_a[-1:], batch_b[-1:]   # at most one batch dim each, may broadcast
    return Case([rng.normal(size=batch_a + (n, k)), rng.normal(size=batch_b + (k, m))])


def reduce_prod(draw, rng):
    # A product is multilinear, so central differences are exact even at zeros:
    # put exact zeros in (TensorFlow's rule must give the product of the others).
    shape = draw(shapes())
    x = rng.uniform(0.5, 1.5, shape) * rng.choice([-1.0, 1.0], shape)
    zeros = draw(st.integers(0, 2))
    flat = x.reshape(-1)
    flat[rng.choice(flat.size, size=min(zeros, flat.size), replace=False)] = 0.0
    return Case([flat.reshape(shape)], params={"axis": axes_for(draw, shape),
                                              "keepdims": draw(st.booleans())})


def reshape(draw, rng):
    shape = draw(shapes())
    size = int(np.prod(shape, dtype=np.int64))
    target = draw(st.sampled_from([(size,), (1, size), (size, 1), (-1,), ()] if size == 1
                                  else [(size,), (1, size), (size, 1), (-1,), (-1, 1)]))
    return Case([rng.normal(size=shape)], params={"shape": list(target)})


def transpose(draw, rng):
    shape = draw(shapes())
    perm = draw(st.none() | st.permutations(range(len(shape))))
    return Case([rng.normal(size=shape)], params={"perm": perm})


def expand_dims(draw, rng):
    shape = draw(shapes())
    return Case([rng.normal(size=shape)], params={"axis": draw(st.integers(-len(shape) - 1, len(shape)))})


def squeeze(draw, rng):
    shape = tuple(d if draw(st.booleans()) else 1 for d in draw(shapes()))
    ones = [i for i, d in enumerate(shape) if d == 1]
    axis = draw(st.none() | st.lists(st.sampled_from(ones), unique=True, min_size=1)) if ones else None
    return Case([rng.normal(size=shape)], params={"axis": axis})


def broadcast_to(draw, rng):
    small, full = draw(broadcast_pair())
    target = np.broadcast_shapes(small, full)
    return Case([rng.normal(size=small)], params={"shape": target})


def concat(draw, rng):
    shape = draw(shapes(1, 3))
    axis = draw(st.integers(-len(shape), len(shape) - 1))
    arrays = []
    for _ in range(draw(st.integers(1, 3))):
        s = list(shape)
        s[axis] = draw(dims)
        arrays.append(rng.normal(size=s))
    return Case(arrays, params={"axis": axis})


def stack(draw, rng):
    shape = draw(shapes())
    count = draw(st.integers(1, 3))
    return Case([rng.normal(size=shape) for _ in range(count)],
                params={"axis": draw(st.integers(-len(shape) - 1, len(shape)))})


def _index_for(draw, shape):
    index = []
    for d in shape[:draw(st.integers(0, len(shape)))]:
        if draw(st.booleans()):
            index.append(draw(st.integers(-d, d - 1)))
        else:
            start = draw(st.none() | st.integers(-d, d))
            stop = draw(st.none() | st.integers(-d, d))
            step = draw(st.sampled_from([None, 1, 2, -1]))
            index.append(slice(start, stop, step))
    return tuple(index)


def getitem(draw, rng):
    shape = draw(shapes(1, 3))
    return Case([rng.normal(size=shape)], params={"index": _index_for(draw, shape)})


def scatter(draw, rng):
    shape = draw(shapes(1, 3))
    index = _index_for(draw, shape)
    small = np.empty(shape)[index].shape
    return Case([rng.normal(size=small)], params={"index": index, "shape": shape})


def _dynamic(draw, shape):
    """A take/untake pattern: None where an index comes from a graph input."""
    pattern, values = [], []
    for d in shape[:draw(st.integers(1, len(shape)))]:
        if draw(st.booleans()):
            pattern.append(None)
            values.append(float(draw(st.integers(-d, d - 1))))
        else:
            pattern.append(draw(st.integers(0, d - 1)) if draw(st.booleans()) else slice(None))
    if not values:
        pattern[0] = None
        values.append(float(draw(st.integers(0, shape[0] - 1))))
    return tuple(pattern), values


def take(draw, rng):
    shape = draw(shapes(1, 3))
    pattern, idx = _dynamic(draw, shape)

    def make(g, xs):
        return g.take(xs[0], *[g.const(v) for v in idx], pattern=pattern)
    return Case([rng.normal(size=shape)], make=make,
                forward=lambda x: OPS["take"].forward(x, *idx, pattern=pattern))


def untake(draw, rng):
    shape = draw(shapes(1, 3))
    pattern, idx = _dynamic(draw, shape)
    # the static pattern replaces each None with its index, in order
    it = iter(idx)
    static = tuple(int(next(it)) if p is None else p for p in pattern)
    small = np.empty(shape)[static].shape

    def make(g, xs):
        return g.untake(xs[0], *[g.const(v) for v in idx], pattern=pattern, shape=shape)
    return Case([rng.normal(size=small)], make=make,
                forward=lambda dy: OPS["untake"].forward(dy, *idx, pattern=pattern, shape=shape))


def softmax(draw, rng):
    shape = draw(shapes(1, 3))
    return Case([rng.normal(size=shape) * 2], params={"axis": draw(st.integers(-len(shape), len(shape) - 1))})


# ---------------------------------------------------------------- indexing by integer tensors

def _gather_setup(draw, rng):
    shape = draw(shapes(1, 3))
    batch = draw(st.integers(0, len(shape) - 1))
    axis = draw(st.integers(batch, len(shape) - 1))
    extra = draw(shapes(0, 2))
    idx = rng.integers(0, shape[axis], shape[:batch] + extra).astype(float)
    return shape, axis, batch, idx


def gather(draw, rng):
    shape, axis, batch, idx = _gather_setup(draw, rng)

    def make(g, xs):
        return g.gather(xs[0], g.const(idx), axis=axis, batch_dims=batch)
    return Case([rng.normal(size=shape)], make=make,
                forward=lambda x: OPS["gather"].forward(x, idx, axis=axis, batch_dims=batch, wrap=False))


def gather_add(draw, rng):
    shape, axis, batch, idx = _gather_setup(draw, rng)
    small = shape[:axis] + idx.shape[batch:] + shape[axis + 1:]

    def make(g, xs):
        return g.gather_add(xs[0], g.const(idx), axis=axis, batch_dims=batch, wrap=False, shape=shape)
    return Case([rng.normal(size=small)], make=make,
                forward=lambda dy: OPS["gather_add"].forward(dy, idx, axis=axis, batch_dims=batch, wrap=False,
                                                             shape=shape))


def _nd_setup(draw, rng):
    shape = draw(shapes(1, 3))
    k = draw(st.integers(1, len(shape)))
    lead = draw(shapes(0, 2))
    idx = np.stack([rng.integers(0, d, lead) for d in shape[:k]], axis=-1).astype(float)
    return shape, idx


def gather_nd(draw, rng):
    shape, idx = _nd_setup(draw, rng)
    return Case([rng.normal(size=shape)], make=lambda g, xs: g.gather_nd(xs[0], g.const(idx)),
                forward=lambda x: OPS["gather_nd"].forward(x, idx))


def scatter_nd(draw, rng):
    shape, idx = _nd_setup(draw, rng)
    small = idx.shape[:-1] + shape[idx.shape[-1]:]
    return Case([rng.normal(size=small)], make=lambda g, xs: g.scatter_nd(g.const(idx), xs[0], shape=shape),
                forward=lambda u: OPS["scatter_nd"].forward(idx, u, shape=shape))


def _mask_setup(draw, rng):
    shape = draw(shapes(1, 3))
    axis = draw(st.integers(0, len(shape) - 1))
    k = draw(st.integers(1, len(shape) - axis))
    mask = (rng.random(shape[axis:axis + k]) < 0.6).astype(float)
    return shape, axis, mask, int(mask.sum())


def boolean_mask(draw, rng):
    shape, axis, mask, count = _mask_setup(draw, rng)
    return Case([rng.normal(size=shape)],
                make=lambda g, xs: g.boolean_mask(xs[0], g.const(mask), axis=axis, count=count),
                forward=lambda x: OPS["boolean_mask"].forward(x, mask, axis=axis, count=count))


def boolean_unmask(draw, rng):
    shape, axis, mask, count = _mask_setup(draw, rng)
    small = shape[:axis] + (count,) + shape[axis + mask.ndim:]
    return Case([rng.normal(size=small)],
                make=lambda g, xs: g.boolean_unmask(xs[0], g.const(mask), axis=axis, shape=shape),
                forward=lambda dy: OPS["boolean_unmask"].forward(dy, mask, axis=axis, shape=shape))


# ---------------------------------------------------------------- shapes and linear algebra

def tile(draw, rng):
    shape = draw(shapes(0, 3))
    multiples = [draw(st.integers(1, 3)) for _ in shape]
    return Case([rng.normal(size=shape)], params={"multiples": multiples})


def pad(draw, rng):
    shape = draw(shapes(1, 3))
    pads = [(draw(st.integers(0, 2)), draw(st.integers(0, 2))) for _ in shape]
    value = float(rng.normal())
    return Case([rng.normal(size=shape)], make=lambda g, xs: g.pad(xs[0], g.const(value), paddings=pads),
                forward=lambda x: np.pad(x, pads, constant_values=value))


EINSUMS = [("ij,jk->ik", [(2, 3), (3, 2)]), ("ij,jk", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
           ("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("ij->", [(2, 3)]), ("ij,j->i", [(2, 3), (3,)]),
           ("...ij,...jk->...ik", [(2, 2, 3), (3, 2)]), ("i,j->ij", [(2,), (3,)]), ("iij,jk->ik", [(2, 2, 3), (3, 2)]),
           ("ij,kl->il", [(2, 3), (4, 2)])]


def einsum(draw, rng):
    equation, sh = draw(st.sampled_from(EINSUMS))
    return Case([rng.normal(size=s) for s in sh], params={"equation": equation})


def diag_part(draw, rng):
    return Case([rng.normal(size=draw(shapes(2, 3)))])


def matrix_diag(draw, rng):
    shape = draw(shapes(1, 2))
    rows = shape[-1] + draw(st.integers(0, 1))
    return Case([rng.normal(size=shape)], params={"rows": rows, "cols": shape[-1]})


def _well_conditioned(draw, rng):
    n = draw(st.integers(1, 3))
    lead = draw(shapes(0, 1))
    return rng.normal(size=lead + (n, n)) * 0.3 + np.eye(n) * draw(st.sampled_from([1.5, -1.5]))


def inverse(draw, rng):
    return Case([_well_conditioned(draw, rng)])


def cholesky(draw, rng):
    a = _well_conditioned(draw, rng)
    spd = a @ np.swapaxes(a, -1, -2) + np.eye(a.shape[-1])
    # the input's lower triangle is read; the gradient is symmetrised (TF), so differentiate
    # through a symmetric input: cholesky((x + x^T) / 2)
    def make(g, xs):
        perm = list(range(len(a.shape)))
        perm[-1], perm[-2] = perm[-2], perm[-1]
        return g.cholesky(g.multiply(g.const(0.5), g.add(xs[0], g.transpose(xs[0], perm=perm))))
    return Case([spd], make=make,
                forward=lambda x: np.linalg.cholesky((x + np.swapaxes(x, -1, -2)) / 2))


def _swap(x):
    return np.swapaxes(x, -1, -2)


def _symmetrised(g, x):
    perm = list(range(len(x.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return g.multiply(g.const(0.5), g.add(x, g.transpose(x, perm=perm)))


def band_part(draw, rng):
    shape = draw(shapes(2, 3))
    lower = draw(st.integers(-1, shape[-2]))
    upper = draw(st.integers(-1, shape[-1]))
    return Case([rng.normal(size=shape)], params={"num_lower": lower, "num_upper": upper})


def triangular_solve(draw, rng):
    a = _well_conditioned(draw, rng)
    n = a.shape[-1]
    lead = a.shape[:-2] if draw(st.booleans()) else ()      # a batch of matrices against one rhs too
    b = rng.normal(size=lead + (n, draw(st.integers(1, 3))))
    return Case([a, b], params={"lower": draw(st.booleans()), "adjoint": draw(st.booleans())})


def cross(draw, rng):
    shape = draw(shapes(0, 2)) + (3,)
    return Case([rng.normal(size=shape), rng.normal(size=shape)])


def _full_rank(draw, rng, rows, cols):
    """A matrix whose leading min(rows, cols) columns are well conditioned (QR's and pinv's
    gradients divide by R's diagonal and by the singular values)."""
    lead = draw(shapes(0, 1))
    eye = np.eye(rows, cols) * draw(st.sampled_from([1.5, -1.5]))
    return rng.normal(size=lead + (rows, cols)) * 0.3 + eye


def qr(draw, rng):
    rows, cols = draw(dims), draw(dims)
    full = rows <= cols and draw(st.booleans())     # (TensorFlow has no gradient for tall full QR)
    return Case([_full_rank(draw, rng, rows, cols)], params={"full": full})


def _spectral(draw, rng):
    """A symmetric matrix with well separated eigenvalues."""
    n = draw(st.integers(1, 3))
    lead = draw(shapes(0, 1))
    q = np.linalg.qr(rng.normal(size=lead + (n, n)))[0]
    values = distinct(rng, lead + (n,), gap=0.5)
    return (q * values[..., None, :]) @ _swap(q)


def eigh_values(draw, rng):
    # the kernel reads the lower triangle and TF's gradient is symmetrised: differentiate
    # through a symmetric input, eigh((x + x^T) / 2)
    return Case([_spectral(draw, rng)], make=lambda g, xs: g.eigh_values(_symmetrised(g, xs[0])),
                forward=lambda x: np.linalg.eigh((x + _swap(x)) / 2)[0])


def eigh_vectors(draw, rng):
    # eigenvectors are unique up to sign: v * v is not, and its gradient goes through v's rule
    def make(g, xs):
        v = g.eigh_vectors(_symmetrised(g, xs[0]))
        return g.multiply(v, v)
    return Case([_spectral(draw, rng)], make=make, forward=lambda x: np.linalg.eigh((x + _swap(x)) / 2)[1] ** 2)


def pinv(draw, rng):
    # (rcond, the cutoff, has no gradient: a constant here)
    return Case([_full_rank(draw, rng, draw(dims), draw(dims))], make=lambda g, xs: g.pinv(xs[0], g.const(1e-15)),
                forward=lambda x: OPS["pinv"].forward(x, 1e-15))


# ---------------------------------------------------------------- segments

def _segment_setup(draw, rng, sorted_ids):
    shape = draw(shapes(1, 3))
    num = draw(st.integers(1, 4))
    ids = rng.integers(0 if sorted_ids else -1, num, shape[0])
    if sorted_ids:
        ids = np.sort(ids)
        num = int(ids.max()) + 1
    return shape, ids.astype(float), num


def segment_sum(draw, rng):
    sorted_ids = draw(st.booleans())
    shape, ids, num = _segment_setup(draw, rng, sorted_ids)
    return Case([rng.normal(size=shape)],
                make=lambda g, xs: g.segment_sum(xs[0], g.const(ids), num=num, sorted=sorted_ids),
                forward=lambda x: OPS["segment_sum"].forward(x, ids, num=num, sorted=sorted_ids))


def segment_gather(draw, rng):
    shape, ids, num = _segment_setup(draw, rng, False)
    small = (num,) + shape[1:]
    return Case([rng.normal(size=small)],
                make=lambda g, xs: g.segment_gather(xs[0], g.const(ids), num=num, sorted=False),
                forward=lambda dy: OPS["segment_gather"].forward(dy, ids, num=num, sorted=False))


def segment_max(draw, rng):
    shape, ids, num = _segment_setup(draw, rng, True)
    return Case([distinct(rng, shape)],
                make=lambda g, xs: g.segment_max(xs[0], g.const(ids), num=num, sorted=True),
                forward=lambda x: OPS["segment_max"].forward(x, ids, num=num, sorted=True))


# ---------------------------------------------------------------- control flow

def branch(draw, rng):
    shape = draw(shapes(0, 2))
    other = draw(shapes(0, 2))

    def make(g, xs):   # cond's result: the taken value; the untaken branch's input gets zeros
        return g.branch(xs[0], g.const(1.0), xs[1], expected=(True,), what="cond")
    return Case([rng.normal(size=shape), rng.normal(size=other)], make=make, forward=lambda v, w: v)


def custom_gradient(draw, rng):
    shape = draw(shapes(0, 2))

    def make(g, xs):   # forward x * x with the rule 2 x dy (which is its derivative)
        return g.custom_gradient(g.multiply(xs[0], xs[0]), xs[0], name="sq",
                                 rule=lambda gg, dy, i: gg.multiply(gg.multiply(gg.const(2.0), xs[0]), dy))
    return Case([rng.normal(size=shape)], make=make, forward=lambda x: x * x)

