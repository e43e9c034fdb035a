"""tf.while_loop in a graph: one `While` op, unrolled each time it is lowered.

As in TensorFlow's graph mode, `cond` and `body` are called once, on tensors standing for the
loop variables (`while/Identity`, ...), and their ops go to the graph under the loop's name
scope; the loop's results are `while/Exit`, `while/Exit_1`, ... The While op's inputs are the
initial values and every outer tensor the loop reads (its captures). A Session lowers it by
lowering cond's ops, computing the condition from this run's leaf values (the variables' values,
the feeds), then body's ops, again and again: the engine graph is the loop unrolled as often as
this run needs, so the gradients of its results are TensorFlow's (autodiff through every
iteration). Each condition's value is kept with the plan (`loop_checks`); a later run whose
conditions come out otherwise is planned again (a variable the condition reads has changed).
Where the leaves stand in for values given later (a gradient's connectivity), the body is
unrolled once per loop variable and once more: enough for every path from a capture or a loop
variable to each result to appear. A tf.function whose loop reads its arguments or variables runs eagerly (each call its own
length); elsewhere in a traced function the condition must follow from constants.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.evaluate import needed, run_plain
from autograd_cli.support.errors import AgError
from autograd_cli.support.limits import limit, over
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Operation, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.shape import TensorShape
from autograd_cli.tensorflow.lowering import _flatten, _rebuild
from autograd_cli.tensorflow.tracing import tracing_function


class _Loop:
    """What the While op unrolls: the loop variables' stand-in tensors, cond's and body's ops
    (in creation order), the condition and the body's results, the captures."""

    __slots__ = ("variables", "cond_ops", "body_ops", "condition", "results", "captures", "maximum", "back_prop",
                 "name")

    def __repr__(self):
        return f"<while loop {self.name}>"


def graph_while_loop(cond, body, values, shape_invariants, maximum_iterations, back_prop, name):
    """The loop's results (tensors of the While op, nested as body returned them), in the order
    of `values`, and the type of the sequence body returned (None for one tensor)."""
    graph = ctx.graph
    # nested loop variables ((i, (a, b)), dicts): flat here, cond and body see them nested
    layout, values = _flatten(list(values))
    if any(getattr(v, "ag_tensor_array", False) for v in values):
        # (its elements are a Python list, written at indices known when the graph is built)
        raise NotImplementedError("A tf.TensorArray as a loop variable of a graph tf.while_loop is not supported by "
                                  "autograd-cli's TensorFlow: write it in a Python loop (or, in a tf.function, the "
                                  "loop runs eagerly)")
    if shape_invariants is not None and layout != list(range(len(values))):
        shape_invariants = _flatten(list(shape_invariants))[1]
    values = [convert_to_tensor(v) for v in values]
    invariants = _invariants(values, shape_invariants)
    maximum = _maximum(maximum_iterations)
    with graph.name_scope(name or "while") as scope:
        variables = []
        for value, shape in zip(values, invariants):
            op = Operation("Identity", graph.unique_name("Identity"), [], None, graph, user_pos())
            variables.append(_add_op(graph, op, [(value.dtype, shape)])[0])
            op.recipe = Recipe("fn", _lower_outside, {"name": op.name})
        start = len(graph._ops)
        seen = _rebuild(layout, variables)
        condition = convert_to_tensor(cond(*seen))
        middle = len(graph._ops)
        returned = body(*seen)
        structure = type(returned) if isinstance(returned, (list, tuple)) else None
        back, results = _flatten(list(returned) if structure is not None else [returned])
        results = [convert_to_tensor(r) for r in results]
        end = len(graph._ops)
        _check_results(values, invariants, results, condition, scope)
        loop = _Loop()
        loop.variables, loop.condition, loop.results = variables, condition, results
        # (an inner loop's own ops are lowered by its While op, which is one of this loop's ops)
        loop.cond_ops, loop.body_ops = ([op for op in graph._ops[a:b] if "while_loop" not in op.attrs]
                                        for a, b in ((start, middle), (middle, end)))
        for op in [v.op for v in variables] + loop.cond_ops + loop.body_ops:
            op.attrs["while_loop"] = scope.rstrip("/")
        loop.maximum, loop.back_prop, loop.name = maximum, back_prop, scope.rstrip("/")
        loop.captures = _captures(loop)
        if tracing_function() is not None and _reads_inputs(values + loop.captures):
            # (a tf.function's plan is made once per input shape: its loop would keep the first
            # call's length; the eager run that follows a stopped trace gives each call's values)
            raise TypeError("a tf.while_loop over a tf.function's arguments or variables runs eagerly here")
        if maximum is not None:      # (TensorFlow's iteration counter is the loop's first Exit)
            graph.unique_name("Exit")
        op = Operation("While", graph.unique_name("Exit"), values + loop.captures,
                       Recipe("fn", _lower_while, {"loop": loop}), graph, user_pos())
        for inner in loop.cond_ops + loop.body_ops:      # (what the loop's ops wait for outside it)
            op.control_inputs.extend(c for c in inner.control_inputs if c not in op.control_inputs)
        outs = _add_op(graph, op, [(v.dtype, shape) for v, shape in zip(values, invariants)])
        for k, t in enumerate(outs):
            t._name = f"{op.name}:0" if k == 0 else f"{graph.unique_name('Exit')}:0"
    return _rebuild(back, outs), structure


