"""An engine graph as plain data, and back: how the graph a TensorFlow snippet built in
the box's child reaches the parent (explain, graph, verify and report read it there).

The child runs untrusted code, so the parent reads the data as JSON only (never pickle,
never eval) and `from_plain` rebuilds every node through `Graph.apply`: op names from
the op table, inputs only to earlier nodes, parameters of plain kinds, sizes within
the limits of support/limits.py, each node's shape recomputed and compared with the
one sent. Anything else is an AgError saying what is wrong, never a traceback.

The format (FORMAT), one JSON object:

    {"format": 1,
     "nodes": [[op, [input indices], {param: value}, [shape], line, col, label or null], ...],
     "records": [{"kind", "name", "line", "ys": [text], "xs": [text],
                  "values": [node index, or {"none": why}] (one per x),
                  "x_nodes", "y_nodes", "stop_nodes": [node index],
                  "grad_ys": null or [node index or null] (one per y)}],
     "named": {name: node index | null | [...]},
     "notes": [text]}

A node's index is its place in "nodes", its id in the rebuilt graph. A leaf's `value`
parameter is its value in the run the records were computed in. Parameter values are
JSON numbers, strings, booleans, null and lists as themselves, and objects with one
key for the other kinds (in arrays NaN and the infinities are the strings "nan", "inf",
"-inf"): {"tuple": [...]}, {"dict": {...}}, an array as core/plain_arrays.py writes
it ({"array" | "bytes" | "fill", "dtype", "shape"}), {"scalar": value, "dtype"}, {"float": "nan" | "inf" | "-inf"}, {"slice": [start, stop, step]},
{"ellipsis": true},
{"python": text} (a function of the snippet's: it stays in the child, and the parent's
stand-in raises an AgError when called), {"python": text, "returns": array} (a tf.py_func's
function: the parent's stand-in gives the node's value in the run), and for a custom
gradient's `rule`, {"template": ...}: the nodes the rule makes (_rule_template).
"""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.core.graph import Graph, Node, NoGradient
from autograd_cli.core.program import BuiltProgram, GradientRecord
from autograd_cli.ops import OPS
from autograd_cli.support.errors import AgError, col_of, line_of, pos_at
from autograd_cli.support.limits import MAX_RANK, limit
from autograd_cli.core.plain_arrays import (MAX_NUMBERS, SPECIAL, ExchangeError, decode_array, dtype_name, dtype_of,
                                            encode_array, number, numbers, spend)

FORMAT = 1
KINDS = ("gradients", "hessians", "jacobian", "batch_jacobian")
MAX_TEXT = 10_000        # characters of one string (labels, names, reasons)
MAX_DEPTH = 32           # nesting of a parameter value (lists, tuples, dicts)
MAX_POSITION = (1 << 24) - 1
MAX_RULE_DEPTH = 4       # custom gradients inside a custom gradient's rule
CUSTOM = "custom_gradient"   # the op whose `rule` parameter is sent as the nodes it makes


# ---------------------------------------------------------------- the child: objects -> plain data

class Outgoing:
    """What the child sends (to_plain): `nodes` (engine nodes, each after its inputs; several
    graphs may be joined: nodes are told apart by identity, not by id), `records`
    (GradientRecords over those nodes), `named` (name -> Node, None or a list of them),
    `notes`; and, each keyed by id(node): `leaf_values` (a leaf's value in the run, replacing
    its own), `labels` (replacing a node's label), `constants` (an array: the node is sent as
    a constant of that value, without inputs), `aliases` (an earlier node the node is sent as:
    an identity that adds nothing to the picture), `positions` (a position replacing the
    node's own), `returns` (the value a py_function node,
    a tf.py_func of the snippet's, gave in the run: sent with its function's name in place of
    the function). `scratch_graph()` makes a graph of the kind the nodes' graph is, on which
    a custom gradient's rule is made to be written out."""

    def __init__(self, nodes=(), records=(), named=None, notes=(), scratch_graph=Graph):
        self.nodes, self.records, self.named, self.notes = list(nodes), list(records), dict(named or {}), list(notes)
        self.leaf_values, self.labels, self.constants, self.aliases, self.returns = {}, {}, {}, {}, {}
        self.positions: dict = {}
        self.scratch_graph = scratch_graph


