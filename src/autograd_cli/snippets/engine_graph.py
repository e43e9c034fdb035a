"""The engine graph behind a snippet's gradient tables, gathered in the child once the
snippet has run and written as plain data (core/exchange.py) for explain, graph,
verify and report.

Each table's call was last computed on an engine graph (`GradientCall.run`: a Session's
lowering of its fetches, or a GradientTape's lowering of its records) with the leaf
values of that computation. Calls computed in the same run share that graph: the nodes
each run's calls need are sent once per run, the leaves holding that run's values. A
`tf.gradients` call that never ran in a session is computed here in a fresh session,
at the variables' initial values (a placeholder it needs is fed zeros), and a note says
so. The snippet's global names label the nodes they hold."""
from __future__ import annotations

import numpy as np

from autograd_cli.core.exchange import KINDS, ExchangeError, to_plain
from autograd_cli.core.graph import Node, NoGradient, nodes_in
from autograd_cli.core.program import GradientRecord
from autograd_cli.evaluate import needed
from autograd_cli.ops import OPS
from autograd_cli.support.errors import pos_at
from autograd_cli.tensorflow.lowering import RoundingGraph

MAX_NAMED_ITEMS = 1_000    # items of a global list or tuple looked at for tensors


def graph_data(calls, rows, names: dict) -> dict:
    """The plain data of the graph behind `calls` (the last call of each table, in the
    tables' order) with `rows` (the job's gradient tables: their x and y texts) and the
    snippet's global `names`; or {"error": why} when it cannot be sent."""
    try:
        return _gather(calls, rows, names)
    except ExchangeError as exc:
        return {"error": str(exc)}
    except Exception as exc:   # noqa: BLE001 (the snippet ran; a graph it built oddly must not fail its run)
        return {"error": f"its graph could not be gathered ({type(exc).__name__}: {exc})"}


def _gather(calls, rows, names: dict) -> dict:
    notes: list = []
    runs = [call.run if call.run is not None else _run_at_start(call, row, notes) for call, row in zip(calls, rows)]
    groups: dict = {}          # one per run: the calls computed in it
    for k, run in enumerate(runs):
        if run is not None:
            groups.setdefault((id(run.graph), id(run.overrides)), []).append(k)
    globals_ = [(name, value) for name, value in names.items() if not name.startswith("_")]
    nodes, records, leaf_values, labels, named, constants, aliases, returns = [], [], {}, {}, {}, {}, {}, {}
    for members in groups.values():
        run = runs[members[0]]
        roots = []
        for k in members:
            record, detached = _record(calls[k], rows[k], runs[k])
            records.append(record)
            nodes += detached
            roots += record.y_nodes + record.x_nodes + record.stop_nodes + [
                v for v in list(record.values) + list(record.grad_ys or []) if isinstance(v, Node)]
        answers = {id(v) for r in records for v in r.values}
        x_texts = {x for r in records for x in r.xs}
        tensors, variables = run.tensor_nodes(), run.variable_nodes()
        for name, value in globals_:
            if name in named:
                continue
            found = _resolve(value, tensors, variables, 0)
            if found is None:
                continue
            named[name] = found
            roots += nodes_in(found)
            if isinstance(found, Node) and id(found) not in answers and _relabel(found, name, x_texts):
                labels.setdefault(id(found), name)
        detached_ids = {id(n) for n in nodes}
        order = needed([n for n in roots if id(n) not in detached_ids])
        nodes += order
        for node in order:
            if node.id in run.overrides:
                leaf_values[id(node)] = np.asarray(run.overrides[node.id])
        for node in order:   # a graph-mode variable's read (`weight/read`) is sent as the variable
            if node.op.name == "identity" and node.inputs and node.inputs[0].op.name == "variable" and \
                    (node.label or "").endswith("/read") and id(node) not in labels:
                aliases[id(node)] = node.inputs[0]
        if run.sources is not None:    # a tape's: what it did not watch is a constant to it
            free = {id(x) for r in records for x in r.x_nodes} | {id(n) for v in named.values() for n in nodes_in(v)}
            constants.update((id(n), leaf_values.get(id(n), n.params["value"])) for n in order
                             if n.op.name == "placeholder" and id(n) not in free)
        for node in order:             # a tf.py_func's outputs in the run: the parent cannot call the snippet's code
            if node.op.name == "py_function":
                returns[id(node)] = _py_function_value(node)
    held = {id(n) for value in named.values() for n in nodes_in(value)}
    for record in records:     # every result is drawn, also one no global holds (minimize's)
        if not any(id(v) in held for v in record.values):
            name = record.name if record.name not in named else f"{record.name} (line {record.line})"
            named.setdefault(name, [v if isinstance(v, Node) else None for v in record.values])
    return to_plain(nodes, records, named, leaf_values, labels, notes, constants, aliases, RoundingGraph, returns)


