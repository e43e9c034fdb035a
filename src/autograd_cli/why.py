"""Why a gradient is None: the one place that decides it (eval and explain use it).

Walks the graph with loops (ids are a topological order), never recursion.
"""
from __future__ import annotations

from dataclasses import dataclass

from .graph import Node


@dataclass(frozen=True)
class Cut:
    """A place where a path from x to the ys stops carrying gradient."""

    kind: str          # "stop_gradient", "stop_gradients", "no_gradient"
    node: Node

    def describe(self) -> str:
        if self.kind == "stop_gradient":
            return f"cut by stop_gradient at line {self.node.line}"
        if self.kind == "stop_gradients":
            return f"held by stop_gradients ({self.node.describe()}, line {self.node.line})"
        return f"{self.node.op.name} has no gradient (line {self.node.line})"


def ancestors(roots) -> set[int]:
    """Ids of roots and everything they are computed from (all edges)."""
    seen, stack = set(), list(roots)
    while stack:
        node = stack.pop()
        if node.id in seen:
            continue
        seen.add(node.id)
        stack.extend(node.inputs)
    return seen


def descendants_within(start: Node, allowed: set[int], nodes_by_id) -> list[Node]:
    """Nodes in `allowed` computed from `start` (ascending id order)."""
    reached = {start.id}
    for nid in sorted(i for i in allowed if i > start.id):
        node = nodes_by_id(nid)
        if any(inp.id in reached for inp in node.inputs):
            reached.add(nid)
    return [nodes_by_id(i) for i in sorted(reached)]


def cuts_between(x: Node, ys, stop_ids: set[int]) -> list[Cut]:
    """The first cut on each blocked path from x to the ys."""
    upstream = ancestors(ys)
    if x.id not in upstream:
        return []
    by_id = _index(upstream, ys)
    live = {x.id}   # reached from x with gradient still flowing
    cuts: list[Cut] = []
    for nid in sorted(i for i in upstream if i > x.id):
        node = by_id[nid]
        fed = [i for i, inp in enumerate(node.inputs) if inp.id in live]
        if not fed:
            continue
        if node.op.name == "stop_gradient":
            cuts.append(Cut("stop_gradient", node))
            continue
        if any(node.op.input_vjp(i) is not None for i in fed):
            live.add(nid)
            if nid in stop_ids:
                cuts.append(Cut("stop_gradients", node))
                live.discard(nid)
        else:
            cuts.append(Cut("no_gradient", node))
    # A cut whose output feeds nothing that reaches ys still lies on a path (upstream ⊆ ys' ancestors).
    return cuts


def unconnected_reason(x: Node, ys, stop_ids: set[int]) -> str:
    """One phrase: why no gradient reaches x from the ys."""
    if x.id not in ancestors(ys):
        if any(y.id in ancestors([x]) for y in ys):
            return "no path to ys (it is computed from them, not before them)"
        return "no path to ys"
    cuts = cuts_between(x, ys, stop_ids)
    if not cuts:
        return "no path to ys"
    texts = list(dict.fromkeys(c.describe() for c in cuts))
    return "; ".join(texts)


def _index(ids: set[int], ys) -> dict[int, Node]:
    found, stack = {}, list(ys)
    while stack:
        node = stack.pop()
        if node.id in found:
            continue
        found[node.id] = node
        stack.extend(node.inputs)
    return found