def to_plain(out: Outgoing) -> dict:
    """The plain data of what the child sends (see the module docstring for the format)."""
    index: dict[int, int] = {}
    budget = [MAX_NUMBERS]
    out_nodes = []
    for node in out.nodes:
        if id(node) in out.aliases:
            at = index.get(id(out.aliases[id(node)]))
            if at is None:
                raise ExchangeError(f"node {node.op.name} (line {node.line}) stands for a node not sent before it")
            index[id(node)] = at
            continue
        item = _plain_node(node, out, index, budget)
        index[id(node)] = len(out_nodes)
        out_nodes.append(item)

    def ref(node):
        at = index.get(id(node))
        if at is None:
            raise ExchangeError(f"a record refers to node {node.op.name} (line {node.line}), which is not sent")
        return at

    out_records = []
    for r in out.records:
        values = [{"none": value.reason} if isinstance(value, NoGradient) else ref(value) for value in r.values]
        out_records.append({
            "kind": r.kind, "name": r.name, "line": r.line, "ys": list(r.ys), "xs": list(r.xs), "values": values,
            "x_nodes": [ref(n) for n in r.x_nodes], "y_nodes": [ref(n) for n in r.y_nodes],
            "stop_nodes": [ref(n) for n in r.stop_nodes],
            "grad_ys": None if r.grad_ys is None else [None if g is None else ref(g) for g in r.grad_ys]})

    def named_ref(value):
        if isinstance(value, Node):
            return index.get(id(value))
        if isinstance(value, (list, tuple)):
            return [named_ref(v) for v in value]
        return None
    return {"format": FORMAT, "nodes": out_nodes, "records": out_records,
            "named": {str(k): named_ref(v) for k, v in out.named.items()}, "notes": [str(n) for n in out.notes]}


def _plain_node(node, out: Outgoing, index: dict, budget) -> list:
    """[op, inputs, params, shape, line, col, label] of one node, its inputs already sent."""
    inputs = []
    for i in node.inputs:
        at = index.get(id(i))
        if at is None:
            raise ExchangeError(f"node {node.op.name} (line {node.line}) reads a node that is not sent before it")
        inputs.append(at)
    params = dict(node.params)
    if id(node) in out.leaf_values:
        params["value"] = out.leaf_values[id(node)]
    op_name = node.op.name
    _mark_float32(node, params)
    if id(node) in out.constants:
        op_name, inputs, params = "const", [], {"value": np.asarray(out.constants[id(node)])}
    if id(node) in out.returns:
        params["call"] = _Returns(params["call"], out.returns[id(node)])
    encoded = _encode_params(node, params, budget, out.scratch_graph, 0)
    label = out.labels.get(id(node), node.label)
    pos = out.positions.get(id(node), node.pos)
    return [op_name, inputs, encoded, [int(d) for d in node.shape], line_of(pos), col_of(pos),
            None if label is None else str(label)[:MAX_TEXT]]


def _encode_params(node, params: dict, budget, scratch_graph, depth: int) -> dict:
    try:
        out = {}
        for name, value in params.items():
            if node.op.name == CUSTOM and name == "rule" and callable(value):
                out[name] = {"template": _rule_template(node, value, budget, scratch_graph, depth)}
            else:
                out[str(name)] = _encode(value, budget, 0)
        return out
    except ExchangeError as exc:
        raise type(exc)(f"{node.op.name} (line {node.line}): {exc}") from None


