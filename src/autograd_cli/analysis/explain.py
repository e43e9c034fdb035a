"""Why each gradient is what it is: the forward paths from x to the ys, what each
path contributes, which paths are cut and by what, and the gradient flowing on
each edge.

- Path contributions are computed numerically: the upstream gradient of y is pushed
  back along only that path's edges with the op table's rules (`autodiff.pull`),
  evaluated eagerly. By linearity of reverse mode the contributions of all live
  paths sum to the gradient.
- Which paths exist, how many, and what cuts them comes from `paths.py` (the same
  module that gives eval's None reasons). Counts are exact (dynamic programming).
- Paths are enumerated depth-first backwards from each y, so paths sharing a tail
  share its products; the search stops at a budget (below), preferring edges that
  carry the most gradient, and keeps the largest contributions found.
- Edge flows come from one eager reverse sweep (`autodiff.gradients` with
  `edge_flows`): linear in the graph size, whatever the number of paths.
"""
from __future__ import annotations

import bisect
import gc
import time
from dataclasses import dataclass, field

import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.core import paths
from autograd_cli.support.display import HtmlDisplay
from autograd_cli.support.errors import AgError
from autograd_cli.core.graph import Graph, Node, NoGradient
from autograd_cli.ops import ROUND_FLOAT32

# The enumeration budget (documented in the README): whichever is reached first.
MAX_PATHS = 256           # live paths whose contribution is computed and kept
MAX_CUT_PATHS = 64        # cut paths kept (with what cut them)
MAX_PULLS = 200_000       # vector-Jacobian products evaluated while enumerating
MAX_PATH_NODES = 200_000  # nodes over all kept paths (a first path is kept whatever its length)
TIME_BUDGET = 10.0        # seconds spent listing paths, over the whole explain run
MAX_REGION_NODES = 2_000_000  # nodes walked over xs' descendants (xs with a None gradient always are)

EAGER_FIRST_ID = 1 << 62  # ids of eagerly evaluated helper nodes (never clash with the program's)


class _Ids:
    """Stands in for Graph.nodes in an EagerGraph: hands out ids, keeps no nodes."""

    def __init__(self, first: int):
        self.next = first

    def __len__(self):
        return self.next

    def append(self, _node):
        self.next += 1


class EagerGraph(Graph):
    """A graph that evaluates each node as it is made, reading program nodes' values
    from `base` (the evaluated program). Gradient rules run on it unchanged."""

    def __init__(self, base: dict):
        super().__init__()
        self.base = base
        self.values: dict[int, np.ndarray] = {}
        self.nodes = _Ids(EAGER_FIRST_ID)

    def apply(self, op_name, *inputs, **params):
        node = super().apply(op_name, *inputs, **params)
        if node.op.leaf:
            value = node.params.get("value")
        else:
            try:   # callers hold np.errstate(all="ignore") (explain does, for the whole run)
                value = node.op.forward(*[self.value(i) for i in inputs], **node.params)
            except (ValueError, IndexError, TypeError, ZeroDivisionError, OverflowError) as exc:
                raise AgError(f"explain: {node.op.title}: {exc}", node.pos) from None
        self.values[node.id] = np.asarray(value)
        return node

    def value(self, node: Node) -> np.ndarray:
        return self.values[node.id] if node.id >= EAGER_FIRST_ID else self.base[node.id]

    def wrap(self, value) -> Node:
        return self.apply("const", value=np.asarray(value, dtype=np.float64))


def pull_value(g: EagerGraph, node: Node, i: int, dy: np.ndarray):
    """The gradient (array) sent from node to its input i, given upstream dy (array).
    `g` is a scratch eager graph; its values are dropped first (only arrays are kept)."""
    g.values.clear()
    g.pos = node.pos
    out = autodiff.pull(g, node, i, g.wrap(dy))
    return None if out is None else g.value(out)


# ---------------------------------------------------------------- results


@dataclass
class Path:
    nodes: list            # [Node] from x to y
    operands: list         # input index used to enter nodes[k+1] from nodes[k]
    y_index: int           # which y (index into the record's ys)
    contribution: np.ndarray | None = None
    cuts: list = field(default_factory=list)   # [paths.Cut] along the path, x side first

    @property
    def magnitude(self) -> float:
        return magnitude(self.contribution)


@dataclass
class EdgeFlow:
    source: Node
    target: Node
    operand: int
    flow: np.ndarray


