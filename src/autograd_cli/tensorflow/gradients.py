"""tf.gradients and tf.hessians (graph mode): gradient tensors made by the engine's
autodiff on the lowered records, with TensorFlow's None semantics and names."""
from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.core.graph import NoGradient
from autograd_cli.ops import ShapeError
from autograd_cli.support.errors import AgError
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import sliced_gradients
from autograd_cli.tensorflow.core import Operation, Tensor, _add_op, convert_to_tensor, ctx, user_line, user_pos
from autograd_cli.tensorflow.exports import tf_class, export_value, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.graph_run import lower_ops, ops_needed
from autograd_cli.tensorflow.lowering import Lowering, Recipe


@tf_class("tensorflow.python.ops.unconnected_gradients.UnconnectedGradients")
@tf_export("UnconnectedGradients")
class UnconnectedGradients:
    NONE = "none"
    ZERO = "zero"


def unconnected_mode(value) -> str:
    if value is None:
        return "none"
    text = str(getattr(value, "value", value)).lower()
    if text not in ("none", "zero"):
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}")
    return text


class GradientCall:
    """One tf.gradients / tape.gradient / K.gradients call, for the gradient tables:
    its line, what was differentiated, the values (when known) and why each None is None."""

    def __init__(self, kind, line, n_x, reasons, graph=None, y_nodes=None, x_nodes=None, value_nodes=None,
                 x_names=None, notes=None):
        self.kind = kind                 # "gradients" | "tape" | "hessians" | "jacobian"
        self.line = line
        self.values = [None] * n_x       # arrays, None for a None gradient (or not yet run)
        self.reasons = reasons           # x index -> why None
        self.graph = graph               # the engine graph of the last evaluation
        self.y_nodes = y_nodes or []
        self.x_nodes = x_nodes or []
        self.value_nodes = value_nodes or []   # Node or NoGradient per x
        self.x_names = x_names or []
        self.notes = notes or []
        self.computed = False
        self.run = None                  # LoweredRun: where it was last computed (the snippet job hands it back)
        self.op = None                   # graph mode: the Gradients operation
        self.sources = []                # what was differentiated against, as the snippet passed it


class LoweredRun:
    """The engine graph a gradient call was last computed on: its nodes for the ys, xs
    and results (Node, NoGradient, or None per x), the leaf values of that computation
    (node id -> array) and, when asked (`tensor_nodes()`, `variable_nodes()`), which
    node stands for which tensor and variable. Kept by reference: no copy per step."""

    __slots__ = ("graph", "y_nodes", "x_nodes", "results", "stop_nodes", "grad_ys", "overrides", "tensor_nodes",
                 "variable_nodes", "sources")

    def __init__(self, graph, y_nodes, x_nodes, results, stop_nodes, grad_ys, overrides, tensor_nodes,
                 variable_nodes, sources=None):
        self.graph = graph
        self.y_nodes = y_nodes
        self.x_nodes = x_nodes
        self.results = results
        self.stop_nodes = stop_nodes
        self.grad_ys = grad_ys
        self.overrides = overrides
        self.tensor_nodes = tensor_nodes        # () -> {tensor uid: Node}
        self.variable_nodes = variable_nodes    # () -> {variable uid: Node}
        self.sources = sources                  # a tape's sources (an unwatched one has no x node)


def announce(call: GradientCall):
    if ctx.on_gradient is not None:
        ctx.on_gradient(call)


@contextmanager
def unannounced():
    """Gradients the package takes for its own work (a JVP's reverse passes, a py_function's
    VJP, tf.test.compute_gradient's Jacobian rows) are not the snippet's gradient calls."""
    hook, ctx.on_gradient = ctx.on_gradient, None
    try:
        yield
    finally:
        ctx.on_gradient = hook


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _x_tensor(x):
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(x, Variable):
        if x._graph is None:
            raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape "
                               "instead.")
        return x._ref_tensor
    if isinstance(x, Tensor):
        return x
    raise TypeError(f"xs must be tensors or variables, got {type(x).__name__}")