def _rule_template(node, rule, budget, scratch_graph, depth: int) -> dict:
    """A custom gradient's rule (`rule(g, dy, i)`: the gradient of input i + 1, made on g) as
    the nodes it makes: made once here on a scratch graph from a stand-in dy, each input
    of theirs written as ["dy"], ["in", j] (the custom node's input j) or ["t", k] (the
    template's node k); "outputs" gives, per input, what the rule returns (or null)."""
    if depth >= MAX_RULE_DEPTH:
        raise ExchangeError("custom gradients nested too deeply")
    g = scratch_graph()
    g.pos = node.pos
    dy = g.apply("placeholder", value=np.zeros(node.shape))
    try:
        outs = [rule(g, dy, i) for i in range(len(node.inputs) - 1)]
    except Exception as exc:   # noqa: BLE001 (the snippet's own gradient function may fail here)
        raise ExchangeError(f"its rule could not be written out ({type(exc).__name__}: {exc})") from None
    made = g.nodes[1:]
    own = {id(n): k for k, n in enumerate(made)}
    inputs_at: dict = {}
    for j, n in enumerate(node.inputs):
        inputs_at.setdefault(id(n), j)

    def ref(n):
        if n is dy:
            return ["dy"]
        if id(n) in own:
            return ["t", own[id(n)]]
        if id(n) in inputs_at:
            return ["in", inputs_at[id(n)]]
        raise ExchangeError("its rule reads a node that is not one of its inputs")
    steps = [[n.op.name, [ref(i) for i in n.inputs], _encode_params(n, _run_params(n), budget, scratch_graph,
                                                                   depth + 1),
              [int(d) for d in n.shape], line_of(n.pos), col_of(n.pos)] for n in made]
    return {"nodes": steps, "outputs": [None if o is None else ref(o) for o in outs]}


# A node of a row's float32 variant (TensorFlow's float32 kernel, ops.table.float32_op) is
# sent as its row's node with this parameter (no row has a parameter of that name), and
# rebuilt as the variant's.
FLOAT32_MARK = "float32_kernel"


def _mark_float32(node, params: dict) -> None:
    if node.op is not OPS[node.op.name]:
        params[FLOAT32_MARK] = True


def _run_params(node) -> dict:
    """A rule's node's parameters as sent: a py_function there (a graph tf.py_function's
    gradient) gives the value its function returned in the run, where it is known."""
    params = dict(node.params)
    _mark_float32(node, params)
    last = getattr(params.get("call"), "last", None) if node.op.name == "py_function" else None
    if last is not None and params["index"] < len(last) and np.shape(last[params["index"]]) == node.shape:
        params["call"] = _Returns(params["call"], last[params["index"]])
    return params


def _encode(value, budget, depth):
    if depth > MAX_DEPTH:
        raise ExchangeError("a parameter nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": number(value)}
    if isinstance(value, np.ndarray):
        return encode_array(value, budget)
    if isinstance(value, np.generic):
        spend(budget, 1)
        return {"scalar": number(value.item()), "dtype": dtype_name(value.dtype)}
    if isinstance(value, list):
        return [_encode(v, budget, depth + 1) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [_encode(v, budget, depth + 1) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): _encode(v, budget, depth + 1) for k, v in value.items()}}
    if isinstance(value, slice):
        return {"slice": [_encode(value.start, budget, depth + 1), _encode(value.stop, budget, depth + 1),
                          _encode(value.step, budget, depth + 1)]}
    if value is Ellipsis:
        return {"ellipsis": True}
    if isinstance(value, _Returns):
        return {"python": value.name, "returns": encode_array(value.value, budget)}
    if callable(value):
        return {"python": str(getattr(value, "__qualname__", type(value).__name__))[:MAX_TEXT]}
    raise ExchangeError(f"a parameter of type {type(value).__name__}, which the graph's plain form does not have")


class _Returns:
    """A py_function node's function as sent: its name and the value the node had in the run."""

    def __init__(self, fn, value):
        self.name = str(getattr(fn, "__qualname__", type(fn).__name__))[:MAX_TEXT]
        self.value = np.asarray(value)


# ---------------------------------------------------------------- the parent: plain data -> objects

def from_plain(data) -> BuiltProgram:
    """The program the plain data describes, every part checked (module docstring).
    Leaves hold the run's values: evaluating the graph gives the run's node values."""
    _check(isinstance(data, dict), "it is not an object")
    _check(data.get("format") == FORMAT, f"its format is {data.get('format')!r}, not {FORMAT}")
    nodes = data.get("nodes")
    _check(isinstance(nodes, list), "'nodes' is not a list")
    max_nodes = limit("MAX_NODES")
    _check(len(nodes) <= max_nodes, f"it has {len(nodes):,} nodes, over the limit of {max_nodes:,} (MAX_NODES)")
    g = Graph()
    budget = [limit("MAX_ELEMENTS")]
    for k, item in enumerate(nodes):
        _rebuild_node(g, k, item, budget)
    records = data.get("records")
    _check(isinstance(records, list), "'records' is not a list")
    built_records = [_record(g, r, k) for k, r in enumerate(records)]
    named_data = data.get("named", {})
    _check(isinstance(named_data, dict), "'named' is not an object")
    named = {}
    for name, value in named_data.items():
        _check(isinstance(name, str) and len(name) <= MAX_TEXT, "a name is not a short string")
        named[name] = _named(g, value, 0)
    notes = data.get("notes", [])
    _check(isinstance(notes, list) and all(_text(n) for n in notes), "'notes' is not a list of strings")
    leaves = {n.label: n for n in g.nodes if n.op.free and n.label}
    return BuiltProgram(g, named, built_records, leaves, None, [], warnings=list(notes))


