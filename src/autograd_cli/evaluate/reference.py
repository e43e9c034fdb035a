"""The reference evaluator: one node at a time, in id (= topological) order, every
value checked for NaN/inf. Loops, never recursion. The compiled schedule
(schedule.py) must give the same numbers."""
from __future__ import annotations

import numpy as np

from autograd_cli.support.errors import AgError, OutOfMemory, fmt
from autograd_cli.core.graph import Node
from autograd_cli.ops.table import float64_op
from autograd_cli.support.records import FrozenRecord, fill

ERRORS = (ValueError, IndexError, TypeError, ZeroDivisionError, OverflowError)


class ProgramWarning(FrozenRecord):
    _fields = ("line", "message")

    def __init__(self, line, message):
        fill(self, line=line, message=message)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def needed(roots, stop_at=()) -> list[Node]:
    """Every node the roots are computed from, in evaluation order; the inputs of
    nodes whose id is in `stop_at` are not followed."""
    seen: dict[int, Node] = {}
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.id not in seen:
            seen[node.id] = node
            if node.id not in stop_at:
                stack.extend(node.inputs)
    return [seen[i] for i in sorted(seen)]


_NARROW_FLOATS = (np.dtype(np.float32), np.dtype(np.float16))


def run_plain(order, overrides=None, warnings=None, passthrough=()) -> dict[int, np.ndarray]:
    """The plain evaluator: one node at a time, every value checked. Here `overrides` may
    also give the value of a computed node, whose op is then not run (verify holds stopped
    nodes and perturbs intermediate xs this way). Nodes of the ops named in `passthrough`
    take their first input's value, and nodes of a row's float32 variant (TensorFlow's float32
    kernels) the row's float64 value (verify computes a float32 graph in float64 so)."""
    values: dict[int, np.ndarray] = {}
    overrides = overrides or {}
    warned_lines = set()
    with np.errstate(all="ignore"):
        for node in order:
            if node.id in overrides:
                value = overrides[node.id]
            elif node.op.leaf:
                value = node.params.get("value")
                if passthrough and getattr(value, "dtype", None) in _NARROW_FLOATS:
                    value = value.astype(np.float64)   # else NumPy would compute on in float32
            elif passthrough and node.op.name in passthrough:
                value = values[node.inputs[0].id]
            elif passthrough and node.op is not float64_op(node.op):
                value = _forward(node, [values[i.id] for i in node.inputs], float64_op(node.op))
            else:
                value = _forward(node, [values[i.id] for i in node.inputs])
            values[node.id] = value
            if warnings is not None and node.dtype == "float" and not node.op.leaf:
                _check_finite(node, value, values, warnings, warned_lines)
    return values


def _forward(node, args, op=None):
    try:
        return (op or node.op).forward(*args, **node.params)
    except ERRORS as exc:
        raise AgError(f"{node.op.title}: {exc}", node.pos) from None
    except MemoryError:
        raise OutOfMemory(f"{node.op.title}: out of memory for a result of shape {fmt(node.shape)}", node.pos) from None


def _check_finite(node, value, values, warnings, warned_lines):
    if np.isfinite(value).all():
        return
    if not all(np.isfinite(values[i.id]).all() for i in node.inputs if i.dtype == "float"):
        return  # not the first place it appeared
    if node.line in warned_lines:
        return
    warned_lines.add(node.line)
    kinds = [k for k, bad in (("nan", np.isnan(value).any()), ("inf", np.isinf(value).any())) if bad]
    warnings.append(ProgramWarning(node.line, f"{node.op.name} produced {' and '.join(kinds)}"))
