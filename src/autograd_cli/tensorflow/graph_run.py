"""Which graph ops a fetch needs, lowering them in order (Session.run, tf.gradients), and
running a lowered plan (a Session's run, a GradientTape's gradient)."""
from __future__ import annotations

import numpy as np

from autograd_cli.evaluate import run_plain, schedule
from autograd_cli.support.errors import AgError
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.engine_values import engine_array


def ops_needed(roots, fed_uids):
    """The ops the root ops need (inputs and control inputs), in creation order."""
    seen: dict = {}
    stack = list(roots)
    while stack:
        op = stack.pop()
        if op.uid in seen:
            continue
        seen[op.uid] = op
        for t in op.inputs:
            if t.uid not in fed_uids and t.op is not None and t.op.graph is not None:   # (not a tape's record)
                stack.append(t.op)
        stack.extend(op.control_inputs)
    ordered = sorted(seen.values(), key=lambda o: o.uid)
    if any(getattr(op.graph, "rewired", False) for op in ordered):
        return _inputs_first(ordered, fed_uids)
    return ordered


def _inputs_first(ops, fed_uids):
    """ops (in creation order) reordered so that each comes after the ops it reads."""
    placed: dict = {}
    out = []
    for root in ops:
        stack = [(root, False)]
        while stack:
            op, ready = stack.pop()
            if op.uid in placed:
                continue
            if ready:
                placed[op.uid] = True
                out.append(op)
                continue
            stack.append((op, True))
            for t in reversed(op.inputs):
                if t.uid not in fed_uids and t.op is not None and t.op.uid not in placed and t.op.graph is not None:
                    stack.append((t.op, False))
            stack.extend(c for c in reversed(op.control_inputs) if c.uid not in placed)
    return out


def lower_ops(L, ops, feeds):
    """Lower ops in order into L; returns nothing (tensor nodes in L.tensor_nodes)."""
    nodes = L.tensor_nodes
    g = L.g
    effects = getattr(L, "effects", None)
    effects_of: dict = {}        # op uid -> the effects its lowering added (an assert's check)
    for op in ops:
        outs = op.outputs
        g.pos = op.pos
        if outs and all(t.uid in feeds for t in outs):
            for t in outs:
                leaf = g.apply("placeholder", value=np.asarray(feeds[t.uid], dtype=np.float64))
                leaf.label = op.name
                nodes[t.uid] = leaf
                L.fed_leaves[t.uid] = leaf
            continue
        inputs = []
        for t in op.inputs:
            if t.uid in nodes:
                inputs.append(nodes[t.uid])
            elif t.uid in feeds and t.op is not None and "fixes_plan" in t.op.attrs:    # (a plan per value fed)
                nodes[t.uid] = g.const(np.asarray(feeds[t.uid], dtype=np.float64))
                inputs.append(nodes[t.uid])
            elif t.uid in feeds:
                g.pos = t.op.pos if t.op is not None else op.pos
                leaf = g.apply("placeholder", value=np.asarray(feeds[t.uid], dtype=np.float64))
                nodes[t.uid] = leaf
                L.fed_leaves[t.uid] = leaf
                inputs.append(leaf)
            elif t._value is not None:      # an eager tensor a traced function uses: its value
                nodes[t.uid] = g.const(engine_array(t._value))
                inputs.append(nodes[t.uid])
            else:
                inputs.append(None)
        g.pos = op.pos
        g.float32 = any(t.dtype is dtypes.float32 for t in outs)
        made = len(effects) if effects is not None else 0
        try:
            result = op.recipe.lower(L, inputs)
        except AgError as exc:
            _check_first(op, effects_of, feeds)
            raise InvalidArgumentError(None, op, f"{exc.message}\n\t [[{{{{node {op.name}}}}}]]") from None
        if effects is not None and len(effects) > made:
            effects_of[op.uid] = effects[made:]
        results = result if isinstance(result, (list, tuple)) else [result]
        if op.type == "Gradients":      # which engine nodes this call's gradients are (a session's run records them)
            L.__dict__.setdefault("lowered_gradients", []).append((op, L.last_gradients))
        for t, node in zip(outs, results):
            nodes[t.uid] = node
        if op.recipe.kind == "row" and outs and results and isinstance(results[0], object):
            node = results[0]
            if hasattr(node, "label") and node.label is None:
                node.label = op.name
    g.float32 = False


def _check_first(op, effects_of, feeds):
    """An op that cannot be computed (shapes fed that do not fit) after checks it depends on
    (an assert on those shapes, through tf.control_dependencies): TensorFlow runs the checks
    first, so a failing one is the run's error."""
    if not effects_of:
        return
    from autograd_cli.evaluate import needed

    for before in ops_needed([op], set(feeds)):
        for nodes, _ in effects_of.get(before.uid, ()):
            try:
                run_plain(needed(nodes))
            except AgError:
                pass


def plan_schedule(order):
    """A plan's compiled schedule, or None for a small one: compiling costs more than one
    run of a small graph saves, so run_plan compiles it at its second run."""
    return schedule(order) if len(order) > 24 else None


def run_plan(plan, overrides, keep=None, float32=None):
    """The node values of a lowered plan (`schedule`: compiled, or None for a small graph
    not yet run twice; `runs`: how often it ran uncompiled; `order`: its nodes) for these leaf values; its warnings go to the job's hook. With
    `keep` (the nodes the caller reads) and `float32` ({leaf node id: the float32 form of
    its value, a float32 number}), float32 ops may run in float32 (evaluate/float32.py)."""
    warnings = []
    if plan.schedule is None:
        if plan.runs:       # (a small plan run again, as a loop's steps are: compiled now, for the runs to come)
            plan.schedule = schedule(plan.order)
        plan.runs += 1
    if plan.schedule is not None:
        values = plan.schedule.run(overrides, warnings, keep, float32=float32)
    else:
        values = run_plain(plan.order, overrides, warnings)
    if warnings and ctx.on_warning is not None:
        for w in warnings:
            ctx.on_warning(w.line, w.message)
    return values