def _rebuild_node(g: Graph, k: int, item, budget) -> Node:
    where = f"node {k}"
    _check(isinstance(item, list) and len(item) == 7, f"{where} is not [op, inputs, params, shape, line, col, label]")
    op_name, inputs, params, shape, line, col, label = item
    _check(isinstance(op_name, str) and op_name in OPS, f"{where}: {str(op_name)[:40]!r} is not an operation")
    where = f"node {k} ({op_name})"
    _check(isinstance(inputs, list) and all(type(i) is int and 0 <= i < k for i in inputs),
           f"{where}: its inputs are not indices of earlier nodes")
    _check(_param_names(params), f"{where}: its params are not an object of parameter names")
    _check(isinstance(shape, list) and len(shape) <= MAX_RANK and all(type(d) is int and d >= 0 for d in shape),
           f"{where}: its shape is not a list of sizes")
    _check(all(type(v) is int and 0 <= v <= MAX_POSITION for v in (line, col)), f"{where}: its line and column "
           "are not positions")
    _check(label is None or _text(label), f"{where}: its label is not a short string")
    g.pos = pos_at(line, col)
    node = _make(g, op_name, [g.nodes[i] for i in inputs], params, shape, budget, line, 0, where)
    node.label = label
    return node


def _make(g: Graph, op_name: str, inputs: list, params: dict, shape: list, budget, line: int, depth: int,
          where: str) -> Node:
    """One node through Graph.apply, its parameters decoded and checked, its shape as sent."""
    decoded = _decode_params(op_name, params, inputs, budget, line, depth, where)
    return _apply(g, op_name, inputs, decoded, shape, where)


def _decode_params(op_name: str, params: dict, inputs: list, budget, line: int, depth: int, where: str) -> dict:
    try:
        decoded = {}
        for name, value in params.items():
            if _is_template(op_name, name, value):
                decoded[name] = _replayed_rule(value["template"], inputs, budget, line, depth)
            else:
                decoded[name] = _decode(value, budget, 0, line)
    except AgError as exc:
        if exc.message.startswith(MALFORMED):
            raise
        raise malformed(f"{where}: parameter {str(name)[:40]!r}: {exc.message}") from None
    return decoded


def _is_template(op_name: str, name: str, value) -> bool:
    return op_name == CUSTOM and name == "rule" and isinstance(value, dict) and set(value) == {"template"}


def _apply(g: Graph, op_name: str, inputs: list, params: dict, shape: list, where: str) -> Node:
    float32 = FLOAT32_MARK in params
    if float32:
        params = {k: v for k, v in params.items() if k != FLOAT32_MARK}
        _check(OPS[op_name].float32 is not None, f"{where}: {op_name} has no float32 kernel")
    try:
        node = g.apply(op_name, *inputs, _prepared=True, _float32=float32, **params)
        if op_name == CUSTOM and callable(params.get("rule")):
            # its rule made once here, so that a hostile one fails now, not inside explain
            scratch = Graph()
            dy = scratch.apply("placeholder", value=np.zeros(node.shape))
            for i in range(len(inputs) - 1):
                params["rule"](scratch, dy, i)
    except AgError as exc:
        raise malformed(exc.message if exc.message.startswith(MALFORMED) else f"{where}: {exc.message}") from None
    except Exception as exc:   # noqa: BLE001 (hostile parameters: any failure of a shape rule is refused)
        raise malformed(f"{where}: its parameters do not fit the operation ({type(exc).__name__})") from None
    _check(list(node.shape) == shape, f"{where}: its shape is {node.shape}, not {tuple(shape)} as sent")
    return node


