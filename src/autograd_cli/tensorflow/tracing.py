"""Python functions traced into a graph of their own, and their ops lowered onto engine nodes.

A custom gradient's grad function, a gradient registered with RegisterGradient and a
tf.function body run once in graph mode on a `FuncGraph`: their ops are recorded there, on
symbolic inputs, and every tensor they use from outside (an eager tensor, a tensor of the
enclosing graph, a variable's value) is a capture. `lower_traced` builds the traced ops'
engine nodes on any engine graph from a node per input and per capture, so one trace
serves an eager tape, a Session and a higher derivative alike.
"""
from __future__ import annotations

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Graph, Operation, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.lowering import Lowering, Recipe, RoundingGraph


class FuncGraph(Graph):
    """The graph a traced function's ops go to (TensorFlow's FuncGraph)."""

    captures_outer = True

    def __init__(self, name):
        super().__init__()
        self.name = name
        self.seed = ctx.graph.seed


def _unbound(L, **_):
    raise RuntimeError("a traced function's input was lowered without its value")


class Trace:
    """What tracing a function recorded: its input tensors, its output tensors (None where the
    function returned None), the outer tensors it captured, the ops between, and `key`, its
    structure (op recipes and wiring: equal keys lower to equal engine graphs)."""

    __slots__ = ("graph", "inputs", "outputs", "captures", "ops", "key", "result")

    def __init__(self, graph, inputs, outputs, result):
        self.graph, self.inputs, self.outputs, self.result = graph, inputs, outputs, result
        inside = {t.uid for t in inputs}
        ops, captures, seen = [], {}, set()
        stack = [t for t in outputs if t is not None]
        while stack:
            t = stack.pop()
            if t.uid in inside or t.uid in captures:
                continue
            op = t.op
            if op is None or op.graph is not graph:
                captures[t.uid] = t
                continue
            if op.uid in seen:
                continue
            seen.add(op.uid)
            ops.append(op)
            stack.extend(op.inputs)
        self.ops = sorted(ops, key=lambda o: o.uid)
        self.captures = list(captures.values())
        self.key = self._structure()

    def _structure(self):
        refs = {t.uid: ("in", k) for k, t in enumerate(self.inputs)}
        refs.update({t.uid: ("cap", k) for k, t in enumerate(self.captures)})
        rows = []
        for k, op in enumerate(self.ops):
            rows.append((op.type, op.recipe.key, tuple(refs[t.uid] for t in op.inputs)))
            for j, t in enumerate(op.outputs):
                refs[t.uid] = ("op", k, j)
        outs = tuple(None if t is None else refs[t.uid] for t in self.outputs)
        shapes = tuple((t.dtype.name, t._shape) for t in self.inputs + self.captures)
        return (tuple(rows), outs, shapes)


def symbolic_input(graph, dtype, shape, name="input"):
    """A placeholder of the traced graph: bound to a node whenever the trace is lowered."""
    op = Operation("Placeholder", graph.unique_name(name), [], Recipe("fn", _unbound), graph, user_pos())
    return _add_op(graph, op, [(dtype, None if shape is None else tuple(shape))])[0]


class tracing:
    """`with tracing(graph):` runs Python code in graph mode on `graph`, with no tape
    recording and no gradient override of the enclosing code."""

    def __init__(self, graph):
        self.graph = graph

    def __enter__(self):
        self.saved = (ctx.eager, ctx.tapes, ctx.gradient_overrides)
        ctx.eager, ctx.tapes, ctx.gradient_overrides = False, [], []
        ctx.graphs.append(self.graph)
        return self.graph

    def __exit__(self, *exc):
        ctx.eager, ctx.tapes, ctx.gradient_overrides = self.saved
        if ctx.graphs and ctx.graphs[-1] is self.graph:
            ctx.graphs.pop()
        return False


def flat_tensors(value):
    """A (nested) result as a flat list: tensors, and None where the result holds None."""
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            out.extend(flat_tensors(item))
        return out
    if isinstance(value, dict):
        return flat_tensors([value[k] for k in sorted(value)])
    if value is None:
        return [None]
    return [convert_to_tensor(value)]


def trace(fn, specs, name="traced"):
    """Call fn(*inputs) on a new FuncGraph, one symbolic input per (dtype, shape) of specs."""
    graph = FuncGraph(name)
    with tracing(graph):
        inputs = [symbolic_input(graph, dt, shape) for dt, shape in specs]
        result = fn(*inputs)
        outputs = flat_tensors(result)
    return Trace(graph, inputs, outputs, result)


def lower_traced(g, tr: Trace, input_nodes, capture_nodes):
    """The engine nodes of the trace's outputs on engine graph g (None for a None output)."""
    nodes = {t.uid: n for t, n in zip(tr.inputs, input_nodes)}
    nodes.update({t.uid: n for t, n in zip(tr.captures, capture_nodes)})
    L = Lowering(graph=g)
    rounding = isinstance(g, RoundingGraph)
    saved_float32, saved_pos = (g.float32 if rounding else False), g.pos
    try:
        for op in tr.ops:
            g.pos = op.pos
            if rounding:
                g.float32 = any(t.dtype is dtypes.float32 for t in op.outputs)
            result = op.recipe.lower(L, [nodes[t.uid] for t in op.inputs])
            results = result if isinstance(result, (list, tuple)) else [result]
            for t, node in zip(op.outputs, results):
                nodes[t.uid] = node
    finally:
        if rounding:
            g.float32 = saved_float32
        g.pos = saved_pos
    return [None if t is None else nodes[t.uid] for t in tr.outputs]
