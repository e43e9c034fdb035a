"""Why a gradient is None, and which forward paths carry gradient: the one place
that decides it (eval's reasons, explain's paths and sentences, graph's cut edges).

A path runs from x along forward edges (a node -> the node that consumes it as
input i) to one of the ys. An edge is cut when the consumer is stop_gradient,
has no gradient rule for that input (round, comparisons, argmax, ...), or is held
constant by `stop_gradients=`. Everything here walks the graph with loops in id
(= topological) order, never recursion; path counts are exact Python ints
computed by dynamic programming, so 2**60 paths cost 60 steps, not 2**60.
"""
from __future__ import annotations

from autograd_cli.core.graph import Node
from autograd_cli.support.records import FrozenRecord, Record, fill


class Cut(FrozenRecord):
    """A place where a path from x to the ys stops carrying gradient."""

    _fields = ("kind", "node")

    def __init__(self, kind, node):
        fill(self, kind=kind, node=node)   # kind: "stop_gradient", "stop_gradients", "no_gradient"

    def describe(self) -> str:
        if self.kind == "stop_gradient":
            return f"cut by stop_gradient at line {self.node.line}"
        if self.kind == "stop_gradients":
            return f"held by stop_gradients ({self.node.describe()}, line {self.node.line})"
        return f"{self.node.op.name} has no gradient (line {self.node.line})"

    def phrase(self) -> str:
        """The cut as part of a sentence: 'stop_gradient(a) on line 4'."""
        call = f"{self.node.op.name}({', '.join(_arg_text(i) for i in self.node.inputs)})"
        if self.kind == "stop_gradient":
            return f"{call} on line {self.node.line}"
        if self.kind == "stop_gradients":
            return f"{self.node.describe()} (line {self.node.line}), which stop_gradients= holds constant"
        return f"{call} on line {self.node.line}, which has no gradient"


def edge_cut(node: Node, i: int, stop_ids) -> Cut | None:
    """Whether the edge into `node`'s input i carries gradient (None) or what cuts it."""
    if node.op.name == "stop_gradient":
        return Cut("stop_gradient", node)
    if node.op.input_vjp(i) is None:
        return Cut("no_gradient", node)
    if node.id in stop_ids:
        return Cut("stop_gradients", node)
    return None


class PathSpace(Record):
    """All forward paths from x to the ys, counted (not enumerated)."""

    _fields = ("x", "ys", "stop_ids", "order", "members", "y_weight", "live_from_x", "above", "total", "live",
               "first_cuts", "detailed")

    def __init__(self, x, ys, stop_ids, order=None, members=None, y_weight=None, live_from_x=None, above=None,
                 total=0, live=0, first_cuts=None, detailed=False):
        self.x = x
        self.ys = ys
        self.stop_ids = stop_ids
        self.order = [] if order is None else order                  # nodes on some path, ascending id (x first)
        self.members = set() if members is None else members         # their ids
        self.y_weight = {} if y_weight is None else y_weight         # node id -> how many times it is a y
        self.live_from_x = {} if live_from_x is None else live_from_x  # node id -> live paths x -> node (if > 0)
        self.above = {} if above is None else above                  # node id -> all paths x -> node
        self.total = total                                           # paths x -> ys
        self.live = live                                             # paths that carry gradient
        self.first_cuts = [] if first_cuts is None else first_cuts   # [(Cut, paths whose first cut it is)]
        self.detailed = detailed                                     # order/members/first_cuts were computed

    @property
    def cut(self) -> int:
        return self.total - self.live

    def edges_in(self, node: Node):
        """(input index, input node) of node's edges that lie on paths."""
        return [(i, inp) for i, inp in enumerate(node.inputs) if inp.id in self.members]


class Upstream:
    """The ys and everything they are computed from, with each node's consumers and,
    for every node, how many paths (all, and gradient-carrying) lead from it to the
    ys: built once per gradient (one backward pass) and shared by all its xs, so an
    x's path counts cost nothing more; path_space then walks only x's descendants."""

    def __init__(self, ys, stop_ids=()):
        self.nodes = _index(ys)
        self.stop_ids = set(stop_ids)
        self.consumers: dict[int, list] = {}       # node id -> [(consumer, input index)]
        for node in self.nodes.values():
            for i, inp in enumerate(node.inputs):
                self.consumers.setdefault(inp.id, []).append((node, i))
        weight: dict[int, int] = {}
        for y in ys:
            weight[y.id] = weight.get(y.id, 0) + 1
        self.y_weight = weight
        self.below: dict[int, int] = {}            # paths node -> ys
        self.below_live: dict[int, int] = {}       # ... of which carry gradient
        for nid in sorted(self.nodes, reverse=True):
            total = live = weight.get(nid, 0)
            for consumer, i in self.consumers.get(nid, ()):
                total += self.below[consumer.id]
                if edge_cut(consumer, i, self.stop_ids) is None:
                    live += self.below_live[consumer.id]
            self.below[nid], self.below_live[nid] = total, live