def _lower_gradients(L, *nodes, n_y, n_x, grad_ys, n_stop, unconnected, connected):
    ys = list(nodes[:n_y])
    xs = list(nodes[n_y:n_y + n_x])
    gys = list(nodes[n_y + n_x:n_y + n_x + sum(1 for g in grad_ys if g)])
    stops = list(nodes[len(nodes) - n_stop:]) if n_stop else []
    it = iter(gys)
    grad_nodes = [next(it) if g else None for g in grad_ys] if grad_ys else None
    results = autodiff.gradients(L.g, ys, xs, grad_nodes, stops, unconnected)
    # an x connected to the ys in the records but not in this run's graph (a while loop that ran
    # no iteration this time): TensorFlow's gradient through the loop is zeros then
    results = [L.g.const(np.zeros(x.shape)) if c and isinstance(r, NoGradient) else r
               for r, x, c in zip(results, xs, connected)]
    L.last_gradients = (ys, xs, results, stops, grad_nodes)
    return [r for r, c in zip(results, connected) if c]


def _floor(xs) -> int:
    """The oldest x's op: no op made before it is computed from an x (an op's inputs are older
    than it), unless a graph was rewired."""
    ops = [x.op for x in xs if x.op is not None]
    if not ops or len(ops) < len(xs) or any(getattr(op.graph, "rewired", False) for op in ops):
        return 0
    return min(op.uid for op in ops)


def _stand_in_lowering(graph, roots):
    """The graph's ops lowered on stand-in leaves, kept from call to call (each call lowers the
    ops made since: a loop of tape.gradient calls in a TF1 graph does not lower its history
    again each step); a rewired graph is lowered anew."""
    L = None if graph is None or graph.rewired else graph.__dict__.get("_stand_ins")
    if L is None:
        L = Lowering()
        L.g.max_elements = L.g.max_memory = L.g.max_nodes = float("inf")
        L.stand_ins = True
        L.tensor_nodes = {}
        L.fed_leaves = {}
    done = L.tensor_nodes
    new, stack = {}, list(roots)
    while stack:
        op = stack.pop()
        if op.uid in new or (op.outputs and all(t.uid in done for t in op.outputs)):
            continue
        new[op.uid] = op
        stack.extend(t.op for t in op.inputs if t.op is not None and t.op.graph is not None and t.uid not in done)
        stack.extend(op.control_inputs)
    try:
        lower_ops(L, ops_needed(list(new.values()), done.keys()), {})
    except BaseException:
        if graph is not None:
            graph.__dict__.pop("_stand_ins", None)
        raise
    if graph is not None and not graph.rewired:
        graph._stand_ins = L
    return L


def _static_connectivity(ys, xs, grad_ys, stops, unconnected):
    """Lower what the ys need on stand-in leaves and run autodiff: which xs are connected
    and, for the others, why not."""
    roots = [t.op for t in ys + xs + [g for g in grad_ys if g is not None] + stops]
    graph = next((op.graph for op in roots if op is not None and op.graph is not None), None)
    try:
        L = _stand_in_lowering(graph, [op for op in roots if op is not None])
    except (AgError, ShapeError, InvalidArgumentError):
        if not any(op.type == "Placeholder" and (op.outputs[0]._shape is None or None in op.outputs[0]._shape)
                   for op in ops_needed(roots, set())):
            raise
        # a placeholder of unknown rank or size has no stand-in every op accepts (labels fed
        # later with logits' batch shape; (?, 3) times a (2, 3) constant): connectivity from
        # the records alone, the values at the run
        return _reachable(ys, xs, stops), {}, None, None
    nodes = L.tensor_nodes
    y_nodes = [nodes[t.uid] for t in ys]
    x_nodes = [nodes[t.uid] for t in xs]
    g_nodes = [None if g is None else nodes[g.uid] for g in grad_ys] if grad_ys else None
    results = autodiff.gradients(L.g, y_nodes, x_nodes, g_nodes, [nodes[s.uid] for s in stops], unconnected)
    reasons = {k: r.reason for k, r in enumerate(results) if isinstance(r, NoGradient)}
    return [not isinstance(r, NoGradient) for r in results], reasons, L, results


