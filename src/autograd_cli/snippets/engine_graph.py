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

from autograd_cli.core.exchange import KINDS, Outgoing, to_plain
from autograd_cli.core.plain_arrays import MAX_NUMBERS, ExchangeError, TooLarge
from autograd_cli.core.graph import Node, NoGradient, nodes_in
from autograd_cli.core.program import GradientRecord
from autograd_cli.evaluate import needed
from autograd_cli.ops import OPS
from autograd_cli.support.errors import pos_at
from autograd_cli.tensorflow.lowering import RoundingGraph

MAX_NAMED_ITEMS = 1_000    # items of a global list or tuple looked at for tensors


def graph_data(calls, rows, names: dict, source: str = "") -> dict:
    """The plain data of the graph behind `calls` (the last call of each table, in the
    tables' order) with `rows` (the job's gradient tables: their x and y texts), the
    snippet's global `names` and its `source`; or {"error": why} when it cannot be sent."""
    try:
        try:
            return _gather(calls, rows, names, source)
        except TooLarge:    # what the globals hold besides (a data set as a constant) may be what is too much
            data = _gather(calls, rows, {}, source)
            data["notes"].append(f"the values the snippet's globals hold besides its gradients are left out of its "
                                 f"graph: with them it holds more than {MAX_NUMBERS:,} numbers")
            return data
    except ExchangeError as exc:
        return {"error": str(exc)}
    except Exception as exc:   # noqa: BLE001 (the snippet ran; a graph it built oddly must not fail its run)
        return {"error": f"its graph could not be gathered ({type(exc).__name__}: {exc})"}


def _gather(calls, rows, names: dict, source: str) -> dict:
    notes: list = []
    runs = [call.run if call.run is not None else _run_at_start(call, row, notes) for call, row in zip(calls, rows)]
    groups: dict = {}          # one per run: the calls computed in it
    for k, run in enumerate(runs):
        if run is not None:
            groups.setdefault((id(run.graph), id(run.overrides)), []).append(k)
    sending = _Sending([(name, value) for name, value in names.items() if not name.startswith("_")],
                       _assignments(source))
    for members in groups.values():
        sending.add_run(runs[members[0]], [(calls[k], rows[k], runs[k]) for k in members])
    return sending.plain(notes)