@dataclass
class XExplanation:
    x_text: str
    x: Node
    gradient: object               # ndarray, or None
    space: paths.PathSpace
    paths: list                    # [Path] live, largest contribution first
    cut_paths: list                # [Path]
    listed_sum: object             # ndarray sum of the listed contributions (None if none)
    complete: bool                 # every path was listed
    stopped_by: str | None         # which budget stopped the enumeration
    edge_flows: list               # [EdgeFlow] on x's own outgoing edges (they sum to its gradient)
    sentence: str | None           # for a None gradient
    reason: str | None             # eval's short reason for a None gradient


@dataclass
class RecordExplanation(HtmlDisplay):
    kind: str
    name: str
    line: int
    y_texts: list
    xs: list                       # [XExplanation]
    note: str | None = None
    edge_flows: list = field(default_factory=list)   # [EdgeFlow] every edge between the xs and ys


class Budget:
    """What path listing may spend over one explain run (see the constants above)."""

    def __init__(self):
        self.pulls = 0
        self.listed_nodes = 0
        self.region_nodes = 0
        self.spent = 0.0              # seconds spent listing paths (finished searches)
        self.started = None           # when the current search started

    def exhausted(self) -> str | None:
        if self.pulls >= MAX_PULLS:
            return f"{MAX_PULLS:,} vector-Jacobian products (MAX_PULLS)"
        if self.listed_nodes >= MAX_PATH_NODES:
            return f"{MAX_PATH_NODES:,} nodes on the listed paths (MAX_PATH_NODES)"
        running = time.monotonic() - self.started if self.started is not None else 0.0
        if self.spent + running > TIME_BUDGET:
            return f"{TIME_BUDGET:g} s of path listing (TIME_BUDGET)"
        return None

    def __enter__(self):
        self.started = time.monotonic()
        return self

    def __exit__(self, *exc):
        self.spent += time.monotonic() - self.started
        self.started = None


def explain(evaluation) -> list[RecordExplanation]:
    """Explain every gradient record of an evaluated program (api.Evaluation)."""
    values = evaluation.node_values
    budget = Budget()
    collecting = gc.isenabled()
    gc.disable()   # millions of small objects and no cycles: the collector only costs time here
    try:
        with np.errstate(all="ignore"):
            return [explain_record(record, values, budget) for record in evaluation.program.gradients]
    finally:
        if collecting:
            gc.enable()


def record_flows(record, values):
    """One eager reverse sweep for a record: per x its gradient value (or None),
    and the flow on every edge between the xs and the ys."""
    g = EagerGraph(values)
    stop = record.stop_nodes if record.kind == "gradients" else []
    grad_ys = record.grad_ys if record.kind == "gradients" else None
    flows: dict = {}
    results = autodiff.gradients(g, record.y_nodes, record.x_nodes, grad_ys, stop, "none",
                                 list(record.xs), edge_flows=flows)
    grads = [None if isinstance(r, NoGradient) else g.value(r) for r in results]
    return grads, {key: g.value(node) for key, node in flows.items()}, g


