"""Leaves (constants, variables, placeholders, inputs, step) and the state updates."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import ShapeError, fmt, op


def _leaf_shape(value, **_):
    return np.shape(value)


for _leaf, _varies, _free in (("const", False, False), ("variable", True, True), ("placeholder", True, True),
                              ("input", False, True), ("step", True, False)):
    op(_leaf, lambda value, **_: value, _leaf_shape, leaf=True, varies=_varies, free=_free)


# ---------------------------------------------------------------- state
# assign*(v, value) evaluates to the value it writes; `run` applies the writes at the
# end of each step (state.py). As TensorFlow's Assign/AssignAdd/AssignSub
# (NotDifferentiable), no gradient flows through an assign.


def _assign_shape(v, value):
    try:
        fits = np.broadcast_shapes(v, value) == tuple(v)
    except ValueError:
        fits = False
    if not fits:
        raise ShapeError(f"cannot write a value of shape {fmt(value)} into a variable of shape {fmt(v)}")
    return v


def _written(v, value):
    value = np.asarray(value, dtype=np.float64)
    return value if value.shape == np.shape(v) else np.broadcast_to(value, np.shape(v)).copy()


op("assign", _written, _assign_shape)
op("assign_add", lambda v, value: _written(v, np.add(v, value)), _assign_shape)
op("assign_sub", lambda v, value: _written(v, np.subtract(v, value)), _assign_shape)
