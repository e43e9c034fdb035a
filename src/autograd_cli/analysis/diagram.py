"""The computation graph as a picture's content: which nodes and edges to draw,
their labels, which edges are cut (by paths.py's rules) and, for one gradient, the
gradient flowing on each edge. render/diagram_text.py turns it into DOT, Mermaid or text.

What is drawn is the program as the user wrote it:
- a constant subgraph (`random_normal([1000])`, a list literal, `x_pure + noise`) is one
  node labelled with its name or the source text that made it;
- the internal ops of a composite built-in (categorical_crossentropy's clip, log, sum,
  ...) are one node labelled with the call;
- indexing (`x[step]`, `x[:, 0]`) is labelled as written, not as take/getitem;
- every gradients result is a box (∂y/∂x) linked by dotted edges to its y and x, and a
  None result is a box saying why it is None; the reverse-mode nodes are not drawn;
- updates (assign*, also inside `group(...)`) are drawn with an edge back to their variable;
- a cut by stop_gradient / stop_gradients is a red dashed ✂ edge; an edge into an op with
  no gradient (comparisons, round, argmax) is a grey dotted "no gradient" edge.
Everything is computed with loops (a 100,000-statement program draws in linear time).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from autograd_cli.core import paths
from autograd_cli.support.errors import source_expression, written_as
from autograd_cli.evaluate import needed
from autograd_cli.core.graph import Node, NoGradient, nodes_in
from autograd_cli.ops import ROUND_FLOAT32 as ROUND, fmt

MAX_TITLE = 40     # characters of a source text used as a label
MAX_PICTURE_NODES = 20_000   # larger graphs are written as text only (Graphviz would take minutes)
INDEXING = ("take", "getitem")
OPERATORS = {"greater": ">", "less": "<", "greater_equal": ">=", "less_equal": "<=", "equal": "==",
             "not_equal": "!=", "floordiv": "//", "floormod": "%"}   # ops users write as operators
STATE_OPS = ("assign", "assign_add", "assign_sub")   # their inputs are drawn as data, not as cuts


@dataclass
class VNode:
    key: str                # "n<id>"
    title: str
    detail: str             # "op · line N · shape"
    kind: str               # "leaf" | "const" | "op" | "gradient" | "none" | "update"
    op: str = ""            # what computes it, as the text format writes it
    shape: str = ""
    line: int = 0


@dataclass
class VEdge:
    source: str
    target: str
    kind: str               # "data" | "cut" | "nograd" | "derivative" | "update"
    label: str = ""
    cut: object = None      # paths.Cut for a cut edge


@dataclass
class GraphView:
    nodes: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    title: str = ""
    error: object = None    # a snippet's located error after it built its graph: shown after the graph


def expression_at(source, node: Node) -> str | None:
    """The source text of the expression that made the node (`random_normal([n], seed=2)`,
    `x_train[step]`), cut to MAX_TITLE characters; None if unknown."""
    return source_expression(source, node.pos, MAX_TITLE)


def graph_program(source: str, dialect: str = "ag", sets=None, grad_name=None, focus=None, expand=False,
                  format_flow=None, boxed: bool = False) -> GraphView:
    """The graph command's view of a program of either dialect: with `grad_name`, one
    gradients result's flows on its edges (a value's gradient is added, as --grad does);
    with `focus`, what one value depends on. `format_flow`: the edge labels (render's)."""
    from autograd_cli import api
    from autograd_cli.analysis.explain import record_flows
    from autograd_cli.dialects import evaluate_program, with_graph
    from autograd_cli.evaluate import run
    from autograd_cli.support.errors import AgError, suggest

    snippet = None
    if dialect == "tf":
        snippet = with_graph(evaluate_program(source, dialect, graph=True, boxed=boxed), "graph")
        built = snippet.program
    else:
        built = api.build(source, sets=sets)
    record = flows = None
    if grad_name:
        record = gradients_call_named(built, grad_name)
        if record is None:
            if grad_name not in built.named:
                known = ", ".join(dict.fromkeys(r.name for r in built.gradients)) or "none"
                raise AgError(f"--grad {grad_name}: no gradients result or value of that name "
                              f"(gradients results: {known}){suggest(grad_name, list(built.named))}")
            if snippet is not None:
                raise AgError(f"--grad {grad_name}: the snippet has no gradients result of that name "
                              f"(gradients results: {', '.join(r.name for r in built.gradients) or 'none'})")
            record = api.add_gradient(built, grad_name, [], "none")
        if snippet is None:
            built.graph.check_memory()   # MAX_MEMORY, before computing the flows
        values = snippet.node_values if snippet is not None else run(built.graph.nodes)
        with np.errstate(all="ignore"):
            _, flows, _ = record_flows(record, values)
    if focus is not None and focus not in built.named:
        raise AgError(f"--focus {focus}: the program has no value named '{focus}'"
                      f"{suggest(focus, list(built.named))}")
    view = graph_view(built, record, flows, format_flow, focus=focus, source=source, expand=expand)
    view.error = getattr(snippet, "error", None)
    return view


def gradients_call_named(built, name: str):
    """The gradients call a name stands for: the call's own name (`g`, `gW, gb`), one of
    the names it unpacks to (`gW`), or a name given one of its results (`dw =
    gradients(y, w)[0]`); the last such call. None for any other name."""
    ids = {id(node) for node in nodes_in(built.named[name])} if name in built.named else set()
    found = None
    for record in built.gradients:
        if (record.name == name or name in record.name.split(", ")
                or any(id(value) in ids for value in record.values)):
            found = record
    return found


def graph_view(built, record=None, flows=None, format_flow=None, focus=None, source=None,
               expand=False) -> GraphView:
    """Nodes reachable from the program's values; `record` (a GradientRecord) and
    `flows` ((consumer id, input index) -> array) label edges with its gradient flow.
    `focus`: a name; only what its value depends on is drawn. `source`: the program
    text, for labels as the user wrote them. `expand`: draw the ops inside each built-in
    call instead of one box per call."""
    source = source.splitlines() if isinstance(source, str) else source   # split once: labels read lines
    names = {}
    for name, value in built.named.items():
        for node in nodes_in(value):
            names.setdefault(node.id, name)
    results: dict[int, list] = {}   # result node id -> [(record, k)] (one node may answer several)
    for rec in built.gradients:
        before = max([n.id for n in rec.y_nodes + rec.x_nodes + list(rec.stop_nodes)]
                     + [n.id for n in (rec.grad_ys or []) if isinstance(n, Node)] + [-1])
        for k, value in enumerate(rec.values):
            if isinstance(value, Node) and value.id > before:
                results.setdefault(value.id, []).append((rec, k))
    records = list(built.gradients)
    if focus is not None:
        roots = list(nodes_in(built.named[focus]))
        records = [rec for rec in built.gradients if rec.name == focus]
        for rec in records:
            roots += list(rec.y_nodes) + list(rec.x_nodes)
    else:
        roots = [n for value in built.named.values() for n in nodes_in(value)]
        roots += [a.node for a in built.assigns] + [n for n in built.groups if isinstance(n, Node)]
        for rec in records:
            roots += list(rec.y_nodes) + list(rec.x_nodes)
    seen = {n.id: n for n in needed(roots, stop_at=results)}   # reverse-mode nodes behind a result: not drawn
    stop_ids = {n.id for n in record.stop_nodes} if record is not None and record.kind == "gradients" else set()
    title = ""
    if record is not None:
        if record.kind == "gradients":
            title = f"edge labels: the backward flow of {record.name} (line {record.line})"
        else:
            title = (f"edge labels: the backward flow of d(sum of {', '.join(record.ys)})/dx "
                     f"(the first derivative behind {record.name})")

    order = sorted(seen)
    # a gradient's ys and xs are points the user differentiates at: drawn as themselves,
    # never folded into a constant (`a = constant(0.); g = gradients(a + 2 * a, [a])`)
    anchors = {n.id for rec in records for n in list(rec.y_nodes) + list(rec.x_nodes)}
    constant = _constant_ids(order, seen, results, anchors)
    consumers: dict[int, list] = {}
    for nid in order:
        for inp in seen[nid].inputs:
            consumers.setdefault(inp.id, []).append(nid)
    merged = {} if expand else _composite_members(order, seen, names, consumers, constant, results, source)
    members: dict[int, list] = {}
    for member, head in merged.items():
        members.setdefault(head, []).append(seen[member])
    # bool -> float conversions the builder inserts (`x * (x > 0)`): not something the user wrote
    passthrough = {nid for nid in order if seen[nid].op.name == "to_float" and nid not in names
                   and nid not in anchors and nid not in results}
    # unnamed numbers a composite call made for itself: no argument of the user's
    hidden = {nid for nid in constant if nid not in names and nid not in anchors and consumers.get(nid)
              and seen[nid].op.name == "const" and np.asarray(seen[nid].params["value"]).size == 1
              and all(merged.get(u, u) in members and seen[merged.get(u, u)].pos == seen[nid].pos
                      for u in consumers[nid])}
    # (after `hidden`: a float32 rounding is not a call that makes numbers of its own)
    rounded = {} if expand else _rounded_ops(order, seen, names, consumers, constant, results, anchors, merged)
    members = {}
    for member, head in merged.items():
        members.setdefault(head, []).append(seen[member])
    root_ids = {n.id for n in roots}
    view = GraphView(title=title)
    for nid in order:
        node = seen[nid]
        if nid in results:
            view.nodes.append(_gradient_node(node, results[nid]))
            ends = {}
            for rec, k in results[nid]:
                for y in rec.y_nodes:
                    ends.setdefault((y.id, "∂ of"), None)
                ends.setdefault((rec.x_nodes[k].id, "∂ by"), None)
            for source_id, label in ends:
                view.edges.append(VEdge(f"n{_owner(source_id, merged)}", f"n{nid}", "derivative", label))
            continue
        if nid in merged or nid in passthrough or nid in hidden:
            continue                      # drawn as part of the call that made it
        if nid in constant:
            users = consumers.get(nid, [])
            if users and all(u in constant for u in users):
                continue                  # folded into the constant that uses it
            if not users and (focus is None or nid not in root_ids):
                continue                  # used only for its value (a size, a seed): not drawn
            view.nodes.append(_constant_node(node, names.get(nid), source))
            continue
        view.nodes.append(_node(node, names.get(nid), source, merged_into=nid in merged.values(),
                                rounds=rounded.get(nid)))
        inside = members.get(nid, ())
        edges = []
        for i, inp, (consumer, j) in _inputs(node, inside):
            if inp.id in hidden:
                continue                  # a number the call made for itself (the 0 in max(x, 0))
            cut = None if consumer.op.name in STATE_OPS else paths.edge_cut(consumer, j, stop_ids)
            flow = flows.get((consumer.id, j)) if flows is not None else None
            while inp.id in passthrough:  # a bool used as a number: drawn from the bool itself
                cut = cut or paths.edge_cut(inp, 0, stop_ids)
                inp = inp.inputs[0]
            source_key = f"n{_owner(inp.id, merged)}"
            if cut is not None:
                kind = "nograd" if cut.kind == "no_gradient" else "cut"
                label = _cut_label(cut) if cut.node is node and (cut.node.op.name in _builtin_names()
                                                                 or cut.node.op.name in OPERATORS) \
                    else _cut_label(cut).split(":")[0]        # an internal op is not named
                edges.append((source_key, kind, label, cut, None))
            else:
                edges.append((source_key, "data", "", None, flow))
        if inside:
            edges = _one_edge_per_input(edges)   # one call, one box: an edge from each argument
        for source_key, kind, label, cut, flow in edges:
            if flow is not None:
                label = format_flow(flow) if format_flow else str(flow)
            view.edges.append(VEdge(source_key, f"n{nid}", kind, label, cut))
        if node.op.name in ("assign", "assign_add", "assign_sub") and node.inputs:
            var = node.inputs[0]
            name = var.label or "the variable"
            # the update points to the variable as the next step reads it, drawn beside the
            # assign: an arrow back to the variable would cross the whole picture
            view.nodes.append(VNode(f"nnext{nid}", f"{name} at the next step", "", "next", name, "", node.line))
            view.edges.append(VEdge(f"n{nid}", f"nnext{nid}", "update", f"updates {name} (end of step)"))
    for rec in records:
        for k, value in enumerate(rec.values):
            if isinstance(value, NoGradient):
                key = f"nnone{len(view.nodes)}"
                name = f"{rec.name}[{k}]"
                view.nodes.append(VNode(key, f"{name} = None", value.reason,
                                        "none", "None", "", rec.line))
                x = rec.x_nodes[k]
                if x.id in seen:
                    view.edges.append(VEdge(f"n{_owner(x.id, merged)}", key, "derivative", "∂ by"))
                for y in rec.y_nodes:
                    if y.id in seen:
                        view.edges.append(VEdge(f"n{_owner(y.id, merged)}", key, "derivative", "∂ of"))
    _declare_every_end(view, seen, names, source)
    return view


def _declare_every_end(view: GraphView, seen: dict, names: dict, source) -> None:
    """Every edge's ends are drawn nodes: a node an edge reaches that the folding rules
    left out is drawn after all (DOT and Mermaid would draw it as a bare, unlabelled id)."""
    declared = {node.key for node in view.nodes}
    for edge in list(view.edges):
        for key in (edge.source, edge.target):
            if key in declared:
                continue
            nid = int(key[1:]) if key[1:].isdigit() else None
            if nid is None or nid not in seen:
                view.edges.remove(edge)
                break
            view.nodes.append(_node(seen[nid], names.get(nid), source))
            declared.add(key)


def _one_edge_per_input(edges):
    """The edges into one call's box, one per source: the gradient flows from a source
    add up; a source with any live edge draws a live one, else its cut."""
    by_source: dict[str, list] = {}
    for edge in edges:
        by_source.setdefault(edge[0], []).append(edge)
    out = []
    for source_key, group in by_source.items():
        live = [e for e in group if e[1] == "data"]
        if not live:
            out.append(group[0])
            continue
        flows = [e[4] for e in live if e[4] is not None]
        total = None
        if flows:
            try:
                total = flows[0]
                for flow in flows[1:]:
                    total = np.add(total, flow)
            except ValueError:
                total = flows[0]
        out.append((source_key, "data", "", None, total))
    return out


def _constant_ids(order, seen, results, anchors=()) -> set:
    """Nodes computed from constants only (no variable, input, placeholder, step, or a
    gradient's y or x)."""
    constant = set()
    for nid in order:
        node = seen[nid]
        if nid in results or nid in anchors or node.op.leaf and node.op.name != "const":
            continue
        if node.op.name == "const" or (node.inputs and all(i.id in constant for i in node.inputs)):
            constant.add(nid)
    return constant


def _composite_members(order, seen, names, consumers, constant, results, source) -> dict:
    """node id -> the id of the node drawn for it: the internal nodes of one composite
    built-in call (same position, unnamed, used only inside the call) join the call's
    result node."""
    from autograd_cli.library.functions import BUILTINS
    from autograd_cli.ops import OPS

    merged: dict[int, int] = {}
    if source is None:
        return merged
    for nid in reversed(order):
        node = seen[nid]
        if nid in constant or nid in results or node.op.leaf:
            continue
        if nid in merged or not any(i.pos == node.pos for i in node.inputs):
            continue          # inside another call, or nothing of the same call to merge
        if node.op.name == ROUND and not any(i.pos == node.pos for i in node.inputs[0].inputs):
            continue          # one op and its float32 rounding: drawn as that op (_rounded_ops)
        called = _called(source_expression(source, node.pos, 10**6))
        if called not in BUILTINS or (called in OPS and OPS[called].args is not None):
            continue
        made = node.inputs[0] if node.op.name == ROUND and node.inputs else node   # (a float32 rounding's op)
        operators = written_as(made.op.name) + (("[",) if made.op.name in INDEXING else ())
        if operators and _followed_by(source, node, operators):
            continue          # `f(x) ** 2`, `f(x)[0]`, `f(x) / 64`: the operator applied to the call, not inside it
        stack = list(node.inputs)
        while stack:
            inp = stack.pop()
            if (inp.id in merged or inp.id in constant or inp.id in results or inp.op.leaf
                    or inp.pos != node.pos or inp.id in names or inp.id not in seen):
                continue
            if any(merged.get(u, u) != nid for u in consumers.get(inp.id, [])):
                continue
            merged[inp.id] = nid
            stack.extend(inp.inputs)
    return merged


def _rounded_ops(order, seen, names, consumers, constant, results, anchors, merged) -> dict:
    """The float32 rounding the TensorFlow package puts after each float32 op is drawn as
    the op it rounds: the op joins its rounding node (`merged`, updated) when nothing else
    uses it. Returns rounding node id -> the op it rounds."""
    rounded = {}
    for nid in order:
        node = seen[nid]
        if node.op.name != ROUND or not node.inputs:
            continue
        inner = node.inputs[0]
        if (inner.id not in seen or inner.op.leaf or inner.id in merged or inner.id in names or inner.id in anchors
                or inner.id in results or inner.id in constant or consumers.get(inner.id) != [nid]):
            continue
        head = merged.get(nid, nid)
        merged[inner.id] = head
        for member, at in list(merged.items()):     # what the op itself had merged goes with it
            if at == inner.id:
                merged[member] = head
        if head == nid:
            rounded[nid] = inner.op.name
    return rounded


def _called(text: str | None) -> str | None:
    """The built-in a call's text names: `categorical_crossentropy(...)`, or a TensorFlow
    spelling (`tf.nn.sigmoid_cross_entropy_with_logits(...)`, `K.categorical_crossentropy(...)`:
    the path after the module's alias, else its last name)."""
    from autograd_cli.library.spellings import builtin_of

    m = re.match(r"([A-Za-z_][\w.]*)\(", text or "")
    if not m:
        return None
    called = m.group(1)
    if "." not in called:
        return called
    return builtin_of(called.split(".", 1)[1]) or called.rsplit(".", 1)[1]


def _followed_by(source, node, operators) -> bool:
    """Whether the source goes on after the expression at the node's position with one
    of the operators."""
    from autograd_cli.support.errors import col_of

    text = source_expression(source, node.pos, 10**6) or ""

    lines = source if isinstance(source, list) else source.splitlines()
    line = node.line
    if not 1 <= line <= len(lines):
        return False
    start = col_of(node.pos) - 1 + len(text)
    return lines[line - 1][start:].lstrip().startswith(operators)


def _builtin_names():
    from autograd_cli.library.functions import BUILTINS

    return BUILTINS


def _owner(nid: int, merged: dict) -> int:
    return merged.get(nid, nid)


def _inputs(node, inside):
    """(k, input node, (consumer, input index)) for the edges into a drawn node: the
    inputs of its merged internal nodes (`inside`) that come from outside."""
    members = list(inside) + [node]
    member_ids = {n.id for n in members}
    out, k = [], 0
    for consumer in sorted(members, key=lambda n: n.id):
        for j, inp in enumerate(consumer.inputs):
            if inp.id in member_ids:
                continue
            out.append((k, inp, (consumer, j)))
            k += 1
    return out


def _node(node: Node, name: str | None, source=None, merged_into=False, rounds=None) -> VNode:
    """`rounds`: the op a float32 rounding node rounds (drawn as that op)."""
    title = node.label or name
    if title and len(title) > MAX_TITLE:
        title = title[:MAX_TITLE - 1] + "…"
    where = f"line {node.line} · {fmt(node.shape)}"
    kind = "leaf" if node.op.leaf else "op"
    op = node.op.name
    if rounds is not None:
        op = rounds
    elif node.op.name in INDEXING or merged_into:
        op = expression_at(source, node) or op   # as the user wrote it
    elif node.op.name == "const":                # a constant drawn for itself (a gradient's x)
        value = np.asarray(node.params["value"])
        op = f"constant {float(value):g}" if value.shape == () else (expression_at(source, node) or "constant")
    elif node.op.name in ("assign", "assign_add", "assign_sub"):
        op = expression_at(source, node) or op
        kind = "update"
    if not title:   # an unnamed intermediate: its op (or text) is its title
        return VNode(f"n{node.id}", op, where, kind, op, fmt(node.shape), node.line)
    return VNode(f"n{node.id}", title, f"{op} · {where}", kind, op, fmt(node.shape), node.line)


def _constant_node(node: Node, name: str | None, source=None) -> VNode:
    title = node.label or name
    shape = fmt(node.shape)
    if node.op.name == "const":
        value = np.asarray(node.params["value"])
        text = f"{float(value):g}" if value.shape == () else None
    else:
        text = None
    if text is None and title and source:
        text = _assigned_text(source, node.line, title)
    if text is None:
        text = expression_at(source, node) or f"constant {shape}"
    if title:
        what = text if not text.startswith("constant") else "constant"
        return VNode(f"n{node.id}", title, f"{what} · line {node.line} · {shape}", "const", text, shape,
                     node.line)
    return VNode(f"n{node.id}", text, "", "const", text, shape, node.line)


def _assigned_text(source: str, line: int, name: str) -> str | None:
    """The right-hand side of `name = ...` on that line (its first line), cut to MAX_TITLE."""
    lines = source if isinstance(source, list) else source.splitlines()
    if not 1 <= line <= len(lines):
        return None
    m = re.match(rf"\s*{re.escape(name)}\s*=(?!=)\s*(.+?)\s*(#.*)?$", lines[line - 1])
    if not m:
        return None
    text = m.group(1)
    return text if len(text) <= MAX_TITLE else text[:MAX_TITLE - 1] + "…"


def _gradient_node(node: Node, answers) -> VNode:
    lines = []
    for rec, k in answers:
        title = node.label or (f"{rec.name}[{k}]" if rec.kind == "gradients" else rec.name)
        ys = ", ".join(dict.fromkeys(rec.ys))
        what = f"∂²({ys})/∂({rec.xs[k]})²" if rec.kind == "hessians" else f"∂({ys})/∂({rec.xs[k]})"
        lines.append(f"{title} = {what}")
    rec = answers[0][0]
    return VNode(f"n{node.id}", "; ".join(dict.fromkeys(lines)),
                 f"{rec.kind} · line {rec.line} · {fmt(node.shape)}", "gradient", rec.kind, fmt(node.shape),
                 rec.line)


def _cut_label(cut: paths.Cut) -> str:
    if cut.kind == "stop_gradient":
        return "✂ stop_gradient"
    if cut.kind == "stop_gradients":
        return "✂ held by stop_gradients"
    return f"no gradient: {OPERATORS.get(cut.node.op.name, cut.node.op.name)}"