def explain_record(record, values, budget: Budget | None = None) -> RecordExplanation:
    stop_ids = {n.id for n in record.stop_nodes} if record.kind == "gradients" else set()
    grads, flows, g = record_flows(record, values)
    seeds = []
    for k, y in enumerate(record.y_nodes):
        gy = record.grad_ys[k] if record.kind == "gradients" and record.grad_ys else None
        seeds.append(g.value(autodiff.seed(g, y, gy)))
    note = None
    if record.kind != "gradients":
        note = (f"{record.kind} differentiates the first gradient d(sum of {', '.join(record.ys)})/dx "
                "again; the paths below are those of that first gradient")
    budget = budget or Budget()
    upstream = paths.Upstream(record.y_nodes, stop_ids)
    y_texts = list(record.ys)
    if len(y_texts) != len(record.y_nodes):     # (a call whose source text does not list its ys)
        y_texts = [y.label or ("y" if len(record.y_nodes) == 1 else f"y{k}") for k, y in enumerate(record.y_nodes)]
    out = RecordExplanation(record.kind, record.name, record.line, y_texts, [], note)
    out.edge_flows = [EdgeFlow(upstream.nodes[nid].inputs[i], upstream.nodes[nid], i, flow)
                      for (nid, i), flow in sorted(flows.items())]
    # When the budget cannot cover every x, the xs closest to the ys (fewest nodes after
    # them: the cheapest to explain) are served first; the output keeps the program's order.
    ids = sorted(upstream.nodes)
    after = [len(ids) - bisect.bisect_right(ids, x.id) for x in record.x_nodes]
    explained: dict[int, XExplanation] = {}
    for k in sorted(range(len(record.x_nodes)), key=lambda k: after[k]):
        x = record.x_nodes[k]
        x_text = record.xs[k]
        # Counts come free from `upstream`; the walk over x's descendants is made when a
        # None gradient needs its reason, or within MAX_REGION_NODES (to list paths and
        # break down what cut them).
        exhausted = budget.exhausted()
        counts = paths.path_space(x, record.y_nodes, stop_ids, upstream, detail=False)
        detail = counts.total > 0 and (grads[k] is None or budget.region_nodes < MAX_REGION_NODES)
        space = paths.path_space(x, record.y_nodes, stop_ids, upstream) if detail else counts
        budget.region_nodes += len(space.order)
        if exhausted or not space.detailed:
            found, cut_paths, stopped = [], [], exhausted or "the budget"
        else:
            with budget:
                found, cut_paths, stopped = enumerate_paths(space, seeds, flows, values, budget)
        listed_sum = None
        for p in found:
            listed_sum = p.contribution if listed_sum is None else listed_sum + p.contribution
        complete = len(found) == space.live and len(cut_paths) == space.cut
        edges = [EdgeFlow(x, node, i, flows[(node.id, i)])
                 for node, i in upstream.consumers.get(x.id, ()) if (node.id, i) in flows]
        gradient = grads[k]
        sentence = reason = None
        if gradient is None:
            sentence = paths.none_sentence(x_text, record.ys, space)
            reason = paths.space_reason(space)
            if record.kind == "gradients" and isinstance(record.values[k], Node):
                gradient = values[record.values[k].id]    # unconnected_gradients="zero"
                sentence = sentence[:-1] + ' (its gradient is zeros: unconnected_gradients="zero").'
        explained[k] = XExplanation(x_text, x, gradient, space, found, cut_paths, listed_sum,
                                    complete, stopped, edges, sentence, reason)
    out.xs = [explained[k] for k in range(len(record.x_nodes))]
    return out


def enumerate_paths(space: paths.PathSpace, seeds, flows, values, budget: Budget):
    """Depth-first from each y back to x within the budget. Returns (live paths,
    largest contribution first; cut paths; the budget that stopped it or None)."""
    live: list[Path] = []
    cut: list[Path] = []
    if not space.members:
        return live, cut, None
    want_live, want_cut = min(space.live, MAX_PATHS), min(space.cut, MAX_CUT_PATHS)
    x_id, live_from_x, above = space.x.id, space.live_from_x, space.above
    stopped = None
    magnitude_cache: dict = {}
    scratch = EagerGraph(values)

    def priority(node, i):
        key = (node.id, i)
        if key not in magnitude_cache:
            magnitude_cache[key] = magnitude(flows.get(key))
        return magnitude_cache[key]

    # A stack entry: (node, its upstream gradient along the tail (or None), the pull still to
    # evaluate for it (consumer, operand, consumer's gradient) or None, whether the tail is
    # cut, tail) with tail a linked list (node, operand, cut or None, next) up to the y.
    # Pulls are evaluated when an entry is popped, so the stack holds one gradient per
    # level of the search, not one per pushed edge.
    for k, y in enumerate(space.ys):
        if y.id not in space.members:
            continue
        stack = [(y, seeds[k], None, False, (y, None, None, None))]
        while stack:
            if len(live) >= want_live and len(cut) >= want_cut:
                break
            stopped = budget.exhausted()
            if stopped:
                break
            node, grad, pending, is_cut, tail = stack.pop()
            if pending is not None:
                consumer, i, upstream = pending
                budget.pulls += 1
                grad = pull_value(scratch, consumer, i, upstream)
                if grad is None:   # a rule that gives nothing at run time (an index input)
                    is_cut, tail = True, (node, i, paths.Cut("no_gradient", consumer), tail[3])
            if node.id == x_id:
                if is_cut and len(cut) < want_cut:
                    cut.append(_materialize(tail, k))
                    budget.listed_nodes += len(cut[-1].nodes)
                elif not is_cut and grad is not None and len(live) < want_live:
                    path = _materialize(tail, k)
                    path.contribution = grad
                    live.append(path)
                    budget.listed_nodes += len(path.nodes)
                continue
            edges = space.edges_in(node)
            if not is_cut and len(edges) > 1:   # live edges carrying the most gradient are explored first (pushed last)
                edges.sort(key=lambda e: (paths.edge_cut(node, e[0], space.stop_ids) is None,
                                          priority(node, e[0])))
            for i, inp in edges:
                step_cut = None if is_cut else paths.edge_cut(node, i, space.stop_ids)
                if is_cut or step_cut is not None:
                    if len(cut) < want_cut:
                        stack.append((inp, None, None, True, (inp, i, step_cut, tail)))
                    continue
                live_below = live_from_x.get(inp.id, 0)
                need_live = live_below and len(live) < want_live
                need_cut = above[inp.id] > live_below and len(cut) < want_cut
                if not (need_live or need_cut):
                    continue
                pull = (node, i, grad) if need_live and grad is not None else None
                stack.append((inp, None, pull, False, (inp, i, None, tail)))
        if stopped:
            break
    live.sort(key=lambda p: -p.magnitude)
    return live, cut, stopped