def _reachable(ys, xs, stops):
    """Which xs the ys depend on through ops that pass gradients (not StopGradient, not
    integer tensors, not past a stop)."""
    stopped = {s.uid for s in stops}
    seen, todo = set(), [y for y in ys]
    while todo:
        t = todo.pop()
        if t.uid in seen or t.uid in stopped:
            continue
        seen.add(t.uid)
        op = t.op
        if op is None or op.type in ("StopGradient", "PreventGradient"):
            continue
        todo.extend(i for i in op.inputs if not i.dtype.is_integer and i.dtype not in (dtypes.bool_, dtypes.string))
    return [x.uid in seen for x in xs]


@tf_export("gradients", "compat.v1.gradients", "gradients_v2", builtin="gradients")
def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients=UnconnectedGradients.NONE):
    if ctx.eager:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape "
                           "instead.")
    graph = ctx.graph
    scope = graph.unique_name(name or "gradients")     # (taken even when the call fails, as in TensorFlow)
    y_list = [convert_to_tensor(y) for y in _as_list(ys)]
    x_list = [_x_tensor(x) for x in _as_list(xs)]
    g_list = [None if g is None else convert_to_tensor(g) for g in _as_list(grad_ys)]
    if g_list and len(g_list) != len(y_list):
        raise ValueError(f"Length mismatch. Passed {len(g_list)} grad_ys for {len(y_list)} ys")
    stops = [_x_tensor(s) for s in _as_list(stop_gradients)]
    mode = unconnected_mode(unconnected_gradients)
    for k, y in enumerate(y_list):
        if y.dtype is dtypes.string:      # (TensorFlow's default gradient of a y: ones of its dtype)
            if k < len(g_list) and g_list[k] is not None:
                raise TypeError(f"Tensor {y!s} with type string must be numeric to obtain a default gradient")
            raise TypeError("Expected string, but got 1 of type 'int'.")
    connected, reasons, static, _ = _static_connectivity(y_list, x_list, g_list, stops, mode)
    sliced, popped, extras = _sliced_chains(y_list, x_list, g_list, stops, connected)
    watched = _watched_between(y_list, x_list, stops)
    all_xs = x_list + extras + watched
    all_connected = tuple(connected) + (True,) * (len(extras) + len(watched))
    op = Operation("Gradients", scope, y_list + all_xs + [g for g in g_list if g is not None] + stops,
                   Recipe("fn", _lower_gradients, {"n_y": len(y_list), "n_x": len(all_xs),
                                                    "grad_ys": [g is not None for g in g_list],
                                                    "n_stop": len(stops), "unconnected": mode,
                                                    "connected": all_connected}),
                   graph, user_pos())
    out_specs = [(x.dtype, x._shape) for x, c in zip(all_xs, all_connected) if c]
    made = _add_op(graph, op, out_specs)
    outs = iter(made[:len(made) - len(watched)])
    # (the watched first, nearest the ys first: TensorFlow's backward pass makes their AddNs first)
    names = gradient_names(y_list, x_list + watched, scope, order=[*range(len(x_list) + len(watched) - 1, len(x_list) - 1, -1)],
                           stops=stops, gate=bool(gate_gradients))
    result = []
    for k, (x, c) in enumerate(zip(x_list, connected)):
        if c:
            t = next(outs)
            t._name = names[k]
            result.append(t)
        else:
            result.append(None)
    if sliced:
        # (the dense gradient of a sliced x stays an output of the op: the gradient tables show it)
        grads = {}
        for t, x in zip(outs, extras):
            t._name = f"{scope}/{x.op.name}_grad/grad:0"
            grads[x.op.uid] = t
        for k, slices in sliced_gradients.build(graph, scope, sliced, popped, grads).items():
            result[k] = slices
    for t, x, name in zip(made[len(made) - len(watched):], watched, names[len(x_list):]):
        t._name = name        # (the gradient the op's own gradient function receives in TensorFlow)
        x.op.attrs["on_gradient"](t)
    notes = []
    if any(x.dtype.is_integer for x, c in zip(x_list, connected) if c):
        notes.append("TensorFlow 2 returns None for the gradient of an integer tensor; TensorFlow 1.x (as here, "
                     "in graph mode) computes it")
    call = GradientCall("gradients", user_line(), len(x_list), reasons, notes=notes)
    call.tensors = result
    call.x_names = [getattr(x, "name", "") for x in x_list]
    call.sources = _as_list(xs)
    call.op = op
    op.attrs["call"] = call
    announce(call)
    return result


