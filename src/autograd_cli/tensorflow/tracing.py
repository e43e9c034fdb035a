"""Python functions traced into a graph of their own, and their ops lowered onto engine nodes.

A custom gradient's grad function, a gradient registered with RegisterGradient and a
tf.function body run once in graph mode on a `FuncGraph`: their ops are recorded there, on
symbolic inputs, and every tensor they use from outside (an eager tensor, a tensor of the
enclosing graph, a variable's value) is a capture. `lower_traced` builds the traced ops'
engine nodes on any engine graph from a node per input and per capture, so one trace
serves an eager tape, a Session and a higher derivative alike.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Graph, Operation, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.engine_values import typed_value
from autograd_cli.tensorflow.lowering import Lowering, Recipe, RoundingGraph


class FuncGraph(Graph):
    """The graph a traced function's ops go to (TensorFlow's FuncGraph). A tf.function's
    (`function=True`) also keeps the eager variables the function reads (each an input of
    the graph), the latest value of each (after the function's own assigns), the ones it
    assigns, and the ops that must run at each call though nothing fetches them (tf.print)."""

    captures_outer = True

    def __init__(self, name, function=False):
        super().__init__()
        self.name = name
        self.function = function
        self.seed = ctx.graph.seed
        if function and eager_outside_functions():    # a tf.function traced eagerly: the eager global seed
            from autograd_cli.tensorflow.random_api import EAGER_SEEDS

            self.seed = EAGER_SEEDS.global_seed
        self.variable_reads: dict = {}      # var uid -> (Variable, its input tensor)
        self.variable_latest: dict = {}     # var uid -> the tensor a read gives now
        self.variable_writes: dict = {}     # Variable -> True, in order of first write
        self.side_effects: list = []
        self.created_variables = 0
        self.outer_eager = eager_outside_functions()

    def read_variable(self, var):
        latest = self.variable_latest.get(var.uid)
        if latest is None:
            latest = symbolic_input(self, var.dtype, var._shape, name=f"{var._name}/ReadVariableOp")
            latest._var = var
            self.variable_reads[var.uid] = (var, latest)
            self.variable_latest[var.uid] = latest
        return latest

    def write_variable(self, var, value):
        self.variable_latest[var.uid] = value
        self.variable_writes[var] = True


def eager_outside_functions() -> bool:
    """Eager mode, or a graph traced from eager code (TensorFlow's
    executing_eagerly_outside_functions: there `==` compares tensors elementwise)."""
    if ctx.eager:
        return True
    graph = ctx.graph
    return isinstance(graph, FuncGraph) and graph.outer_eager


def tracing_function():
    """The tf.function graph being traced, if any."""
    graph = ctx.graph if ctx.graphs and not ctx.eager else None
    return graph if isinstance(graph, FuncGraph) and graph.function else None


class init_scope:
    """`with init_scope():` eager again, outside every traced graph (what a Dataset's or a
    py_function's Python runs in)."""

    def __enter__(self):
        self.saved = (ctx.eager, ctx.graphs, ctx.tapes)
        ctx.eager, ctx.graphs, ctx.tapes = True, [g for g in ctx.graphs if not isinstance(g, FuncGraph)], []
        return self

    def __exit__(self, *exc):
        ctx.eager, ctx.graphs, ctx.tapes = self.saved
        return False


class outermost_context(init_scope):
    """Outside every traced graph, in the outermost context, as TensorFlow's init_scope: eager,
    or the TF1 graph the function is traced in (where a variable made while a tf.function is
    traced, or while Keras runs a call on stand-ins, is made, once)."""

    def __enter__(self):
        self.saved = (ctx.eager, ctx.graphs, ctx.tapes)
        outer = [g for g in ctx.graphs if not isinstance(g, FuncGraph)]
        ctx.eager, ctx.graphs, ctx.tapes = eager_outside_functions(), outer, []
        return self


def value_now(tensor):
    """A traced tensor that depends on no input, computed (a variable's initial value)."""
    from autograd_cli.evaluate import needed, run_plain

    tr = Trace(tensor.graph, [], [tensor])
    if tr.captures or any(op.type == "Placeholder" for op in tr.ops):
        raise TypeError("a variable made inside a tf.function needs an initial value that does not depend on the "
                        "function's arguments here")
    g = Lowering().g
    drawn = {}
    for op in tr.ops:           # its random ops draw once, from a kernel of their own seeds
        sampler = (op.recipe.params or {}).get("sampler") if op.recipe is not None and op.recipe.kind == "fn" else None
        if sampler is not None and not op.inputs:
            drawn[op.uid] = g.apply("placeholder", value=np.asarray(sampler.draw(sampler.new_kernel()),
                                                                     dtype=np.float64))
    node = lower_traced(g, tr, [], [], drawn)[0]
    return typed_value(run_plain(needed([node]))[node.id], tensor.dtype)


def _lower_input(L, tensor_uid, name, dtype_name, shape):
    """An input lowered where no value is bound to it (tf.gradients' connectivity, static
    shapes): a placeholder leaf of its shape, as a graph's placeholder there."""
    return L.placeholder_leaf(tensor_uid, name, dtype_name, shape)


class Trace:
    """What tracing a function recorded: its input tensors, its output tensors (None where the
    function returned None), the outer tensors it captured, the ops between, and `key`, its
    structure (op recipes and wiring: equal keys lower to equal engine graphs)."""

    __slots__ = ("graph", "inputs", "outputs", "captures", "ops", "key")

    def __init__(self, graph, inputs, outputs):
        self.graph, self.inputs, self.outputs = graph, inputs, outputs
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
    op = Operation("Placeholder", graph.unique_name(name), [], None, graph, user_pos())
    out = _add_op(graph, op, [(dtype, None if shape is None else tuple(shape))])[0]
    op.recipe = Recipe("fn", _lower_input, {"tensor_uid": out.uid, "name": op.name, "dtype_name": dtype.kernel_name,
                                            "shape": None if shape is None else list(shape)})
    return out


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
    return Trace(graph, inputs, outputs)


def lower_traced(g, tr: Trace, input_nodes, capture_nodes, drawn_nodes=None):
    """The engine nodes of the trace's outputs on engine graph g (None for a None output).
    `drawn_nodes`: op uid -> the node holding a random op's values in this call."""
    nodes = {t.uid: n for t, n in zip(tr.inputs, input_nodes)}
    nodes.update({t.uid: n for t, n in zip(tr.captures, capture_nodes)})
    drawn_nodes = drawn_nodes or {}
    L = Lowering(graph=g)
    rounding = isinstance(g, RoundingGraph)
    saved_float32, saved_pos = (g.float32 if rounding else False), g.pos
    try:
        for op in tr.ops:
            g.pos = op.pos
            if rounding:
                g.float32 = any(t.dtype is dtypes.float32 for t in op.outputs)
            result = drawn_nodes[op.uid] if op.uid in drawn_nodes else op.recipe.lower(L, [nodes[t.uid] for t in
                                                                                           op.inputs])
            results = result if isinstance(result, (list, tuple)) else [result]
            for t, node in zip(op.outputs, results):
                nodes[t.uid] = node
    finally:
        if rounding:
            g.float32 = saved_float32
        g.pos = saved_pos
    return [None if t is None else nodes[t.uid] for t in tr.outputs]
