"""What building a program produces: the graph, its named values, the gradient
records, the state updates. Shared by the builder (which makes it) and everything
that evaluates, explains, verifies or runs it."""
from __future__ import annotations


import numpy as np

from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.support.records import Record


class GradientRecord(Record):
    """One gradients/hessians/jacobian result, for the gradient tables."""

    _fields = ("kind", "name", "line", "ys", "xs", "values", "x_nodes", "y_nodes", "stop_nodes", "grad_ys")

    def __init__(self, kind, name, line, ys, xs, values, x_nodes, y_nodes, stop_nodes=None, grad_ys=None):
        self.kind = kind            # gradients | hessians | jacobian
        self.name = name
        self.line = line
        self.ys = ys
        self.xs = xs
        self.values = values        # Node or NoGradient per x
        self.x_nodes = x_nodes
        self.y_nodes = y_nodes
        self.stop_nodes = [] if stop_nodes is None else stop_nodes
        self.grad_ys = grad_ys      # per y: Node or None (ones), as passed to gradients


class BuiltProgram(Record):
    _fields = ("graph", "named", "gradients", "leaves", "step_node", "assigns", "groups", "fed", "warnings")

    def __init__(self, graph, named, gradients, leaves, step_node, assigns, groups=None, fed=None,
                 warnings=None):
        self.graph = graph
        self.named = named          # name or expression text -> builder value, in order
        self.gradients = gradients  # [GradientRecord]
        self.leaves = leaves        # name -> leaf Node (variables, placeholders, inputs)
        self.step_node = step_node
        self.assigns = assigns      # state updates in program order (state.Assign)
        self.groups = [] if groups is None else groups      # nodes group(...) evaluates each step
        self.fed = [] if fed is None else fed               # (placeholder Node, feed column name)
        self.warnings = [] if warnings is None else warnings  # found while building ("line N: ..."), e.g. 1e309


class Assign(Record):
    """One assign*(v, value) in program order: `node`'s value is written to `var`."""

    _fields = ("var", "node")

    def __init__(self, var, node):
        self.var = var
        self.node = node


def plain(value, node_values):
    """A builder value as plain data: ndarray, list, None, bool or str."""
    if isinstance(value, Node):
        return np.asarray(node_values[value.id])
    if isinstance(value, list):
        return [plain(v, node_values) for v in value]
    if isinstance(value, NoGradient):
        return None
    return value