def _watched_between(ys, xs, stops):
    """The outputs of the ops between xs and ys (downstream of an x, upstream of a y) that
    ask for the gradient at them (`on_gradient`: GradientsDebugger's identities)."""
    ops, stack, seen = [], [y.op for y in ys if y.op is not None], set()
    floor = _floor(xs)
    stop_uids = {s.uid for s in stops}
    while stack:
        op = stack.pop()
        if op.uid in seen:
            continue
        seen.add(op.uid)
        ops.append(op)
        stack.extend(t.op for t in op.inputs if t.op is not None and t.op.uid >= floor and t.uid not in stop_uids)
    asking = [op for op in ops if "on_gradient" in op.attrs and op.outputs[0].dtype.is_floating]
    if not asking:
        return []
    x_uids = {x.uid for x in xs}
    stop_uids = {s.uid for s in stops}
    below: dict = {}

    def downstream(op) -> bool:     # whether op reads an x (through anything but a stop)
        found = below.get(op.uid)
        if found is None:
            below[op.uid] = False
            found = below[op.uid] = any(t.uid in x_uids or (t.uid not in stop_uids and t.op is not None
                                                           and downstream(t.op)) for t in op.inputs)
        return found
    return [op.outputs[0] for op in sorted(asking, key=lambda op: op.uid) if downstream(op)]


def _sliced_chains(ys, xs, grad_ys, stops, connected):
    """The xs whose gradients are IndexedSlices (x index -> Chain), the backward pass' order,
    and the gathers' outputs whose gradients make them (those the ys depend on)."""
    found, popped = sliced_gradients.chains(ys, xs, stops)
    if popped is None:
        return {}, None, []
    candidates = [(k, chain) for k, chain in enumerate(found) if chain is not None and connected[k]]
    outs = list({op.uid: op.outputs[0] for _, chain in candidates for op in chain.gathers}.values())
    linked = dict(zip((t.uid for t in outs), _static_connectivity(ys, outs, grad_ys, stops, "none")[0])) if outs else {}
    sliced = {}
    for k, chain in candidates:
        chain.gathers = [op for op in chain.gathers if linked.get(op.outputs[0].uid)]
        if not chain.gathers:
            continue
        if chain.others:       # a dense gradient through another consumer, unless x is cut off without the gathers
            if _static_connectivity(ys, [xs[k]], grad_ys, stops + [op.outputs[0] for op in chain.gathers],
                                    "none")[0][0]:
                continue
        sliced[k] = chain
    extras = list({op.uid: op.outputs[0] for chain in sliced.values() for op in chain.gathers}.values())
    return sliced, popped, extras