def _py_function_value(node: Node):
    """A tf.py_func node's output in the last call of its function (the run's, as a snippet
    usually runs its session); the function is the snippet's own code, which runs only here."""
    last = getattr(node.params["call"], "last", None)
    index = node.params["index"]
    if last is None or index >= len(last) or tuple(np.shape(last[index])) != node.shape:
        raise ExchangeError(f"the value of the tf.py_func at line {node.line} in the run is not known")
    return np.asarray(last[index], dtype=np.float64)


def _relabel(node: Node, name: str, x_texts: set) -> bool:
    """Whether a global's name labels its node: a variable keeps its TensorFlow name unless
    that is the default one (`Variable_1`) or the snippet differentiates by the global's name
    (a loop's `for var in model.trainable_variables` must not rename the last one)."""
    if node.op.name != "variable" or not node.label:
        return True
    return node.label.split("/")[-1].startswith("Variable") or name in x_texts


def _record(call, row, run):
    """The exchange's GradientRecord of one call, and the x nodes made for sources the tape
    never saw (a None gradient whose x is drawn beside the graph)."""
    kind = call.kind if call.kind in KINDS else "gradients"
    xs = list(row["xs"])
    x_nodes, values, detached = [], [], []
    for k, x_text in enumerate(xs):
        x = run.x_nodes[k] if k < len(run.x_nodes) else None
        result = run.results[k] if k < len(run.results) else None
        if x is None:
            x = _unseen_source(run, k, x_text, call.line)
            detached.append(x)
        if result is None:
            why = call.reasons.get(k, "it is not connected to the target")
            result = NoGradient(x_text, lambda why=why: why, x.pos)
        x_nodes.append(x)
        values.append(result)
    return GradientRecord(kind, row["name"], call.line, list(row["ys"]), xs, values, x_nodes, list(run.y_nodes),
                          list(run.stop_nodes or ()), run.grad_ys), detached


def _unseen_source(run, k: int, x_text: str, line: int) -> Node:
    """A leaf for a source the tape did not watch: not part of the graph the tape recorded."""
    from autograd_cli.tensorflow.variables import Variable

    source = run.sources[k] if run.sources is not None and k < len(run.sources) else None
    value = None
    if isinstance(source, Variable):
        value = source._value
    elif source is not None:
        value = getattr(source, "_value", None)
    if value is None:
        raise ExchangeError(f"the source {x_text} of the gradient at line {line} has no value")
    array = np.asarray(value, dtype=np.float64)
    op = OPS["variable" if isinstance(source, Variable) else "placeholder"]
    node = Node(-1, op, (), {"value": array}, tuple(array.shape), pos_at(line, 1))
    node.label = x_text
    return node


def _resolve(value, tensors: dict, variables: dict, depth: int):
    """The node(s) a global holds in this run's graph: a tensor, a variable, or a list
    or tuple of them (None where an item is not in it); None when it holds none."""
    from autograd_cli.tensorflow.core import Tensor
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(value, Variable):
        return variables.get(value.uid)
    if isinstance(value, Tensor):
        return tensors.get(value.uid)
    if isinstance(value, (list, tuple)) and depth < 2 and len(value) <= MAX_NAMED_ITEMS:
        items = [_resolve(v, tensors, variables, depth + 1) for v in value]
        return items if any(i is not None for i in items) else None
    return None


def _run_at_start(call, row, notes: list):
    """Compute a tf.gradients call that never ran in a session, in a fresh one at the
    variables' initial values; a placeholder it needs is fed zeros. None if it fails."""
    from autograd_cli.tensorflow.failures import OpError
    from autograd_cli.tensorflow.graph_run import ops_needed
    from autograd_cli.tensorflow.session import Session

    op = call.op
    if op is None or op.graph is None:
        return None
    where = f"line {call.line}: {row['name']} never ran in a session; explain, graph and verify show it at the " \
            "variables' initial values"
    try:
        session = Session(graph=op.graph)
        for var in op.graph._variables:
            session.run(var.initializer)
        feeds = {}
        for needed_op in ops_needed([op], set()):
            if needed_op.type == "Placeholder":
                t = needed_op.outputs[0]
                shape = () if t._shape is None else tuple(1 if d is None else d for d in t._shape)
                feeds[t] = np.zeros(shape)
        session.run(op, feed_dict=feeds or None)
    except (OpError, TypeError, ValueError, KeyError, ArithmeticError):
        notes.append(f"line {call.line}: {row['name']} never ran in a session and cannot be computed without "
                     "one; explain, graph and verify leave it out")
        return None
    notes.append(where + (" with its placeholders fed zeros" if feeds else ""))
    return call.run
