"""The computation graph as a picture's content: which nodes and edges to draw,
their labels, which edges are cut (by paths.py's rules) and, for one gradient, the
gradient flowing on each edge. render/diagram_text.py turns it into DOT or Mermaid.

Gradient results are drawn as one box each (∂y/∂x), linked by dotted edges to
their y and x; the reverse-mode nodes behind them are not drawn. Everything is
computed with loops (a 100,000-statement program draws in linear time).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import paths
from .evaluate import needed
from .graph import Node, nodes_in
from .ops import fmt

MAX_TITLE = 40     # characters of a bare expression's source text used as its name
MAX_PICTURE_NODES = 20_000   # larger graphs are written as text only (Graphviz would take minutes)


@dataclass
class VNode:
    key: str                # "n<id>"
    title: str
    detail: str             # "op · line N · shape"
    kind: str               # "leaf" | "const" | "op" | "gradient"


@dataclass
class VEdge:
    source: str
    target: str
    kind: str               # "data" | "cut" | "derivative"
    label: str = ""
    cut: object = None      # paths.Cut for a cut edge


@dataclass
class GraphView:
    nodes: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    title: str = ""


def graph_view(built, record=None, flows=None, format_flow=None, focus=None) -> GraphView:
    """Nodes reachable from the program's values; `record` (a GradientRecord) and
    `flows` ((consumer id, input index) -> array) label edges with its gradient flow.
    `focus`: a name; only what its value depends on is drawn."""
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
    if focus is not None:
        roots = list(nodes_in(built.named[focus]))
        for rec in built.gradients:
            if rec.name == focus:
                roots += list(rec.y_nodes) + list(rec.x_nodes)
    else:
        roots = [n for value in built.named.values() for n in nodes_in(value)]
        for rec in built.gradients:
            roots += list(rec.y_nodes) + list(rec.x_nodes)
    seen = {n.id: n for n in needed(roots, stop_at=results)}   # reverse-mode nodes behind a result: not drawn
    stop_ids = {n.id for n in record.stop_nodes} if record is not None and record.kind == "gradients" else set()
    title = ""
    if record is not None:
        what = record.name if record.kind == "gradients" else \
            f"d(sum of {', '.join(record.ys)})/dx (the first derivative behind {record.name})"
        title = f"edge labels: the gradient {what} flowing back along each edge"
    view = GraphView(title=title)
    for nid in sorted(seen):
        node = seen[nid]
        if nid in results:
            view.nodes.append(_gradient_node(node, results[nid]))
            ends = {}
            for rec, k in results[nid]:
                for y in rec.y_nodes:
                    ends.setdefault((y.id, "∂ of"), None)
                ends.setdefault((rec.x_nodes[k].id, "∂ by"), None)
            for source, label in ends:
                view.edges.append(VEdge(f"n{source}", f"n{nid}", "derivative", label))
            continue
        view.nodes.append(_node(node, names.get(nid)))
        for i, inp in enumerate(node.inputs):
            cut = paths.edge_cut(node, i, stop_ids)
            label = ""
            if flows is not None and (nid, i) in flows:
                label = format_flow(flows[(nid, i)]) if format_flow else str(flows[(nid, i)])
            if cut is not None:
                view.edges.append(VEdge(f"n{inp.id}", f"n{nid}", "cut", _cut_label(cut), cut))
            else:
                view.edges.append(VEdge(f"n{inp.id}", f"n{nid}", "data", label))
    return view


def _node(node: Node, name: str | None) -> VNode:
    title = node.label or name
    if title and len(title) > MAX_TITLE:
        title = title[:MAX_TITLE - 1] + "…"
    if node.op.name == "const" and not title:
        value = np.asarray(node.params["value"])
        text = f"{float(value):g}" if value.shape == () else f"const {fmt(value.shape)}"
        return VNode(f"n{node.id}", text, "", "const")
    where = f"line {node.line} · {fmt(node.shape)}"
    kind = "leaf" if node.op.leaf else "op"
    if not title:   # an unnamed intermediate: its op is its title
        return VNode(f"n{node.id}", node.op.name, where, kind)
    return VNode(f"n{node.id}", title, f"{node.op.name} · {where}", kind)


def _gradient_node(node: Node, answers) -> VNode:
    lines = []
    for rec, k in answers:
        title = node.label or (f"{rec.name}[{k}]" if rec.kind == "gradients" else rec.name)
        ys = ", ".join(dict.fromkeys(rec.ys))
        what = f"∂²({ys})/∂({rec.xs[k]})²" if rec.kind == "hessians" else f"∂({ys})/∂({rec.xs[k]})"
        lines.append(f"{title} = {what}")
    rec = answers[0][0]
    return VNode(f"n{node.id}", "; ".join(dict.fromkeys(lines)),
                 f"{rec.kind} · line {rec.line} · {fmt(node.shape)}", "gradient")


def _cut_label(cut: paths.Cut) -> str:
    if cut.kind == "stop_gradient":
        return "✂ stop_gradient"
    if cut.kind == "stop_gradients":
        return "✂ held by stop_gradients"
    return f"✂ {cut.node.op.name}: no gradient"