def _replayed_rule(template, inputs: list, budget, line: int, depth: int):
    """The rule a template describes (see _rule_template): it makes the template's nodes on
    the graph it is given, from that graph's dy and the custom node's inputs. Parameters
    are decoded once, here; a custom gradient inside is made anew at each use."""
    _check(depth < MAX_RULE_DEPTH, "custom gradients nested too deeply")
    _check(isinstance(template, dict) and isinstance(template.get("nodes"), list)
           and isinstance(template.get("outputs"), list) and len(template["outputs"]) == len(inputs) - 1,
           "a custom gradient's rule is not {nodes, outputs} with one output per input")
    steps = template["nodes"]
    _check(len(steps) <= limit("MAX_NODES"), "a custom gradient's rule has too many nodes")
    where = f"a custom gradient's rule (line {line})"

    def checked_ref(ref, before):
        _check(ref == ["dy"] or (isinstance(ref, list) and len(ref) == 2 and type(ref[1]) is int and (
            (ref[0] == "in" and 0 <= ref[1] < len(inputs)) or (ref[0] == "t" and 0 <= ref[1] < before))),
            "a custom gradient's rule refers to no node of its own")
        return ref
    checked = []
    for k, step in enumerate(steps):
        _check(isinstance(step, list) and len(step) == 6, "a custom gradient's rule has a malformed node")
        op_name, refs, params, shape, step_line, col = step
        _check(isinstance(op_name, str) and op_name in OPS and isinstance(refs, list) and _param_names(params)
               and isinstance(shape, list) and all(type(v) is int and 0 <= v <= MAX_POSITION for v in (step_line, col)),
               "a custom gradient's rule has a malformed node")
        nested = {name: value for name, value in params.items() if _is_template(op_name, name, value)}
        plain = _decode_params(op_name, {n: v for n, v in params.items() if n not in nested}, [], budget, line,
                               depth, where)
        checked.append((op_name, [checked_ref(r, k) for r in refs], plain, nested, shape, pos_at(step_line, col)))
    outputs = [None if r is None else checked_ref(r, len(steps)) for r in template["outputs"]]

    def rule(g, dy, i):
        if not 0 <= i < len(outputs):
            return None
        made = []

        def node_of(ref):
            return dy if ref[0] == "dy" else inputs[ref[1]] if ref[0] == "in" else made[ref[1]]
        saved = g.pos
        try:
            for op_name, refs, plain, nested, shape, pos in checked:
                g.pos = pos
                step_inputs = [node_of(r) for r in refs]
                params = dict(plain)
                for name, value in nested.items():
                    params[name] = _replayed_rule(value["template"], step_inputs, [limit("MAX_ELEMENTS")], line,
                                                  depth + 1)
                made.append(_apply(g, op_name, step_inputs, params, shape, where))
        finally:
            g.pos = saved
        return None if outputs[i] is None else node_of(outputs[i])
    return rule


def _param_names(params) -> bool:
    return isinstance(params, dict) and all(isinstance(name, str) and name.isidentifier() and not name.startswith("_")
                                            for name in params)


def _decode(value, budget, depth, line):
    if depth > MAX_DEPTH:
        raise AgError("nested too deeply")
    if value is None or isinstance(value, bool):
        return value
    if type(value) in (int, float):
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise AgError("a string too long")
        return value
    if isinstance(value, list):
        if len(value) > limit("MAX_LIST_ITEMS"):
            raise AgError("a list too long")
        return [_decode(v, budget, depth + 1, line) for v in value]
    if not isinstance(value, dict) or len(value) not in (1, 2, 3):
        raise AgError("a value of no known kind")
    if "tuple" in value and len(value) == 1 and isinstance(value["tuple"], list):
        return tuple(_decode(v, budget, depth + 1, line) for v in value["tuple"])
    if "dict" in value and len(value) == 1 and isinstance(value["dict"], dict):
        return {str(k): _decode(v, budget, depth + 1, line) for k, v in value["dict"].items()}
    if "slice" in value and len(value) == 1 and isinstance(value["slice"], list) and len(value["slice"]) == 3:
        parts = value["slice"]
        if not all(p is None or type(p) is int for p in parts):
            raise AgError("a slice of other than integers")
        return slice(*parts)
    if "float" in value and len(value) == 1 and value["float"] in SPECIAL:
        return SPECIAL[value["float"]]
    if value == {"ellipsis": True}:
        return Ellipsis
    if "python" in value and len(value) == 1 and _text(value["python"]):
        return _stand_in(value["python"], line)
    if set(value) == {"python", "returns"} and _text(value["python"]) and isinstance(value["returns"], dict):
        returned = _decode(value["returns"], budget, depth + 1, line)
        if not isinstance(returned, np.ndarray):
            raise AgError("a function's value is not an array")
        return _returning(returned)
    if "scalar" in value and len(value) == 2:
        dtype = dtype_of(value.get("dtype"))
        return numbers([value["scalar"]], dtype)[0]
    if ("array" in value or "fill" in value or "bytes" in value) and len(value) == 3:
        return decode_array(value, budget)
    raise AgError("a value of no known kind")


