"""Forward evaluation: one loop over nodes in id (= topological) order."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import AgError
from .graph import Node


@dataclass(frozen=True)
class Warning_:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def needed(roots) -> list[Node]:
    """Every node the roots are computed from, in evaluation order."""
    seen: dict[int, Node] = {}
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.id not in seen:
            seen[node.id] = node
            stack.extend(node.inputs)
    return [seen[i] for i in sorted(seen)]


def run(order, overrides=None, warnings=None) -> dict[int, np.ndarray]:
    """Evaluate nodes (already in order). `overrides` gives leaf values by node id
    (variables and placeholders in a step). Non-finite values first produced by
    a node from finite inputs are reported in `warnings` (a list) by line."""
    values: dict[int, np.ndarray] = {}
    overrides = overrides or {}
    warned_lines = set()
    with np.errstate(all="ignore"):
        for node in order:
            if node.op.leaf:
                value = overrides.get(node.id, node.params.get("value"))
            else:
                args = [values[i.id] for i in node.inputs]
                try:
                    value = node.op.forward(*args, **node.params)
                except (ValueError, IndexError, TypeError, ZeroDivisionError, OverflowError) as exc:
                    raise AgError(f"{node.op.name}: {exc}", node.pos) from None
                except MemoryError:
                    raise AgError(f"{node.op.name}: out of memory", node.pos) from None
            values[node.id] = value
            if warnings is not None and node.dtype == "float" and not node.op.leaf:
                _check_finite(node, value, values, warnings, warned_lines)
    return values


def _check_finite(node, value, values, warnings, warned_lines):
    if np.isfinite(value).all():
        return
    if not all(np.isfinite(values[i.id]).all() for i in node.inputs if i.dtype == "float"):
        return  # not the first place it appeared
    if node.line in warned_lines:
        return
    warned_lines.add(node.line)
    kinds = [k for k, bad in (("nan", np.isnan(value).any()), ("inf", np.isinf(value).any())) if bad]
    warnings.append(Warning_(node.line, f"{node.op.name} produced {' and '.join(kinds)}"))