def _materialize(tail, y_index) -> Path:
    nodes, operands, cuts = [], [], []
    while tail is not None:
        node, operand, cut, tail = tail
        nodes.append(node)
        if operand is not None:
            operands.append(operand)
        if cut is not None:
            cuts.append(cut)
    # nodes run x -> y; operand k enters nodes[k + 1]; cuts listed x side first
    return Path(nodes, operands, y_index, None, cuts)


def magnitude(value) -> float:
    if value is None:
        return -1.0
    array = np.asarray(value, dtype=np.float64)
    with np.errstate(all="ignore"):
        total = float(np.sqrt(np.sum(np.square(np.where(np.isnan(array), 0.0, array)))))
    return total if np.isfinite(total) else float("inf")


# ---------------------------------------------------------------- names


MAX_SHOWN_STEPS = 12


def path_text(path: Path, y_text: str, x_text: str) -> str:
    """'a (line 1) → [multiply] → c (line 3)': named nodes with their lines, unnamed ones as [op]."""
    parts = []
    last = len(path.nodes) - 1
    unnamed_before = False
    for k, node in enumerate(path.nodes):
        name = node.label or (y_text if k == last else x_text if k == 0 else None)
        text = f"{name} (line {node.line})" if name else f"[{node.op.name}]"
        if k and path.nodes[k].inputs.count(path.nodes[k - 1]) > 1:
            text += f"⟨operand {path.operands[k - 1] + 1}⟩"
        if k and node.op.name == ROUND_FLOAT32 and unnamed_before:
            # a snippet's float32 rounding and the op it rounds are one step: [add] → c, not
            # [add] → [round_float32] → c
            if name:
                parts[-1] = text
                unnamed_before = False
            continue
        parts.append(text)
        unnamed_before = not name
    if len(parts) > MAX_SHOWN_STEPS:
        hidden = len(parts) - 10
        parts = parts[:5] + [f"… {hidden:,} more …"] + parts[-5:]
    return " → ".join(parts)


BIG_COUNT_BITS = 3000     # path counts above 2**3000 are written in scientific form


def count_text(n: int) -> str:
    """An exact count with thousands separators, or '≈ 9.99e30102' when it is huge
    (Python refuses to print ints of more than 4,300 digits)."""
    if n.bit_length() <= BIG_COUNT_BITS:
        return f"{n:,}"
    return f"≈ {count_scientific(n)}"


def count_scientific(n: int) -> str:
    import math

    shift = n.bit_length() - 64
    log10 = math.log10(n >> shift) + shift * math.log10(2)
    exponent = int(math.floor(log10))
    return f"{10 ** (log10 - exponent):.3f}e{exponent}"


def count_json(n: int):
    """A path count for JSON: the exact integer, or a string like "9.990e30102" when huge."""
    return n if n.bit_length() <= BIG_COUNT_BITS else count_scientific(n)


def explain_program(source: str, dialect: str = "ag", sets=None, unconnected: str = "none", grads=(), wrt=(),
                    boxed: bool = False) -> tuple:
    """(the evaluation, its explanations) of a program of either dialect (a snippet's with
    the graph its run built)."""
    from autograd_cli.dialects import evaluate_program, with_graph

    result = evaluate_program(source, dialect, sets, unconnected, grads, wrt, graph=True, boxed=boxed)
    with_graph(result, "explain")
    return result, explain(result)