def _returning(value: np.ndarray):
    """A py_function's function in the parent: the value its node had in the run (`call(index,
    *inputs)`, as ops/control.py calls it)."""
    def returned(_index, *_inputs):
        return value.copy()
    return returned


def _stand_in(what: str, line: int):
    """A function of the snippet's (a custom gradient's rule): it ran in the box and is not here."""
    def unavailable(*_args, **_kwargs):
        raise AgError(f"the snippet's own Python function {what} (line {line}) ran in the box and is not "
                      "available here", pos_at(line, 1) if line else None)
    return unavailable


def _record(g: Graph, r, k: int) -> GradientRecord:
    where = f"record {k}"
    _check(isinstance(r, dict), f"{where} is not an object")
    kind, name, line = r.get("kind"), r.get("name"), r.get("line")
    _check(kind in KINDS, f"{where}: {str(kind)[:40]!r} is not a kind of gradient")
    _check(_text(name) and type(line) is int and 0 <= line <= MAX_POSITION, f"{where}: its name or line is not valid")
    ys, xs = r.get("ys"), r.get("xs")
    _check(isinstance(ys, list) and isinstance(xs, list) and all(_text(t) for t in ys + xs),
           f"{where}: its ys and xs are not lists of texts")
    x_nodes = _node_list(g, r.get("x_nodes"), f"{where}: x_nodes")
    y_nodes = _node_list(g, r.get("y_nodes"), f"{where}: y_nodes")
    stop_nodes = _node_list(g, r.get("stop_nodes", []), f"{where}: stop_nodes")
    _check(len(x_nodes) == len(xs) and y_nodes, f"{where}: it needs a y and one x node per x")
    values_data = r.get("values")
    _check(isinstance(values_data, list) and len(values_data) == len(xs), f"{where}: it needs one value per x")
    values = []
    for x_text, x, value in zip(xs, x_nodes, values_data):
        if isinstance(value, dict) and set(value) == {"none"} and _text(value["none"]):
            values.append(NoGradient(x_text, _reason(value["none"]), x.pos))
        else:
            values.append(_node_list(g, [value], f"{where}: values")[0])
    grad_ys = r.get("grad_ys")
    if grad_ys is not None:
        _check(isinstance(grad_ys, list) and len(grad_ys) == len(y_nodes), f"{where}: grad_ys needs one entry per y")
        grad_ys = [None if v is None else _node_list(g, [v], f"{where}: grad_ys")[0] for v in grad_ys]
    return GradientRecord(kind, name, line, list(ys), list(xs), values, x_nodes, y_nodes, stop_nodes, grad_ys)


def _reason(text: str):
    return lambda: text


def _node_list(g: Graph, ids, where: str) -> list:
    _check(isinstance(ids, list) and all(type(i) is int and 0 <= i < len(g.nodes) for i in ids),
           f"{where} are not node indices")
    return [g.nodes[i] for i in ids]


def _named(g: Graph, value, depth):
    if value is None:
        return None
    if type(value) is int:
        _check(0 <= value < len(g.nodes), "a named value is not a node index")
        return g.nodes[value]
    _check(isinstance(value, list) and depth < MAX_DEPTH and len(value) <= limit("MAX_LIST_ITEMS"),
           "a named value is not a node index or a list of them")
    return [_named(g, v, depth + 1) for v in value]


def _text(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _check(condition, what: str) -> None:
    if not condition:
        raise malformed(what)


MALFORMED = "the graph the snippet's run handed back is malformed: "


def malformed(what: str) -> AgError:
    return AgError(what if what.startswith(MALFORMED) else MALFORMED + what)