@tf_export("hessians", "compat.v1.hessians", builtin="hessians")
def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    from autograd_cli.tensorflow import array_ops

    x_list = [_x_tensor(x) for x in _as_list(xs)]
    first = gradients(ys, x_list)
    out = []
    for x, g in zip(x_list, first):
        if g is None:
            out.append(None)
            continue
        n = int(np.prod(x._shape))
        flat = array_ops.reshape(g, [-1])
        rows = []
        for k in range(n):
            row = gradients(flat[k], x)[0]
            if row is None:
                raise ValueError("None values not supported.")
            rows.append(array_ops.reshape(row, [-1]))
        out.append(array_ops.reshape(array_ops.stack(rows), list(x._shape) + list(x._shape)))
    return out


# ---------------------------------------------------------------- names of gradient tensors

_PASS = object()


def _grad_op_name(op, index, need_reshape, reshapes_before=0):
    kind = op.type
    if kind in ("Mul", "AddV2", "Add", "Sub", "RealDiv", "Maximum", "Minimum", "Pow"):
        if need_reshape:        # reshape(reduce_sum(...)), named in order among the inputs that need one
            return "Reshape" if reshapes_before == 0 else f"Reshape_{reshapes_before}"
        if kind == "Mul":
            return ("Mul", "Mul_1")[index]
        if kind in ("AddV2", "Add"):
            return _PASS
        if kind == "Sub":
            return (_PASS, "Neg")[index]
        if kind == "RealDiv":
            return ("RealDiv", "mul")[index]
        if kind == "Pow":
            return ("mul_1", "mul_3")[index]
        return ("SelectV2", "SelectV2_1")[index]
    table = {"MatMul": ("MatMul", "MatMul_1"), "Square": ("Mul_1",), "Sum": ("Tile",), "Mean": ("truediv",),
             "Exp": ("mul",), "Log": ("mul",), "Sigmoid": ("SigmoidGrad",), "Tanh": ("TanhGrad",),
             "Relu": ("ReluGrad",), "Neg": ("Neg",), "Sqrt": ("SqrtGrad",), "Sin": ("mul",), "Cos": ("mul",),
             "Abs": ("mul",), "Reshape": ("Reshape",), "Transpose": ("transpose",), "Cast": ("Cast",),
             "Softmax": ("sub",), "Identity": (_PASS,), "DebugGradientIdentity": (_PASS,), "StopGradient": (_PASS,),
             "LogMatrixDeterminant": ("mul",), "Cholesky": ("mul_1",), "Cross": ("Cross", "Cross_1"),
             "MatrixTriangularSolve": ("MatrixBandPart", "triangular_solve/MatrixTriangularSolve"),
             "SparseToDense": ("GatherNd",), "SparseReduceSum": ("GatherNd",), "SparseReorder": ("GatherV2",),
             "SparseTensorDenseMatMul": ("Squeeze", "Squeeze", "Squeeze", "SparseTensorDenseMatMul"),
             "SparseTensorDenseAdd": ("GatherNd", "GatherNd", "GatherNd", _PASS)}
    if kind == "SelfAdjointEigV2":      # (with the vectors, a second matrix_set_diag)
        return "set_diag_1" if len(op.outputs) == 2 else "set_diag"
    if kind == "Qr":                    # a wide matrix's gradient is concatenated from its two parts
        shape = op.inputs[0]._shape
        return "concat" if shape and None not in shape[-2:] and shape[-2] < shape[-1] else "add_2"
    names = table.get(kind)
    if names is None:
        return kind
    return names[min(index, len(names) - 1)]


_NO_GRADIENT_OPS = ("StopGradient", "PyFunc")


def _must_reduce(op) -> list:
    """Per input of a broadcasting binary op, whether its gradient is reshape(reduce_sum(...)):
    TensorFlow's SmartBroadcastGradientArgs, which infers the broadcast axes from the static
    shapes where it can ((?, 1) + (1,): only the second is reduced) and reduces both where an
    unknown dimension could be broadcast."""
    x, y = op.inputs[0]._shape, op.inputs[1]._shape
    if x is None or y is None:
        return [True, True]
    rank = max(len(x), len(y))
    x_axes, y_axes = [], []
    for axis in range(rank):
        x_dim = 1 if axis < rank - len(x) else x[axis - (rank - len(x))]
        y_dim = 1 if axis < rank - len(y) else y[axis - (rank - len(y))]
        if x_dim == 1 and y_dim != 1:
            x_axes.append(axis)
        elif y_dim == 1 and x_dim != 1:
            y_axes.append(axis)
        elif x_dim is None or y_dim is None:
            return [True, True]
    return [bool(x_axes) or len(x) < len(y), bool(y_axes) or len(y) < len(x)]