def _invariants(values, shape_invariants):
    if shape_invariants is None:
        return [v._shape for v in values]
    given = list(shape_invariants) if isinstance(shape_invariants, (list, tuple)) and not (
        len(values) == 1 and _is_shape(shape_invariants)) else [shape_invariants]
    if len(given) != len(values):
        raise ValueError("The two structures don't have the same number of elements: loop_vars has "
                         f"{len(values)} and shape_invariants {len(given)}")
    out = []
    for v, s in zip(values, given):
        shape = TensorShape(s)
        if not TensorShape(v._shape).is_compatible_with(shape) or (
                shape.dims is not None and v._shape is not None and len(shape.dims) != len(v._shape)):
            raise ValueError(f"The shape invariant specified for {v.name} is not compatible with the initial shape "
                             f"of the loop variable. It enters the loop with shape {TensorShape(v._shape)}, but the "
                             f"specified shape invariant is {shape}.")
        out.append(None if shape.dims is None else tuple(shape.dims))
    return out


def _is_shape(value) -> bool:
    return isinstance(value, TensorShape) or isinstance(value, (list, tuple)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value)


def _maximum(maximum_iterations):
    if maximum_iterations is None:
        return None
    from autograd_cli.tensorflow.array_ops import static_value

    value = static_value(maximum_iterations)
    if value is None:
        raise TypeError("a tf.while_loop maximum_iterations known only when the graph runs is not supported here; "
                        "pass a number or a constant")
    if np.ndim(value) != 0:
        raise ValueError(f"maximum_iterations must be a scalar, saw shape: {np.shape(value)}")
    return int(value)


def _check_results(values, invariants, results, condition, scope):
    if len(results) != len(values):
        raise ValueError("The two structures don't have the same nested structure: the loop has "
                         f"{len(values)} loop variables and body returned {len(results)} values")
    if condition._shape is not None and condition._shape != ():
        rank = len(condition._shape)
        raise ValueError(f"Shape must be rank 0 but is rank {rank} for '{{{{node {scope}LoopCond}}}} = "
                         f"LoopCond[]({condition.op.name})' with input shapes: "
                         f"[{','.join('?' if d is None else str(d) for d in condition._shape)}].")
    for k, (value, shape, result) in enumerate(zip(values, invariants, results)):
        if result.dtype != value.dtype:
            raise TypeError(f"Input 1 of node {scope}Merge{'_' + str(k) if k else ''} was passed "
                            f"{result.dtype.kernel_name} from {scope}NextIteration{'_' + str(k) if k else ''}:0 "
                            f"incompatible with expected {value.dtype.kernel_name}.")
        if not _fits(result._shape, shape):
            raise ValueError(f"Input tensor '{value.name}' enters the loop with shape {TensorShape(value._shape)}, "
                             f"but has shape {TensorShape(result._shape)} after one iteration. To allow the shape "
                             "to vary across iterations, use the `shape_invariants` argument of tf.while_loop to "
                             "specify a less-specific shape.")


def _fits(shape, invariant) -> bool:
    """A result's static shape is at most as specific as its invariant allows."""
    if invariant is None:
        return True
    if shape is None or len(shape) != len(invariant):
        return False
    return all(i is None or s == i for s, i in zip(shape, invariant))


def _captures(loop):
    """The outer tensors the loop's ops and results read, in order of first use."""
    inside = {t.uid for t in loop.variables}
    for op in loop.cond_ops + loop.body_ops:
        inside.update(t.uid for t in op.outputs)
    found: dict = {}
    for op in loop.cond_ops + loop.body_ops:
        for t in op.inputs:
            if t.uid not in inside and t._value is None:
                found.setdefault(t.uid, t)
    for t in [loop.condition] + loop.results:
        if t.uid not in inside and t._value is None:
            found.setdefault(t.uid, t)
    return list(found.values())


