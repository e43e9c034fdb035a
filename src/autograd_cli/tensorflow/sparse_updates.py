"""The TF1 optimizers' updates for an IndexedSlices gradient (TensorFlow's _apply_sparse paths).

TensorFlow first sums the rows of repeated indices (`_deduplicate_indexed_slices`), then its
sparse kernels update only the gathered rows: Momentum's accumulator and value, Adagrad's
accumulator, RMSProp's ms / mom (its sparse kernel: ms * rho + g^2 (1 - rho), mom * momentum +
rsqrt(ms + eps) lr g); TF1 Adam's sparse path decays m and v on every row (assign m * beta1,
then scatter_add of g (1 - beta1)) and moves every row. Here the summed rows are scattered into
a dense gradient and a row mask keeps the other rows as they were, which computes the same
per-row formulas (the rows not gathered are copied, not recomputed)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.indexed_slices import IndexedSlices


def _dense_and_rows(g: IndexedSlices, v):
    """The summed rows scattered into the variable's shape, and a boolean mask of the rows the
    gradient has (shaped to broadcast against the variable)."""
    from autograd_cli.tensorflow.array_ops import ones_like, reshape
    from autograd_cli.tensorflow.linalg_ops import unsorted_segment_sum

    n = v._shape[0]
    values = m.cast(g.values, v.dtype.base_dtype) if g.values.dtype != v.dtype.base_dtype else g.values
    dense = unsorted_segment_sum(values, g.indices, n)
    hits = unsorted_segment_sum(ones_like(g.indices, dtype=values.dtype), g.indices, n)
    mask = reshape(m.greater(hits, 0), [n] + [1] * (len(v._shape) - 1))
    return dense, mask


def _rows(mask, new, old):
    from autograd_cli.tensorflow.array_ops import where

    return where(mask, new, old)


def _write(slot, value):
    """Assign the slot; the value the later formulas read (the assign's output in a graph)."""
    out = slot.assign(value)
    return value if ctx.eager else out


def momentum(opt, g, v):
    acc = opt._slot(v, "momentum")
    lr = opt._lr_tensor(v)
    grad, mask = _dense_and_rows(g, v)
    acc_t = _write(acc, _rows(mask, m.add(m.multiply(acc, opt._momentum), grad), acc))
    if opt._nesterov:
        step = m.add(m.multiply(grad, lr), m.multiply(m.multiply(acc_t, opt._momentum), lr))
    else:
        step = m.multiply(acc_t, lr)
    return v.assign(_rows(mask, m.subtract(v, step), v))


def adagrad(opt, g, v):
    accum = opt._slot(v, "accumulator", opt._initial)
    grad, mask = _dense_and_rows(g, v)
    accum_t = _write(accum, _rows(mask, m.add(accum, m.square(grad)), accum))
    step = m.multiply(m.multiply(grad, opt._lr_tensor(v)), m.rsqrt(accum_t))
    return v.assign(_rows(mask, m.subtract(v, step), v))


def rmsprop(opt, g, v):
    ms, mom = opt._slot(v, "rms", 1.0), opt._slot(v, "momentum")
    grad, mask = _dense_and_rows(g, v)
    rho = np.float32(opt._decay)
    rest = m.subtract(1.0, rho)
    ms_t = _write(ms, _rows(mask, m.add(m.multiply(ms, rho), m.multiply(m.square(grad), rest)), ms))
    denominator = m.add(ms_t, opt._eps)
    if opt._centered:
        mg = opt._slot(v, "mg")
        mg_t = _write(mg, _rows(mask, m.add(m.multiply(mg, rho), m.multiply(grad, rest)), mg))
        denominator = m.subtract(denominator, m.square(mg_t))
    step = m.multiply(m.multiply(m.rsqrt(denominator), opt._lr_tensor(v)), grad)
    mom_t = _write(mom, _rows(mask, m.add(m.multiply(mom, opt._momentum), step), mom))
    return v.assign(_rows(mask, m.subtract(v, mom_t), v))


def adam(opt, g, v):
    b1p, b2p = opt._powers
    mslot, vslot = opt._slot(v, "m"), opt._slot(v, "v")
    grad, _ = _dense_and_rows(g, v)
    lr = m.divide(m.multiply(opt._lr_tensor(v), m.sqrt(m.subtract(1.0, b2p))), m.subtract(1.0, b1p))
    # every row decays; the gathered rows then get their scaled gradient added
    m_t = _write(mslot, m.add(m.multiply(mslot, np.float32(opt._b1)),
                              m.multiply(grad, m.subtract(1.0, np.float32(opt._b1)))))
    v_t = _write(vslot, m.add(m.multiply(vslot, np.float32(opt._b2)),
                              m.multiply(m.square(grad), m.subtract(1.0, np.float32(opt._b2)))))
    return v.assign_sub(m.divide(m.multiply(lr, m_t), m.add(m.sqrt(v_t), opt._eps)))