def gradient_names(ys, xs, scope, order=(), stops=(), gate=False):
    """The names TensorFlow gives the gradient tensors of xs (the last op of each); `order`:
    the indices of xs to name first (an AddN is numbered in the order it is met). `gate`
    (gate_gradients, an optimizer's default): an op's gradients to two or more inputs pass
    through control_flow_ops.tuple, named tuple/control_dependency, _1, ... in input order."""
    y_uids = {y.uid for y in ys}
    consumers: dict = {}
    ancestors = set()
    stack = [y.op for y in ys if y.op is not None]
    seen_ops = set()
    floor = _floor(xs)       # (the ops between xs and ys are no older than the oldest x)
    stop_uids = {s.uid for s in stops}
    while stack:
        op = stack.pop()
        if op.uid in seen_ops:
            continue
        seen_ops.add(op.uid)
        for k, t in enumerate(op.inputs):
            if t.dtype is dtypes.string:      # (no gradient flows through strings)
                continue
            ancestors.add(t.uid)
            consumers.setdefault(t.uid, []).append((op, k))
            if t.op is not None and t.op.uid >= floor and t.uid not in stop_uids:
                stack.append(t.op)
    addn = [0]
    memo: dict = {}

    def name_of(t, depth=0):
        if t.uid in memo:
            return memo[t.uid]
        if t.uid in y_uids:
            memo[t.uid] = f"{scope}/grad_ys_0:0"
            return memo[t.uid]
        uses = [(op, k) for op, k in consumers.get(t.uid, ()) if op.outputs and any(
            o.uid in ancestors or o.uid in y_uids for o in op.outputs) and op.type not in _NO_GRADIENT_OPS]
        if not uses or depth > 200:
            memo[t.uid] = f"{scope}/{t._op.name if t._op is not None else 'x'}_grad:0"
            return memo[t.uid]
        if len(uses) > 1:
            name = "AddN" if addn[0] == 0 else f"AddN_{addn[0]}"
            addn[0] += 1
            memo[t.uid] = f"{scope}/{name}:0"
            return memo[t.uid]
        op, k = uses[0]
        out = op.outputs[0]
        needs = _must_reduce(op) if len(op.inputs) == 2 else [False] * len(op.inputs)
        found = _grad_op_name(op, k, needs[k], sum(needs[:k]))
        if gate:
            flowing = [j for j, i in enumerate(op.inputs) if i.dtype.is_floating or i.dtype.is_complex]
            if len(flowing) > 1 and k in flowing:
                j = flowing.index(k)
                memo[t.uid] = f"{scope}/{op.name}_grad/tuple/control_dependency{f'_{j}' if j else ''}:0"
                return memo[t.uid]
        memo[t.uid] = name_of(out, depth + 1) if found is _PASS else f"{scope}/{op.name}_grad/{found}:0"
        return memo[t.uid]

    out = [None] * len(xs)
    for k in [*order, *(k for k in range(len(xs)) if k not in order)]:
        try:
            out[k] = name_of(xs[k])
        except RecursionError:
            out[k] = f"{scope}/grad:0"
    return out


export_value("AggregationMethod", tf_class("tensorflow.python.ops.gradients_util.AggregationMethod")(
    type("AggregationMethod", (), {"ADD_N": 0, "DEFAULT": 0, "EXPERIMENTAL_TREE": 1, "EXPERIMENTAL_ACCUMULATE_N": 2})))