class _Sending:
    """What is sent (an exchange Outgoing), gathered run by run."""

    def __init__(self, snippet_globals: list, assigned: dict):
        self.globals = snippet_globals
        self.assigned = assigned      # global name -> where the snippet first assigns it
        self.out = Outgoing(scratch_graph=RoundingGraph)
        self.graphs: set = set()      # ids of the engine graphs already sent

    def add_run(self, run, calls) -> None:
        """The calls computed in one run (call, its table, where it was computed), the nodes
        they need and the globals that name them."""
        records, roots, unseen = [], [], []
        for call, row, computed in calls:
            record, detached = _record(call, row, computed)
            records.append(record)
            unseen += detached
            roots += record.y_nodes + record.x_nodes + record.stop_nodes + [
                v for v in list(record.values) + list(record.grad_ys or []) if isinstance(v, Node)]
        x_texts = {x for r in self.out.records + records for x in r.xs}
        found_names = {}
        tensors, variables = run.tensor_nodes(), run.variable_nodes()
        for name, value in self.globals:
            found = None if name in self.out.named else _resolve(value, tensors, variables, 0)
            if found is not None:
                found_names[name] = found
                roots += nodes_in(found)
        detached = {id(n) for n in unseen}
        order = needed([n for n in roots if id(n) not in detached])
        if id(run.graph) in self.graphs:
            # the same graph sent for another run (a tape's plan serves every call of its
            # structure): these nodes go again, as copies holding this run's values
            copies = _copies(order)
            order = [copies[id(n)] for n in order]
            records = [_remapped(r, copies) for r in records]
            found_names = {name: _remap(value, copies) for name, value in found_names.items()}
        else:
            copies = {}
        self.graphs.add(id(run.graph))
        for name, found in found_names.items():
            self.out.named[name] = found
            if isinstance(found, Node) and _relabel(found, name, x_texts):   # (a list's items keep theirs)
                self.out.labels.setdefault(id(found), name)
        for original, copy in copies.items():     # what names a node in the first run names its copies
            if original in self.out.labels:
                self.out.labels.setdefault(id(copy), self.out.labels[original])
        self.out.records += records
        self.out.nodes += unseen + order
        self._leaves(run, order, records)

    def _leaves(self, run, order, records) -> None:
        """The run's leaf values, and what is sent in another form."""
        for node in order:
            if node.id in run.overrides:
                self.out.leaf_values[id(node)] = np.asarray(run.overrides[node.id])
            if node.op.name == "identity" and node.inputs and node.inputs[0].op.name == "variable" and \
                    (node.label or "").endswith("/read") and id(node) not in self.out.labels:
                self.out.aliases[id(node)] = node.inputs[0]    # a graph-mode variable's read: the variable
            elif node.op.name == "py_function":            # the snippet's code: its value in the run
                self.out.returns[id(node)] = _py_function_value(node)
        if run.sources is not None:    # a tape's: its leaves are where their globals were made,
            sent = {id(n) for n in order}                # not where the tape saw them (the gradient's line)
            for name, found in self.out.named.items():
                if isinstance(found, Node) and found.op.leaf and name in self.assigned and id(found) in sent:
                    self.out.positions.setdefault(id(found), self.assigned[name])
            # and what it did not watch is a constant to it
            free = {id(x) for r in records for x in r.x_nodes} | {
                id(n) for v in self.out.named.values() for n in nodes_in(v)}
            self.out.constants.update((id(n), self.out.leaf_values.get(id(n), n.params["value"])) for n in order
                                  if n.op.name == "placeholder" and id(n) not in free)

    def plain(self, notes) -> dict:
        held = {id(n) for value in self.out.named.values() for n in nodes_in(value)}
        for record in self.out.records:     # every result is drawn, also one no global holds (minimize's)
            if not any(id(v) in held for v in record.values):
                name = record.name if record.name not in self.out.named else f"{record.name} (line {record.line})"
                self.out.named.setdefault(name, [v if isinstance(v, Node) else None for v in record.values])
        self.out.notes = list(notes)
        return to_plain(self.out)


def _assignments(source: str) -> dict:
    """Global name -> the position of the value of the module-level statement that first
    assigns it (`w = tf.Variable(3.0)`: line 2, the column of tf.Variable)."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found: dict = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, pos_at(statement.value.lineno, statement.value.col_offset + 1))
    return found


def _copies(order) -> dict:
    """id(node) -> a copy of it reading the copies of its inputs (ids kept: a run's values are by id)."""
    copies: dict = {}
    for node in order:
        copy = Node(node.id, node.op, tuple(copies.get(id(i), i) for i in node.inputs), node.params, node.shape,
                    node.pos)
        copy.label = node.label
        copies[id(node)] = copy
    return copies


def _remap(value, copies: dict):
    if isinstance(value, Node):
        return copies.get(id(value), value)
    if isinstance(value, list):
        return [_remap(v, copies) for v in value]
    return value


def _remapped(r: GradientRecord, copies: dict) -> GradientRecord:
    return GradientRecord(r.kind, r.name, r.line, r.ys, r.xs, _remap(list(r.values), copies),
                          _remap(list(r.x_nodes), copies), _remap(list(r.y_nodes), copies),
                          _remap(list(r.stop_nodes), copies), None if r.grad_ys is None else _remap(list(r.grad_ys),
                                                                                                   copies))


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
    from autograd_cli.tensorflow.engine_values import engine_array
    from autograd_cli.tensorflow.variables import Variable

    source = run.sources[k] if run.sources is not None and k < len(run.sources) else None
    value = None
    if isinstance(source, Variable):
        value = source._value
    elif source is not None:
        value = getattr(source, "_value", None)
    if value is None:
        raise ExchangeError(f"the source {x_text} of the gradient at line {line} has no value")
    array = engine_array(value)     # (a string source: its pool positions)
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
        session._scratch = True
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
