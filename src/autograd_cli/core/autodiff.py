"""Reverse mode with tf.gradients semantics, building gradient graph nodes.

A gradient is made of ordinary graph nodes (from the op table's rules), so it can
be evaluated, printed, and differentiated again (hessians, jacobians).
"""
from __future__ import annotations

import numpy as np

from autograd_cli.core.graph import Graph, Node, NoGradient
from autograd_cli.support.limits import limit, over
from autograd_cli.core.paths import unconnected_reason



def gradients(g: Graph, ys, xs, grad_ys=None, stop=(), unconnected="none", x_texts=None,
              edge_flows=None):
    """One entry per x: a Node, or NoGradient (or zeros with unconnected='zero').

    `edge_flows`, a dict, receives the gradient sent along each forward edge:
    (consumer id, input index) -> Node (explain and graph show them)."""
    stop_ids = {s.id for s in stop}
    x_ids = {x.id for x in xs}
    between = _between(ys, x_ids, stop_ids)

    # node id -> the gradients it receives: one Node, or a list when there are several
    # (most nodes get one; a list for each of a million nodes is 90 MB of heap churn)
    pending: dict[int, Node | list[Node]] = {}

    def receive(nid, flow):
        found = pending.get(nid)
        if found is None:
            pending[nid] = flow
        elif type(found) is list:
            found.append(flow)
        else:
            pending[nid] = [found, flow]

    for k, y in enumerate(ys):
        if y.id in between:
            receive(y.id, seed(g, y, grad_ys[k] if grad_ys is not None else None))

    totals: dict[int, Node] = {}   # the xs' total gradients
    for nid in sorted(between, reverse=True):
        parts = pending.pop(nid, None)
        if parts is None:
            continue
        node = g.add_n(*parts) if type(parts) is list else parts
        if nid in x_ids:
            totals[nid] = node
        if nid in stop_ids:
            continue
        forward = between[nid]
        for i, inp in enumerate(forward.inputs):
            if inp.id not in between:
                continue
            flow = pull(g, forward, i, node)
            if flow is None:
                continue
            if edge_flows is not None:
                edge_flows[(nid, i)] = flow
            receive(inp.id, flow)

    results = []
    for k, x in enumerate(xs):
        if x.id in totals:
            results.append(totals[x.id])
        elif unconnected == "zero":
            results.append(g.zeros(x.shape))
        else:
            text = x_texts[k] if x_texts else x.describe()
            results.append(NoGradient(text, lambda x=x: unconnected_reason(x, ys, stop_ids), g.pos))
    return results


def seed(g: Graph, y: Node, grad_y=None) -> Node:
    """The initial upstream gradient of y: grad_ys' entry broadcast to y's shape, or ones."""
    if grad_y is None:
        return g.const(np.ones(y.shape))
    return grad_y if grad_y.shape == y.shape else g.broadcast_to(grad_y, shape=y.shape)


def pull(g: Graph, node: Node, i: int, dy: Node):
    """The gradient sent from `node` (upstream gradient dy) back to its input i, in
    that input's shape; None where the op has no gradient for it. The one step of
    reverse mode (autodiff and explain's per-path products both use it)."""
    rule = node.op.input_vjp(i)
    if rule is None:
        return None
    contribution = rule(g, node, dy)
    if contribution is None:
        return None
    return unbroadcast(g, contribution, node.inputs[i].shape)


def unbroadcast(g: Graph, grad: Node, shape) -> Node:
    """Sum a gradient of a broadcast shape back to the operand's shape."""
    if grad.shape == tuple(shape):
        return grad
    extra = len(grad.shape) - len(shape)
    axes = list(range(extra)) + [extra + i for i, d in enumerate(shape)
                                 if d == 1 and grad.shape[extra + i] != 1]
    summed = g.reduce_sum(grad, axis=axes) if axes else grad
    return summed if summed.shape == tuple(shape) else g.reshape(summed, shape=tuple(shape))


def _between(ys, x_ids, stop_ids) -> dict[int, Node]:
    """Nodes on some gradient-carrying path from an x to a y (TensorFlow's between ops)."""
    upstream: dict[int, Node] = {}
    stack = list(ys)
    # a node made before every x cannot be computed from one (a node's inputs are older than it):
    # the walk stops there, so a gradient in a long chain of steps looks at its own step only
    floor = min(x_ids) if x_ids else 0
    while stack:  # everything the ys are computed from through differentiable edges
        node = stack.pop()
        if node.id in upstream:
            continue
        upstream[node.id] = node
        if node.id in stop_ids:     # (no gradient flows past a stop, an x's either: nothing beyond is between)
            continue
        carries = node.op.carries
        for i, inp in enumerate(node.inputs):
            if inp.id >= floor and inp.id not in upstream and carries(i):
                stack.append(inp)
    reached: dict[int, Node] = {}
    for nid in sorted(upstream):  # ... and computed from an x
        node = upstream[nid]
        if nid in x_ids:
            reached[nid] = node
        elif nid not in stop_ids:
            carries = node.op.carries
            for i, inp in enumerate(node.inputs):
                if inp.id in reached and carries(i):
                    reached[nid] = node
                    break
    return reached


def _element_rows(g: Graph, y: Node, x: Node, what: str):
    size = int(np.prod(y.shape, dtype=np.int64))
    if size > limit("MAX_JACOBIAN_ROWS"):
        raise over("MAX_JACOBIAN_ROWS", f"{what} needs one gradient pass per element", size, "passes", g.pos)
    flat = g.reshape(y, shape=(size,))
    return [gradients(g, [g.getitem(flat, index=(k,))], [x], unconnected="zero")[0]
            for k in range(size)]


def hessians(g: Graph, ys, xs, x_texts=None):
    """tf.hessians: x.shape + x.shape per x; unconnected second derivatives are zeros."""
    out = []
    for k, x in enumerate(xs):
        first = gradients(g, ys, [x], x_texts=[x_texts[k]] if x_texts else None)[0]
        if isinstance(first, NoGradient):
            out.append(first)
            continue
        rows = _element_rows(g, first, x, "hessians")
        out.append(g.reshape(g.stack(*rows, axis=0), shape=x.shape + x.shape))
    return out


def jacobian(g: Graph, y: Node, x: Node, x_text=None):
    """GradientTape.jacobian: y.shape + x.shape, None when x does not reach y at all."""
    first = gradients(g, [y], [x], x_texts=[x_text] if x_text else None)[0]
    if isinstance(first, NoGradient):
        return first
    rows = _element_rows(g, y, x, "jacobian")
    return g.reshape(g.stack(*rows, axis=0), shape=y.shape + x.shape)