def path_space(x: Node, ys, stop_ids, upstream: Upstream | None = None, detail: bool = True) -> PathSpace:
    """x's paths to the ys: counts always; with `detail`, also the nodes on them, the
    live paths reaching each node and the first cuts (a walk over x's descendants)."""
    space = PathSpace(x, list(ys), set(stop_ids))
    upstream = upstream or Upstream(ys, stop_ids)
    if x.id not in upstream.nodes:
        return space
    space.y_weight = dict(upstream.y_weight)
    space.total, space.live = upstream.below[x.id], upstream.below_live[x.id]
    space.detailed = detail
    if not detail:
        return space
    members, stack = {x.id}, [x]          # descendants of x (all of them reach a y)
    while stack:
        for node, _ in upstream.consumers.get(stack.pop().id, ()):
            if node.id not in members:
                members.add(node.id)
                stack.append(node)
    order = sorted((upstream.nodes[i] for i in members), key=lambda n: n.id)
    space.order, space.members = order, members
    below = upstream.below
    above_all = {x.id: 1}
    live = {x.id: 1}
    cut_counts: dict = {}
    for node in order[1:]:
        total_in = live_in = 0
        for i, inp in space.edges_in(node):
            total_in += above_all[inp.id]
            carried = live.get(inp.id, 0)
            if not carried:
                continue
            cut = edge_cut(node, i, space.stop_ids)
            if cut is None:
                live_in += carried
            else:
                key = (node.id, cut.kind)
                prior = cut_counts.get(key, (cut, 0))[1]
                cut_counts[key] = (cut, prior + carried * below[node.id])
        above_all[node.id] = total_in
        if live_in:
            live[node.id] = live_in
    space.live_from_x, space.above = live, above_all
    space.first_cuts = [v for v in cut_counts.values() if v[1] > 0]
    return space


def unconnected_reason(x: Node, ys, stop_ids: set[int]) -> str:
    """One phrase: why no gradient reaches x from the ys."""
    return space_reason(path_space(x, ys, stop_ids))


def space_reason(space: PathSpace) -> str:
    """unconnected_reason for an already counted path space."""
    if space.total == 0:
        if _is_downstream(space):
            return "no path to ys (it is computed from them, not before them)"
        return "no path to ys"
    texts = list(dict.fromkeys(cut.describe() for cut, _ in space.first_cuts))
    return "; ".join(texts) if texts else "no path to ys"


def _is_downstream(space: PathSpace) -> bool:
    from_x = _index([space.x])
    return any(y.id in from_x for y in space.ys)


def none_sentence(x_text: str, y_texts, space: PathSpace) -> str:
    """One sentence a beginner understands: why no gradient reaches x."""
    ys = _join(list(dict.fromkeys(y_texts))) or "the ys"
    if space.total == 0:
        if _is_downstream(space):
            return (f"{x_text} is computed from {ys}, not the other way round, so {ys} does not "
                    f"depend on it and no gradient flows back to it.")
        return f"{ys} is not computed from {x_text} at all, so no gradient flows back to it."
    phrases = list(dict.fromkeys(cut.phrase() for cut, _ in space.first_cuts))
    if not phrases:
        return f"no path from {x_text} to {ys} carries a gradient, so none flows back to it."
    return f"{x_text} reaches {ys} only through {_join(phrases)}, so no gradient flows back to it."


def _arg_text(node: Node) -> str:
    if node.label:
        return node.label
    if node.op.name == "const" and node.shape == ():
        return f"{float(node.params['value']):g}"
    return "…"


def _join(items) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _index(ys) -> dict[int, Node]:
    found, stack = {}, list(ys)
    while stack:
        node = stack.pop()
        if node.id in found:
            continue
        found[node.id] = node
        stack.extend(node.inputs)
    return found
