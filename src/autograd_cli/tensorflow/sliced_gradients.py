"""Where a graph's tf.gradients gives TensorFlow's IndexedSlices: an x (a variable, or a tensor)
whose value reaches the ys only through axis-0 gathers (GatherV2, a resource variable's
ResourceGather), possibly through Identity ops (a reference variable's read). Its gradient is
the gathered rows' gradients and their indices, one IndexedSlices per gather, named as
TensorFlow names them; several of them meeting at one tensor are concatenated (values
`concat`, indices `concat_1`, the first one's dense_shape), in the order TensorFlow's
backward pass reaches the gathers; any other (dense) gradient meeting them makes the sum
dense (AddN, as now)."""
from __future__ import annotations

import collections

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import constant_tensor, make_op
from autograd_cli.tensorflow.indexed_slices import IndexedSlices, gather_axis
from autograd_cli.tensorflow.lowering import Recipe

GATHERS = ("GatherV2", "ResourceGather")


class Chain:
    """The tensors an x reaches the ys through that may carry slices: x and the Identity
    outputs of it, with their consumers on the way to the ys."""

    def __init__(self, x):
        self.x = x
        self.tensors = []        # (tensor, [(consumer op, input index)]) in the order found
        self.gathers = []        # gather ops reading a chain tensor as params
        self.others = []         # any other consumer op (a dense gradient, unless it passes none)


def _float(t) -> bool:
    return t.dtype.is_floating or t.dtype.is_complex


def _between(ys, xs):
    """TensorFlow's ops between: reached from the xs' ops through float outputs' consumers,
    and needed by the ys; with each tensor's consumers among them."""
    consumers = collections.defaultdict(list)
    graph_ops = ys[0].op.graph._ops if ys and ys[0].op is not None else []
    for op in graph_ops:
        for k, t in enumerate(op.inputs):
            consumers[t.uid].append((op, k))
    reached, queue = set(), collections.deque(x.op for x in xs if x.op is not None)
    while queue:
        op = queue.popleft()
        if op.uid in reached:
            continue
        reached.add(op.uid)
        for out in op.outputs:
            if _float(out):
                queue.extend(c for c, _ in consumers.get(out.uid, ()))
    between, order, queue = set(), [], collections.deque(y.op for y in ys if y.op is not None)
    while queue:
        op = queue.popleft()
        if op.uid in reached and op.uid not in between:
            between.add(op.uid)
            order.append(op)
            queue.extend(t.op for t in op.inputs if t.op is not None)
    return between, order, consumers


def _pop_order(ys, between, order):
    """The order TensorFlow's backward pass takes the ops between in: a queue from the ys'
    ops, each op entering it once every consumer between has passed its gradients."""
    pending = collections.Counter()
    for op in order:
        for t in op.inputs:
            if t.op is not None and t.op.uid in between:
                pending[t.op.uid] += 1
    popped, queue, queued = {}, collections.deque(), set()
    for y in ys:
        op = y.op
        if op is not None and op.uid in between and pending[op.uid] == 0 and op.uid not in queued:
            queued.add(op.uid)
            queue.append(op)
    while queue:
        op = queue.popleft()
        popped[op.uid] = len(popped)
        for t in op.inputs:
            if t.op is not None and t.op.uid in between:
                pending[t.op.uid] -= 1
                if pending[t.op.uid] == 0:
                    queue.append(t.op)
    return popped


def _has_gathers(graph) -> bool:
    """Whether the graph has a gather op (its ops scanned once: each call looks at the new ones)."""
    checked, found = graph.__dict__.get("_gathers_seen", (0, False))
    if not found:
        ops = graph._ops
        found = any(op.type in GATHERS for op in ops[checked:])
        graph._gathers_seen = (len(ops), found)
    return found


