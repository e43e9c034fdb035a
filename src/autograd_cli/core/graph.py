"""The computation graph: nodes, and the one place nodes are created.

Node ids grow with creation and a node's inputs always exist before it, so
sorting ids gives a topological order: evaluation and differentiation walk
that order with loops, never recursion.
"""
from __future__ import annotations


import numpy as np

from autograd_cli.support.errors import AgError, Pos, line_of, pos_at
from autograd_cli.support.limits import MAX_RANK, check_elements, limit, over, shape_text
from autograd_cli.ops import OPS, ShapeError
from autograd_cli.ops.table import float32_op


class Node:
    # Memory: a program can have a million nodes. No dtype slot (the op decides it), and
    # one or two inputs are kept in two slots, not a tuple (which costs 48-56 bytes more).
    __slots__ = ("id", "op", "_in0", "_in1", "params", "shape", "pos", "label")

    def __init__(self, id, op, inputs, params, shape, pos):
        self.id = id
        self.op = op              # an ops.Op
        n = len(inputs)           # inputs: tuple[Node, ...] (see `inputs`)
        if n == 0:
            self._in0 = self._in1 = None
        elif n == 1:
            self._in0, self._in1 = inputs[0], None
        elif n == 2:
            self._in0, self._in1 = inputs
        else:
            self._in0, self._in1 = inputs, _MANY
        self.params = params      # dict of static (Python / NumPy) parameters
        self.shape = shape        # tuple[int, ...], known before anything runs
        self.pos = pos            # where the expression that made it is (errors.pos_at)
        self.label = None         # the name it was assigned to, if any

    @property
    def inputs(self) -> tuple:
        """The nodes it is computed from, in order."""
        second = self._in1
        if second is None:
            first = self._in0
            return () if first is None else (first,)
        if second is _MANY:
            return self._in0
        return (self._in0, second)

    @property
    def dtype(self) -> str:
        """"float" or "bool"."""
        return self.op.dtype

    @property
    def line(self) -> int:
        return line_of(self.pos)

    def describe(self) -> str:
        return self.label or self.op.name

    def __repr__(self):
        return f"<{self.op.name}#{self.id} {self.label or ''} {self.shape}>"


class NoGradient:
    """A `None` entry of a gradients result: remembers which x, and works out why
    only when asked (`reason`): most None gradients are never explained."""

    __slots__ = ("x_text", "pos", "_reason", "_explain")

    def __init__(self, x_text: str, explain, pos: Pos):
        self.x_text = x_text
        self.pos = pos
        self._reason = None
        self._explain = explain   # () -> the reason, as a phrase

    @property
    def reason(self) -> str:
        if self._reason is None:
            self._reason, self._explain = self._explain(), None
        return self._reason

    def error(self, where: Pos) -> AgError:
        return AgError(f"the gradient with respect to {self.x_text} is None ({self.reason}), "
                       "so it cannot be used here; pass unconnected_gradients=\"zero\" "
                       "to get zeros instead", where)


def nodes_in(value) -> list[Node]:
    """The graph nodes inside a builder value: a node, a (nested) list of them, or none."""
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Node):
            out.append(item)
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return out