def _reads_inputs(tensors) -> bool:
    """Whether the tensors depend on a placeholder (a traced function's input or variable)."""
    seen, stack = set(), [t.op for t in tensors if t.op is not None]
    while stack:
        op = stack.pop()
        if op.uid in seen:
            continue
        seen.add(op.uid)
        if op.type == "Placeholder":
            return True
        stack.extend(t.op for t in op.inputs if t.op is not None)
    return False


def _lower_outside(L, name):
    """A loop variable's stand-in lowered outside its loop: a stand-in leaf where shapes and
    connectivity are found, TensorFlow's error in a Session's run (a fetch of a body tensor)."""
    if getattr(L, "session", None) is not None:
        raise ValueError(f"Operation '{name}' has been marked as not fetchable. Typically this happens when it is "
                         "defined in another function or code block. Use return values, explicit Python locals or "
                         "TensorFlow collections to access it.")
    return L.g.apply("placeholder", value=np.zeros(()))


def _lower_while(L, *nodes, loop):
    n = len(loop.variables)
    outer = dict(zip((t.uid for t in loop.captures), nodes[n:]))
    current = list(nodes[:n])
    checks = []
    constants: dict = {}
    count = 0
    budget = limit("MAX_LOOP_ITERATIONS")
    while loop.maximum is None or count < loop.maximum:
        table = dict(outer)
        table.update(zip((t.uid for t in loop.variables), current))
        _lower_ops(L, loop.cond_ops, table, constants)
        truth = _value_now(L, _node(L, loop.condition, table))
        if truth is None:            # stand-in leaves: enough iterations for every path
            if count > n:
                break
        else:
            checks.append((_node(L, loop.condition, table), truth))
            if not truth:
                break
        _lower_ops(L, loop.body_ops, table, constants)
        current = [_node(L, t, table) for t in loop.results]
        count += 1
        if count > budget:
            raise over("MAX_LOOP_ITERATIONS", f"the condition of tf.while_loop '{loop.name}' is still True", count,
                       "iterations", L.g.pos)
    if getattr(L, "loop_checks", None) is not None:
        L.loop_checks.extend(checks)
    if not loop.back_prop:
        current = [L.g.apply("stop_gradient", c) for c in current]
    return current


def _node(L, t, table):
    if t.uid in table:
        return table[t.uid]
    if t._value is not None:
        return L.g.const(np.asarray(t._value, dtype=np.float64))
    raise AgError(f"tf.while_loop: {t.name} is used in the loop but not computed there", L.g.pos)


def _lower_ops(L, ops, table, constants):
    """Lower the loop's ops for one iteration (their nodes in `table`), as lower_ops does; a
    constant's node serves every iteration (`constants`: op uid -> its nodes)."""
    g = L.g
    for op in ops:
        results = constants.get(op.uid)
        if results is None:
            g.pos = op.pos
            g.float32 = any(t.dtype is dtypes.float32 for t in op.outputs)
            result = op.recipe.lower(L, [_node(L, t, table) for t in op.inputs])
            results = result if isinstance(result, (list, tuple)) else [result]
            if op.type == "Const":
                constants[op.uid] = results
        for t, node in zip(op.outputs, results):
            table[t.uid] = node
    g.float32 = False


def _value_now(L, node):
    """The condition's value in this lowering, or None where its leaves stand in for values
    given later. The values found so far are kept: each iteration computes only its own nodes."""
    known = L.__dict__.setdefault("loop_values", {})
    order = needed([node], stop_at=known)
    session = getattr(L, "session", None)
    drawn = {found[0].id for found in getattr(L, "random_leaves", {}).values()}
    for n in order:
        if n.id in known or not n.op.leaf or n.op.name == "const":
            continue
        if n.id in drawn:
            raise TypeError("a tf.while_loop condition that depends on a random op or a dataset iterator is not "
                            "supported here")
        if session is None or n.op.name not in ("variable", "placeholder"):
            if L.stand_ins:
                return None
            raise TypeError("a tf.while_loop condition that depends on a tf.function's arguments or variables is "
                            "not supported here (a loop in TF1 graph code or in eager code is)")
    values = run_plain(order, {n.id: known[n.id] for n in order if n.id in known})
    known.update(values)
    value = np.asarray(values[node.id])
    return bool(value.reshape(-1)[0]) if value.size == 1 else bool(value.any())