def chains(ys, xs, stops):
    """Per x: a Chain with at least one gather, or None (its gradient is dense). Also what the
    backward pass needs to order them (None when no x is a candidate)."""
    if not (ys and ys[0].op is not None and _has_gathers(ys[0].op.graph)):
        return [None] * len(xs), None
    between, order, consumers = _between(ys, xs)
    y_uids = {y.uid for y in ys}
    stop_uids = {s.uid for s in stops}
    found = []
    for x in xs:
        if not _float(x) or x.uid in y_uids:
            found.append(None)
            continue
        chain, todo, ok = Chain(x), [x], True
        while todo and ok:
            t = todo.pop(0)
            uses = [(op, k) for op, k in consumers.get(t.uid, ()) if op.uid in between]
            chain.tensors.append((t, uses))
            for op, k in uses:
                if op.type in GATHERS and k == 0 and gather_axis(op) == (0, 0):
                    chain.gathers.append(op)
                elif op.type == "Identity" and op.outputs[0].uid not in y_uids and op.outputs[0].uid not in stop_uids:
                    todo.append(op.outputs[0])
                elif op.type == "Identity":
                    ok = False
                else:
                    chain.others.append(op)
        found.append(chain if ok and chain.gathers else None)
    if not any(found):
        return found, None
    return found, _pop_order(ys, between, order)


def _lower_rows(L, grad, index_rank):
    return L.apply("reshape", grad, shape=(-1,) + tuple(grad.shape[index_rank:]))


def _lower_flat(L, indices):
    return L.apply("reshape", indices, shape=(-1,))


def _gather_slices(graph, scope, op, grad):
    """TensorFlow's gradient of one gather: values (`Reshape`), indices (`Reshape_1`) and the
    params' shape (GatherV2: `Shape`; ResourceGather: the variable's shape, `Const`)."""
    from autograd_cli.tensorflow.array_ops import shape

    params, indices = op.inputs[0], op.inputs[1]
    with graph.name_scope(scope + "/"), graph.name_scope(op.name + "_grad"):
        if op.type == "ResourceGather":
            dense_shape = constant_tensor(np.array(params._shape, dtype=np.int32), dtypes.int32, "Const")
        else:
            dense_shape = shape(params, name="Shape")
            dense_shape.op.attrs["shape_of"] = params
        rank = len(indices._shape) if indices._shape is not None else 1
        values = make_op("Reshape", Recipe("fn", _lower_rows, {"index_rank": rank}), [grad], [grad.dtype],
                         "Reshape")[0]
        flat = make_op("Reshape", Recipe("fn", _lower_flat), [indices], [indices.dtype], "Reshape")[0]
    return IndexedSlices(values, flat, dense_shape)


def _aggregate(graph, scope, parts):
    """TensorFlow's sum of IndexedSlices gradients: values and indices concatenated (indices
    as int64 when some are int64), the first one's dense shape."""
    from autograd_cli.tensorflow.array_ops import concat
    from autograd_cli.tensorflow.math_ops import cast

    with graph.name_scope(scope + "/"):
        if any(p.indices.dtype is dtypes.int64 for p in parts) and any(p.indices.dtype is dtypes.int32 for p in parts):
            parts = [p if p.indices.dtype is dtypes.int64 else
                     IndexedSlices(p.values, cast(p.indices, dtypes.int64), p.dense_shape) for p in parts]
        values = concat([p.values for p in parts], 0, name="concat")
        indices = concat([p.indices for p in parts], 0, name="concat")
    return IndexedSlices(values, indices, parts[0].dense_shape)


def build(graph, scope, sliced, popped, grads):
    """The IndexedSlices of each sliced chain (x index -> Chain) from the gathers' output
    gradients (gather op uid -> tensor, only the connected ones), made in the backward pass'
    order so that the concat ops are numbered as TensorFlow's."""
    made = {}          # gather op uid -> IndexedSlices
    for chain in sliced.values():
        for op in sorted(chain.gathers, key=lambda o: popped.get(o.uid, 0)):
            if op.uid in grads and op.uid not in made:
                made[op.uid] = _gather_slices(graph, scope, op, grads[op.uid])
    at = {}            # chain tensor uid -> its IndexedSlices or None
    steps = sorted(((popped.get(t.op.uid, -1) if t.op is not None else -1, t, uses)
                    for chain in sliced.values() for t, uses in chain.tensors), key=lambda s: s[0])
    for _, t, uses in steps:
        parts = []
        for op, _ in sorted(uses, key=lambda u: popped.get(u[0].uid, 0)):
            part = made.get(op.uid) if op.type in GATHERS else at.get(op.outputs[0].uid)
            if part is not None:
                parts.append(part)
        at[t.uid] = None if not parts else parts[0] if len(parts) == 1 else _aggregate(graph, scope, parts)
    return {k: at.get(chain.x.uid) for k, chain in sliced.items()}