class Graph:
    """Owns all nodes. `g.exp(x)`, `g.multiply(a, b, ...)` apply ops from the table."""

    def __init__(self):
        self.nodes: list[Node] = []
        self.pos = pos_at(1, 1)   # where new nodes are attributed (set by the builder)
        self.max_elements = limit("MAX_ELEMENTS")  # read once per graph (see limits.py)
        self.max_nodes = limit("MAX_NODES")
        self.max_memory = limit("MAX_MEMORY")
        self.bytes = 0            # float64 bytes of every node's value: the bound check_memory starts from
        self.const_bytes = 0      # of constants (allocated while building, alive all along)
        self._scalars: dict = {}  # float -> the params dict shared by its consts (const())

    def apply(self, op_name: str, *inputs: Node, _prepared: bool = False, _float32: bool = False,
              **params) -> Node:
        """`_prepared`: the params are a node's own, already normalised by the op's prepare
        (a node rebuilt from another graph's plain data: exchange.py); not prepared again.
        `_float32`: a node of the row's float32 variant (TensorFlow's float32 kernel)."""
        op = OPS[op_name] if not _float32 else float32_op(OPS[op_name])
        shapes = [i.shape for i in inputs]
        try:
            if op.prepare is not None and not _prepared:
                params = op.prepare(*shapes, **params)
            shape = op.shape(*shapes, **params)
        except ShapeError as exc:
            raise AgError(f"{op.title}: {exc}", self.pos) from None
        if type(shape) is not tuple or not all(type(d) is int for d in shape):
            shape = tuple(int(d) for d in shape)
        count = 1
        for d in shape:
            count *= d
        if count > self.max_elements or len(shape) > MAX_RANK:  # refused before anything allocates
            check_elements(shape, self.pos, f"{op.name} would make a tensor of shape {shape_text(shape)}")
        self.bytes += count * 8
        if op_name == "const":
            self.reserve(count)
            self.const_bytes += count * 8
        nodes = self.nodes
        if len(nodes) >= self.max_nodes and type(nodes) is list:  # (explain's eager ids are not a list)
            raise over("MAX_NODES", "the computation graph is too large", len(nodes) + 1, "nodes", self.pos)
        node = Node(len(nodes), op, inputs, params or _NO_PARAMS, shape, self.pos)
        nodes.append(node)
        return node

    def reserve(self, count: int) -> None:
        """Refuse a constant of `count` elements before it is allocated (builders of
        zeros, ones, random_*, linspace ... call this): constants live as long as the
        program, so together they stay under MAX_MEMORY."""
        total = self.const_bytes + 8 * count
        if total > self.max_memory:
            raise over("MAX_MEMORY", "the program's constants would take", total, "bytes", self.pos)

    def check_memory(self, keep=()) -> None:
        """Refuse, before evaluating, a graph whose values would take more than MAX_MEMORY
        bytes at once: values are freed after their last use (kept: `keep` ids and the
        constants), so the peak is found by walking the nodes in order. Located at the
        node where the total first passes the limit."""
        if self.bytes <= self.max_memory:
            return
        nodes = self.nodes
        last = {}
        for node in nodes:
            for i in node.inputs:
                last[i.id] = node.id
        keep = set(keep)
        frees: dict = {}
        for ident, at in last.items():
            if ident not in keep and OPS_CONST is not nodes[ident].op:
                frees.setdefault(at, []).append(ident)
        live = 0
        for node in nodes:
            size = 8 * _count(node.shape)
            live += size
            if live > self.max_memory:
                raise over("MAX_MEMORY", "evaluating the program would hold its values in memory at "
                           "once", live, "bytes or more", node.pos)
            if node.id not in last and node.id not in keep and node.op is not OPS_CONST:
                live -= size            # used by nothing: dropped at once
            for ident in frees.get(node.id, ()):
                live -= 8 * _count(nodes[ident].shape)

    def const(self, value) -> Node:
        if type(value) is float and value == value and value != 0.0:
            # A number literal: every const of the same number shares one read-only
            # value and params dict (a long program repeats a few literals a million times).
            params = self._scalars.get(value)
            if params is None:
                array = np.asarray(value, dtype=np.float64)
                array.flags.writeable = False
                params = self._scalars[value] = {"value": array}
            node = self.apply("const", value=params["value"])
            node.params = params
            return node
        array = np.asarray(value)
        # (a TensorFlow snippet's complex constant stays complex; every other value is float64)
        return self.apply("const", value=array.astype(np.complex128 if array.dtype.kind == "c" else np.float64))

    def zeros(self, shape) -> Node:
        return self.const(np.zeros(shape))

    def __getattr__(self, op_name):
        if op_name.startswith("__") or op_name not in OPS:
            raise AttributeError(op_name)
        apply = self.apply

        def make(*inputs, **params):
            return apply(op_name, *inputs, **params)
        self.__dict__[op_name] = make      # found directly next time
        return make


def _count(shape) -> int:
    count = 1
    for d in shape:
        count *= d
    return count


OPS_CONST = OPS["const"]
_MANY = object()        # Node._in1 when _in0 holds a tuple of three or more inputs
_NO_PARAMS: dict = {}   # shared by every node without parameters (never mutated)
