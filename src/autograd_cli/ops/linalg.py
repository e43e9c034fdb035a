"""Linear algebra ops."""
from __future__ import annotations

import numpy as np

from .table import ShapeError, SAME, broadcast, fmt, op, swap_last

# ---------------------------------------------------------------- matmul


def _matmul_shape(a, b):
    if len(a) < 2 or len(b) < 2:
        raise ShapeError(f"needs tensors of rank 2 or more, got shapes {fmt(a)} and {fmt(b)}")
    if a[-1] != b[-2]:
        raise ShapeError(f"inner dimensions differ: shapes {fmt(a)} and {fmt(b)}")
    return broadcast(a[:-2], b[:-2]) + (a[-2], b[-1])


op("matmul", np.matmul, _matmul_shape, sym=SAME,
   vjp=(lambda g, n, dy: g.matmul(dy, swap_last(g, n.inputs[1])),
        lambda g, n, dy: g.matmul(swap_last(g, n.inputs[0]), dy)), fresh=True, args=("a", "b"))

