"""What building a program produces: the graph, its named values, the gradient
records, the state updates. Shared by the builder (which makes it) and everything
that evaluates, explains, verifies or runs it."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .graph import Graph, Node, NoGradient


@dataclass
class GradientRecord:
    """One gradients/hessians/jacobian result, for the gradient tables."""

    kind: str              # gradients | hessians | jacobian
    name: str
    line: int
    ys: list
    xs: list
    values: list           # Node or NoGradient per x
    x_nodes: list
    y_nodes: list
    stop_nodes: list = field(default_factory=list)
    grad_ys: list | None = None   # per y: Node or None (ones), as passed to gradients


@dataclass
class BuiltProgram:
    graph: Graph
    named: dict            # name or expression text -> builder value, in order
    gradients: list        # [GradientRecord]
    leaves: dict           # name -> leaf Node (variables, placeholders, inputs)
    step_node: Node | None
    assigns: list          # state updates in program order (state.Assign)
    groups: list = field(default_factory=list)   # nodes group(...) evaluates each step
    fed: list = field(default_factory=list)      # (placeholder Node, feed column name)
    warnings: list = field(default_factory=list)  # found while building ("line N: ..."), e.g. 1e309


@dataclass
class Assign:
    """One assign*(v, value) in program order: `node`'s value is written to `var`."""

    var: Node
    node: Node


def plain(value, node_values):
    """A builder value as plain data: ndarray, list, None, bool or str."""
    if isinstance(value, Node):
        return np.asarray(node_values[value.id])
    if isinstance(value, list):
        return [plain(v, node_values) for v in value]
    if isinstance(value, NoGradient):
        return None
    return value
