"""Built-ins with special arguments for indexing, shapes, linear algebra, segments and
control flow (TensorFlow's names and parameters). Registered by functions.py."""
from __future__ import annotations

import numpy as np

from ..errors import AgError
from ..evaluate import needed, run
from ..graph import Node
from ..ops.indexing import int_indices
from .functions import _axis_arg, _bool_arg, _shape_arg, _tensor_list, builtin


# ---------------------------------------------------------------- helpers

def moving(node: Node) -> bool:
    """Whether a value may change from step to step (variables, placeholders, step)."""
    return any(n.op.varies for n in needed([node]))


def current(b, node: Node) -> np.ndarray:
    """The value a node has now (variables at their initial values, step 0)."""
    if not moving(node):
        return b.static(node, node.pos, "a value")
    return np.asarray(run(needed([node]))[node.id])


def check_indices(b, indices: Node, size: int, pos, what: str, wrap=False, batch=None):
    """Index values known before the program runs are checked now, with the call's position."""
    if moving(indices):
        return
    values = b.static(indices, pos, what)
    try:
        int_indices(values, size, wrap)
    except ValueError as exc:
        raise AgError(f"{what}: {exc}", pos) from None


def _int_or_none(b, c, name):
    value = c.args[name]
    return None if value is None else b.integer(value, c.at(name), name)


# ---------------------------------------------------------------- indexing

@builtin("gather", ("params", "indices", "validate_indices", "axis", "batch_dims"),
         {"validate_indices": None, "axis": None, "batch_dims": 0})
def _gather(b, c):
    params = b.tensor(c.args["params"], c.at("params"))
    indices = b.tensor(c.args["indices"], c.at("indices"))
    axis = _int_or_none(b, c, "axis")
    batch_dims = b.integer(c.args["batch_dims"], c.at("batch_dims"), "batch_dims")
    node = b.apply("gather", params, indices, axis=batch_dims if axis is None and batch_dims > 0 else axis or 0,
                   batch_dims=batch_dims)
    check_indices(b, indices, params.shape[node.params["axis"]], c.at("indices"), "gather")
    return node


@builtin("gather_nd", ("params", "indices", "batch_dims"), {"batch_dims": 0})
def _gather_nd(b, c):
    params = b.tensor(c.args["params"], c.at("params"))
    indices = b.tensor(c.args["indices"], c.at("indices"))
    if b.integer(c.args["batch_dims"], c.at("batch_dims"), "batch_dims") != 0:
        raise AgError("gather_nd: only batch_dims=0 is supported (gather with batch_dims handles batches)",
                      c.at("batch_dims"))
    node = b.apply("gather_nd", params, indices)
    _check_nd(b, indices, params.shape, c.at("indices"), "gather_nd")
    return node


def _check_nd(b, indices, shape, pos, what):
    if moving(indices):
        return
    values = int_indices(b.static(indices, pos, what)) if indices.shape[-1] else None
    if values is None:
        return
    flat = values.reshape(-1, values.shape[-1])
    for row in flat:
        if any(not 0 <= v < d for v, d in zip(row, shape)):
            raise AgError(f"{what}: index {row.tolist()} does not point into shape {tuple(shape)}", pos)


@builtin("scatter_nd", ("indices", "updates", "shape"))
def _scatter_nd(b, c):
    indices = b.tensor(c.args["indices"], c.at("indices"))
    updates = b.tensor(c.args["updates"], c.at("updates"))
    shape = _shape_arg(b, c)
    node = b.apply("scatter_nd", indices, updates, shape=shape)
    _check_nd(b, indices, shape, c.at("indices"), "scatter_nd")
    return node


@builtin("boolean_mask", ("tensor", "mask", "axis"), {"axis": None})
def _boolean_mask(b, c):
    tensor = b.tensor(c.args["tensor"], c.at("tensor"))
    mask = b.tensor(c.args["mask"], c.at("mask"))
    axis = _int_or_none(b, c, "axis") or 0
    count = int(np.count_nonzero(current(b, mask)))
    return b.apply("boolean_mask", tensor, mask, axis=axis, count=count)


def bracket_gather(b, tensor: Node, index: Node, axis: int, pos, text):
    """x[[2, 0]], x[:, idx]: a list or tensor of integers gathers along that axis,
    negatives counting from the end (NumPy's reading)."""
    node = b.apply("gather", tensor, index, axis=axis, wrap=True)
    check_indices(b, index, tensor.shape[axis], pos, text, wrap=True)
    return node
