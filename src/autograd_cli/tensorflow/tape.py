"""tf.GradientTape: records the eager ops run on watched tensors; `gradient` lowers
the records between sources and target into an engine graph, runs the engine's
autodiff and evaluates. The lowered graph and its schedule are kept per recorded
structure, so a training loop lowers it once."""
from __future__ import annotations

import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.core.graph import NoGradient
from autograd_cli.evaluate import needed
from autograd_cli.support.errors import AgError
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors
from autograd_cli.tensorflow.core import EagerTensor, Tensor, _identity, convert_to_tensor, ctx, user_line
from autograd_cli.tensorflow.engine_values import engine_array
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.gradients import GradientCall, LoweredRun, announce, unconnected_mode
from autograd_cli.tensorflow.graph_run import plan_schedule, run_plan
from autograd_cli.tensorflow.indexed_slices import IndexedSlices, gather_axis
from autograd_cli.tensorflow.lowering import Lowering, _flatten, _rebuild, position

_CACHE: dict = {}
_FLOAT32 = np.dtype(np.float32)


@tf_class("tensorflow.python.eager.backprop.GradientTape")
@tf_export("GradientTape", "autodiff.GradientTape")
class GradientTape:
    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed = watch_accessed_variables
        self._ops: list = []
        self._tracked: set = set()
        self._vars: dict = {}          # var uid -> Variable watched
        self._leaf_vars: dict = {}     # read tensor uid -> var uid
        self._recording = False
        self._used = False
        self._lines = True
        self._windows: list = []       # in a graph: [graph, first op index, end or None] while it recorded

    def __enter__(self):
        self._recording = True
        ctx.tapes.append(self)
        self._open_window()
        return self

    def __exit__(self, *exc):
        self._recording = False
        self._close_window()
        if self in ctx.tapes:
            ctx.tapes.remove(self)
        return False

    def _open_window(self):
        if not ctx.eager:        # (a TF1 graph or a tf.function's trace: its ops are the records)
            self._windows.append([ctx.graph, len(ctx.graph._ops), None])

    def _close_window(self):
        if self._windows and self._windows[-1][2] is None:
            self._windows[-1][2] = len(self._windows[-1][0]._ops)

    def _graph_boundary(self):
        """In a graph (TF1's, a tf.function's): the ops made while the tape recorded, and the tensors they read from
        other ops (the tape differentiates its own ops only, as TensorFlow's does: a gradient
        stops there)."""
        recorded = {op.uid: op for graph, start, end in self._windows for op in graph._ops[start:end]}
        boundary = {}
        for op in recorded.values():
            for i in op.inputs:
                # (a variable's value is its own source: the tape sees through the read to it)
                if (i.op is None or i.op.uid not in recorded) and i._var is None:
                    boundary[i.uid] = i
        return recorded, list(boundary.values())

    def _reads(self, t) -> bool:
        """Whether the tape sees this variable read (watched, or accessed and trainable)."""
        var = t._var
        if var.uid not in self._vars:
            if not (self._watch_accessed and var.trainable):
                return False
            self._vars[var.uid] = var
        self._tracked.add(t.uid)
        self._leaf_vars[t.uid] = var.uid
        return True

    def watch(self, tensor):
        from autograd_cli.tensorflow.variables import Variable

        for t in _flatten(tensor)[1]:
            if isinstance(t, Variable) and getattr(t, "watchable", True):
                self._vars[t.uid] = t
            elif isinstance(t, Tensor) and not isinstance(t, Variable):
                if not (t.dtype.is_floating):
                    _warn_int(t.dtype, "watched tensor")
                    continue
                self._tracked.add(t.uid)
            else:
                raise ValueError(f"Passed in object {t!r} of type '{type(t).__name__}', not tf.Tensor or "
                                 "tf.Variable or ExtensionType.")

    def watched_variables(self):
        return tuple(sorted(self._vars.values(), key=lambda v: v.uid))     # in order of creation, as TF

    def stop_recording(self):
        return _Paused(self)

    def reset(self):
        self._windows.clear()
        if self._recording:
            self._open_window()
        self._ops.clear()
        self._tracked.clear()
        self._vars.clear()
        self._leaf_vars.clear()

    def gradient(self, target, sources, output_gradients=None, unconnected_gradients="none"):
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one set of "
                               "gradients (or jacobians)")
        self._used = True
        mode = unconnected_mode(unconnected_gradients)
        if not ctx.eager:
            return self._graph_gradient(target, sources, output_gradients, mode)
        t_struct, targets = _flatten(target)
        s_struct, srcs = _flatten(sources)
        targets = [self._target_tensor(t, srcs) for t in targets]
        outs = _flatten(output_gradients)[1] if output_gradients is not None else None
        try:
            values, call, plan = self._compute(targets, srcs, outs, mode, user_line(), want_nodes=True)
        except MemoryError:     # (the engine's OutOfMemory: the box's MemoryError, not a kernel's error)
            raise
        except AgError as exc:
            raise kernel_errors.from_engine(exc.message) from None
        announce(call)
        outer = [t for t in ctx.tapes if t is not self and t._recording]
        if outer and plan.leaf_tensors:
            _record_gradient(plan, values, outs)
        return _rebuild(s_struct, self._sliced(values, srcs, targets, outs, mode))

    def _sliced(self, values, srcs, targets, outs, mode):
        """A variable or tensor read only by gathers has TensorFlow's IndexedSlices gradient."""
        if not any(op.type == "GatherV2" for op in self._ops):
            return values
        from autograd_cli.tensorflow.variables import Variable

        produced = {out.uid: op for op in self._ops for out in op.outputs}
        needed, stack = {}, [t.uid for t in targets]
        while stack:
            op = produced.get(stack.pop())
            if op is not None and id(op) not in needed:
                needed[id(op)] = op
                stack.extend(i.uid for i in op.inputs)
        found = list(values)
        for k, (s, v) in enumerate(zip(srcs, values)):
            if isinstance(s, (Variable, Tensor)) and v is not None:
                sliced = of_gathers(s, list(needed.values()), lambda tensors: self._compute(
                    targets, tensors, outs, mode, user_line())[0])
                found[k] = sliced if sliced is not None else v
        return found

    def _target_tensor(self, t, srcs):
        """A target as a tensor. A variable that is also a source is its own leaf there (its
        gradient is ones, read or not, as in TensorFlow); another is a read of it."""
        if isinstance(t, Tensor):
            return t
        tensor = convert_to_tensor(t)
        if tensor._var is t and (t.uid in self._vars or any(s is t for s in srcs)):
            self._vars[t.uid] = t
            self._leaf_vars[tensor.uid] = t.uid
        return tensor

    def _graph_gradient(self, target, sources, output_gradients, mode):
        """Inside a traced tf.function: tf.gradients of the graph, with respect to each
        variable's value in it and to the tensors the tape watched."""
        from autograd_cli.tensorflow.array_ops import zeros_like
        from autograd_cli.tensorflow.gradients import gradients
        from autograd_cli.tensorflow.tracing import tracing_function
        from autograd_cli.tensorflow.variables import Variable

        function = tracing_function()     # (None: a TF1 graph, where a tape differentiates its graph too)
        s_struct, srcs = _flatten(sources)
        if function is None:
            from autograd_cli.tensorflow.variables import RefVariable

            if any(isinstance(s, RefVariable) for s in srcs):    # (TensorFlow's tape watches resource variables only)
                raise AttributeError("'RefVariable' object has no attribute '_id'")
            if any(isinstance(s, Variable) and s._graph is None for s in srcs):
                raise NotImplementedError("GradientTape.gradient in a TF1 graph of a variable made outside the graph "
                                          "(a Keras layer's weights are made eagerly by autograd-cli's TensorFlow) is "
                                          "not supported: run the code in eager mode, without disable_v2_behavior")
        recorded, stops = self._graph_boundary() if self._windows else (None, None)
        xs, at, unwatched = [], [], []
        for k, s in enumerate(srcs):
            if isinstance(s, Variable):
                xs.append(s if function is None else function.read_variable(s))
                at.append(k)
            elif isinstance(s, Tensor) and s.dtype.is_floating:
                if recorded is not None and s.uid not in self._tracked and (s.op is None or s.op.uid not in recorded):
                    unwatched.append(k)     # (neither watched nor made on the tape: TensorFlow's None)
                    continue
                xs.append(s)
                at.append(k)
        targets = [convert_to_tensor(t) for t in _flatten(target)[1]]
        grad_ys = None if output_gradients is None else _flatten(output_gradients)[1]
        if recorded is not None:
            # a target made off the tape (not watched, not a source) sends no gradient: TensorFlow's None
            x_uids = {x.uid for x in xs if isinstance(x, Tensor)}
            kept = [k for k, y in enumerate(targets) if (y.op is not None and y.op.uid in recorded)
                    or y.uid in self._tracked or y.uid in x_uids or y._var is not None]
            targets = [targets[k] for k in kept]
            grad_ys = None if grad_ys is None else [grad_ys[k] for k in kept]
        if xs and not targets:
            found = [None] * len(xs)
            if mode == "zero":
                found = [zeros_like(srcs[k]) for k in at]
        else:
            found = gradients(targets, xs, grad_ys=grad_ys, unconnected_gradients=mode, stop_gradients=stops,
                              name="gradients" if function is not None else "gradient_tape") if xs else []
        if function is not None:
            _tape_names(ctx.graph, [g for g in found if isinstance(g, Tensor)])
        values = [None] * len(srcs)
        for k, g in zip(at, found):
            values[k] = g
        if unwatched and mode == "zero":      # (mode: already unconnected_mode's, gradient() made it)
            for k in unwatched:
                values[k] = zeros_like(srcs[k])
        return _rebuild(s_struct, values)

    def _compute(self, targets, srcs, output_gradients, mode, line, want_nodes=False):
        from autograd_cli.tensorflow.variables import Variable

        recorded = self._ops
        produced = {}
        for k, op in enumerate(recorded):
            for j, out in enumerate(op.outputs):
                produced[out.uid] = (k, j)
        # the recorded ops the targets need, in order
        need = set()
        stack = [t.uid for t in targets]
        while stack:
            at = produced.get(stack.pop())
            if at is None or at[0] in need:
                continue
            need.add(at[0])
            stack.extend([i.uid for i in recorded[at[0]].inputs])
        if len(need) == len(recorded):        # (the usual case: every record is needed)
            ops = list(recorded)     # (a copy: a persistent tape records on)
            at_in_ops = None
        else:
            order = sorted(need)
            ops = [recorded[k] for k in order]
            at_in_ops = {k: i for i, k in enumerate(order)}
        # structure key: recipes, wiring, leaf shapes
        leaf_index: dict = {}
        leaves: list = []
        leaf_vars = self._leaf_vars

        def ref(t):
            at = produced.get(t.uid)
            if at is not None and at[0] in need:
                return ("o", at if at_in_ops is None else (at_in_ops[at[0]], at[1]))
            var_uid = leaf_vars.get(t.uid)
            key = ("v", var_uid) if var_uid is not None else ("t", t.uid)
            k = leaf_index.get(key)
            if k is None:
                k = leaf_index[key] = len(leaves)
                leaves.append((key, t))
            return ("l", k)
        wiring = tuple([(op.recipe.key, op.type, tuple([ref(i) for i in op.inputs])) for op in ops])
        tgt_refs = tuple(ref(t) for t in targets)     # first: a target that is a source names its leaf
        src_refs = []
        for s in srcs:
            if isinstance(s, Variable):
                k = leaf_index.get(("v", s.uid))
                src_refs.append(None if k is None or s.uid not in self._vars else ("l", k))
            elif isinstance(s, Tensor):
                if s.uid not in self._tracked:
                    src_refs.append(None)
                else:
                    src_refs.append(ref(s))
            else:
                raise ValueError(f"sources must be tensors or variables, got {type(s).__name__}")
        leaf_sig = tuple((key[0], t.dtype.name, t._value.shape) for key, t in leaves)
        og_sig = None if output_gradients is None else tuple(np.shape(o) for o in output_gradients)
        # (a source the tape watched that no recorded op connects to the targets: its own reason)
        watched = tuple(s.uid in self._vars if isinstance(s, Variable) else s.uid in self._tracked for s in srcs)
        key = (wiring, tuple(src_refs), tgt_refs, leaf_sig, og_sig, mode, watched)
        plan = _CACHE.get(key)
        if plan is None:
            plan = _lower(ops, leaves, src_refs, tgt_refs, targets, srcs, output_gradients, mode, line, watched)
            if len(_CACHE) > 32:
                _CACHE.pop(next(iter(_CACHE)))
            if not plan.value_dependent:
                _CACHE[key] = plan
        plan.leaf_tensors = [t for _, t in leaves]
        plan.current = (ops, leaves, targets, srcs)      # this call's records (the plan may be an earlier call's)
        plan.key = key
        overrides = {}
        float32 = {}           # the float32 leaves: their values are their float32 forms
        for (key_, t), node in zip(leaves, plan.leaf_nodes):
            value = t._value
            value = overrides[node.id] = value if value.dtype != object else engine_array(value)
            if type(value) is np.ndarray and value.dtype is _FLOAT32:
                float32[node.id] = value
        if output_gradients is not None:
            for o, node in zip(output_gradients, plan.og_nodes):
                overrides[node.id] = np.asarray(o._value if isinstance(o, Tensor) else o, dtype=np.float64)
        kept = [node.id for node in plan.results if node is not None and not isinstance(node, NoGradient)]
        vals = run_plan(plan, overrides, kept, float32)
        results = []
        float32_of = getattr(vals, "float32_of", None)
        for s, node in zip(srcs, plan.results):
            if node is None or isinstance(node, NoGradient):
                results.append(None)
                continue
            kind = s.dtype
            value = float32_of(node.id) if float32_of is not None and kind.np is np.float32 else None
            if type(value) is not np.ndarray:        # (the run's float32 form, where it made one: a fresh array)
                value = np.asarray(vals[node.id]).astype(kind.np)
            results.append(EagerTensor(None, 0, kind, value.shape, value))
        call = GradientCall("tape", line, len(srcs), dict(plan.reasons), plan.g, plan.y_nodes, plan.x_nodes,
                            plan.results)
        call.values = [None if r is None else r._value for r in results]
        call.computed = True
        call.notes = list(plan.notes)
        call.tensors = results
        call.sources = srcs
        call.run = LoweredRun(plan.g, plan.y_nodes, plan.x_nodes, plan.results, [], plan.og_nodes or None, overrides,
                              lambda: _tensor_nodes(plan, ops, leaves, srcs),
                              lambda: {key[1]: node for (key, _), node in zip(leaves, plan.leaf_nodes) if key[0] == "v"},
                              srcs)
        if want_nodes:
            return results, call, plan
        return results, call

    def jacobian(self, target, sources, unconnected_gradients="none", parallel_iterations=None,
                 experimental_use_pfor=True):
        out, call = self._jacobian(target, sources, unconnected_gradients)
        if call is not None:
            announce(call)
        return out

    def _jacobian(self, target, sources, unconnected_gradients):
        """The jacobians (one gradient per element of the target, as TensorFlow's loop does)
        and the call the gradient table shows: the whole jacobian of each source."""
        s_struct, srcs = _flatten(sources)
        target = convert_to_tensor(target)
        n = int(np.prod(target._value.shape))
        rows = []
        persistent = self._persistent
        self._persistent = True
        for k in range(n):
            seed = np.zeros(n, dtype=target.dtype.np)
            seed[k] = 1
            vals, call = self._compute([target], srcs, [seed.reshape(target._value.shape)],
                                       unconnected_mode(unconnected_gradients), user_line())
            rows.append(vals)
        self._persistent = persistent
        self._used = True
        out = []
        for j, s in enumerate(srcs):
            if all(r[j] is None for r in rows):
                out.append(None)
                continue
            shape = tuple(target._value.shape) + tuple(np.shape(s._value if isinstance(s, Tensor) else s.numpy()))
            stacked = np.stack([r[j]._value if r[j] is not None else np.zeros(shape[len(target._value.shape):])
                                for r in rows]).reshape(shape)
            out.append(EagerTensor(None, 0, s.dtype, stacked.shape, stacked.astype(s.dtype.np)))
        return _rebuild(s_struct, out), (_jacobian_call(call, out, target.dtype is dtypes.float32) if rows else None)

    def batch_jacobian(self, target, source, unconnected_gradients="none", parallel_iterations=None,
                       experimental_use_pfor=True):
        """TensorFlow's: row j is the gradient of target[:, j] summed over the batch (so
        examples that depend on each other add up); an unconnected source gives zeros."""
        target = convert_to_tensor(target)
        t_shape = tuple(target._value.shape)
        s_value = source._value if isinstance(source, Tensor) else source.numpy()
        s_shape = tuple(np.shape(s_value))
        if not t_shape or not s_shape or t_shape[0] != s_shape[0]:
            raise ValueError(f"Need first dimension of target shape {target.shape} and source shape "
                             f"{source.shape} to match.")
        batch, n = t_shape[0], int(np.prod(t_shape[1:], dtype=np.int64))
        rows, call = [], None
        persistent, self._persistent = self._persistent, True
        try:
            for j in range(n):
                seed = np.zeros((batch, n), dtype=target.dtype.np)
                seed[:, j] = 1
                vals, call = self._compute([target], [source], [seed.reshape(t_shape)],
                                           unconnected_mode(unconnected_gradients), user_line())
                rows.append(vals[0])
        finally:
            self._persistent = persistent
        self._used = True
        kind = source.dtype
        if all(r is None for r in rows):
            value = np.zeros(t_shape + s_shape[1:], dtype=kind.np)
        else:
            stacked = np.stack([np.zeros(s_shape) if r is None else r._value for r in rows], axis=1)
            value = stacked.reshape(t_shape + s_shape[1:]).astype(kind.np)
        out = EagerTensor(None, 0, kind, value.shape, value)
        if call is not None:
            announce(_jacobian_call(call, [out], target.dtype is dtypes.float32, "batch_jacobian"))
        return out


def _jacobian_call(row_call, results, float32: bool, kind="jacobian") -> GradientCall:
    """The gradient table's call of a jacobian (or batch_jacobian): its values are the whole
    results (the row calls each hold one row); its engine record differentiates every element
    of the target."""
    call = GradientCall(kind, row_call.line, len(results), dict(row_call.reasons))
    call.values = [None if r is None else r._value for r in results]
    call.computed = True
    call.notes = list(row_call.notes)
    call.tensors = results
    call.sources = row_call.sources
    run = row_call.run
    call.run = LoweredRun(run.graph, run.y_nodes, run.x_nodes, _JacobianNodes(run, results, float32, kind), [], None,
                          run.overrides, run.tensor_nodes, run.variable_nodes, run.sources)
    return call


class _JacobianNodes:
    """The engine nodes of a jacobian's results (y.shape + x.shape each), made when explain,
    graph or verify first reads them: the values were computed row by row without them."""

    def __init__(self, run, results, float32, kind):
        self.run = run
        self.float32 = float32         # (rounded as the row computations were)
        self.kind = kind
        self.connected = [r is not None and k < len(run.x_nodes) and run.x_nodes[k] is not None
                          for k, r in enumerate(results)]
        self.nodes = None

    def __len__(self):
        return len(self.connected)

    def __getitem__(self, k):
        if not self.connected[k]:
            return None
        if self.nodes is None:
            g, y = self.run.graph, self.run.y_nodes[0]
            saved, g.float32 = g.float32, self.float32
            try:
                self.nodes = [(_batch_jacobian if self.kind == "batch_jacobian" else autodiff.jacobian)(g, y, x)
                              if on else None for x, on in zip(self.run.x_nodes, self.connected)]
            finally:
                g.float32 = saved
        return self.nodes[k]


def _batch_jacobian(g, y, x):
    """TensorFlow's batch_jacobian on the engine: the jacobian of y summed over the batch,
    the batch axis of x moved first."""
    summed = g.reduce_sum(y, axis=[0])
    full = autodiff.jacobian(g, summed, x)
    if isinstance(full, NoGradient):
        return full
    rows = len(summed.shape)
    return g.transpose(full, perm=[rows] + list(range(rows)) + list(range(rows + 1, len(full.shape))))


class _Paused:
    def __init__(self, tape):
        self.tape = tape

    def __enter__(self):
        if not self.tape._recording:       # outside the tape's `with`, or already stopped
            raise ValueError("Tape is not recording.")
        self.tape._recording = False
        self.tape._close_window()
        return None

    def __exit__(self, *exc):
        self.tape._recording = True
        self.tape._open_window()
        return False


def _tape_names(graph, grads):
    """A tape's gradients in a tf.function, named as TensorFlow names them: an aggregated
    gradient is an AddN of the function's root scope, any other the gradient function's op in
    `gradient_tape/<the forward op's name scope>/` (an operator's op has a scope of its own
    name, `mul`; a tf.sin in `layer` has `layer`)."""
    parsed = []
    for g in grads:
        scope, _, rest = g._name.partition("/")
        head, sep, found = rest.partition("_grad/")
        parsed.append((g, rest, head if sep else None, found))
    addns = sorted((g for g, rest, _, _ in parsed if rest.split(":")[0].split("_")[0] == "AddN"),
                   key=lambda g: int((g._name.split(":")[0].rpartition("AddN")[2] or "_0")[1:] or 0))
    renamed = {g.uid for g in addns}
    for g in addns:
        g._name = graph.unique_name("AddN") + ":0"
    for g, rest, op_name, found in parsed:
        if op_name is None or g.uid in renamed:
            continue
        try:
            op = graph.get_operation_by_name(op_name)
        except KeyError:
            continue
        forward = op_name if op.attrs.get("operator_scope") else op_name.rpartition("/")[0]
        g._name = f"gradient_tape/{forward}/{found}" if forward else f"gradient_tape/{found}"


class _Plan:
    __slots__ = ("g", "leaf_nodes", "og_nodes", "results", "order", "schedule", "reasons", "y_nodes", "x_nodes",
                 "notes", "leaf_tensors", "key", "ops", "src_refs", "tgt_refs", "mode", "targets", "srcs", "out_nodes",
                 "current", "value_dependent", "runs")


def _tensor_nodes(plan, ops, leaves, srcs) -> dict:
    """tensor uid -> engine node, for this call's recorded tensors, leaves and sources
    (the plan may have been lowered for an earlier call of the same structure)."""
    nodes = {}
    for k, op in enumerate(ops):
        for j, out in enumerate(op.outputs):
            node = plan.out_nodes.get((k, j))
            if node is not None:
                nodes[out.uid] = node
    for (_, t), node in zip(leaves, plan.leaf_nodes):
        nodes[t.uid] = node
    for s, node in zip(srcs, plan.x_nodes):
        if node is not None and isinstance(s, Tensor):
            nodes.setdefault(s.uid, node)
    return nodes


def _record_gradient(plan, values, output_gradients=None):
    """The gradient just computed, as one op on the outer tapes (higher-order gradients):
    its recipe lowers the inner records again and differentiates them. Its inputs are the
    leaves and the output gradients (the gradient is linear in them: ForwardAccumulator's
    JVPs differentiate it with respect to them)."""
    from autograd_cli.tensorflow.core import record_on_tapes
    from autograd_cli.tensorflow.lowering import Recipe

    outputs = [v for v in values if v is not None]
    if not outputs:
        return
    connected = [v is not None for v in values]
    ops, leaves, targets, srcs = plan.current
    src_refs, tgt_refs, mode = plan.src_refs, plan.tgt_refs, plan.mode
    upstream = [convert_to_tensor(o) for o in output_gradients] if output_gradients is not None else []
    count = len(plan.leaf_tensors)

    def lower(L, *nodes, **_):
        grad_ys = list(nodes[count:]) if upstream else None
        grads = _build(L, ops, leaves, list(nodes[:count]), src_refs, tgt_refs, targets, srcs, mode, grad_ys)
        return [g for g, c in zip(grads, connected) if c]
    record_on_tapes("TapeGradient", Recipe("fn", lower, {"plan": plan.key}), list(plan.leaf_tensors) + upstream,
                    outputs)


def _warn_int(kind, what):
    if ctx.on_warning is not None:
        ctx.on_warning(user_line(), f"The dtype of the {what} must be floating (e.g. tf.float32), got "
                                    f"{kind!r}")


def _build(L, ops, leaves, leaf_nodes, src_refs, tgt_refs, targets, srcs, mode, grad_ys=None, plan=None):
    """Lower the recorded ops on leaf nodes and differentiate: one Node / NoGradient / None per source."""
    g = L.g
    out_nodes: dict = {}

    def node_of(r):
        return leaf_nodes[r[1]] if r[0] == "l" else out_nodes[r[1]]
    # where each op and leaf is, found once (a scan per input made a long tape quadratic)
    op_at, leaf_at = {}, {}
    for k, op in enumerate(ops):
        op_at.setdefault(_identity(op), (op, k))
    for k, (key, _) in enumerate(leaves):
        leaf_at.setdefault(key, k)
    for k, op in enumerate(ops):
        g.pos = op.pos
        g.float32 = any(o.dtype is dtypes.float32 for o in op.outputs)
        refs = [_ref_in(i, op_at, k) for i in op.inputs]
        inputs = [node_of(r) if r is not None else leaf_nodes[_leaf_of(i, leaf_at)] for r, i in
                  zip(refs, op.inputs)]
        result = op.recipe.lower(L, inputs)
        results = result if isinstance(result, (list, tuple)) else [result]
        for j, node in enumerate(results):
            out_nodes[(k, j)] = node
    g.float32 = any(t.dtype is dtypes.float32 for t in targets)
    y_nodes = [node_of(r) for r in tgt_refs]
    xs, positions = [], []
    notes = []
    for k, r in enumerate(src_refs):
        s = srcs[k]
        if r is None:
            continue
        if not s.dtype.is_floating:
            notes.append(f"the gradient with respect to an integer tensor is None (TensorFlow computes none: "
                         f"its dtype is {s.dtype.name})")
            _warn_int(s.dtype, "target")
            continue
        xs.append(node_of(r))
        positions.append(k)
    results = [None] * len(src_refs)
    if xs:
        grads = autodiff.gradients(g, y_nodes, xs, grad_ys, (), mode)
        for k, grad in zip(positions, grads):
            results[k] = grad
    if plan is not None:
        plan.out_nodes = out_nodes
        plan.notes = notes
        plan.y_nodes = y_nodes
        plan.x_nodes = [None if r is None else node_of(r) for r in src_refs]
    g.float32 = False
    return results


def _ref_in(t, op_at, upto):
    """("o", (k, index)) for an output of the k-th op, k < upto (op_at: identity -> (op, k))."""
    at = t._op
    found = op_at.get(_identity(at)) if at is not None else None
    if found is not None and found[0] is at and found[1] < upto:
        return ("o", (found[1], t._index))
    return None


def _leaf_of(t, leaf_at):
    """The first leaf that is t's variable or t itself (leaf_at: key -> its first index)."""
    var = t._var
    found = [k for k in (leaf_at.get(("v", var.uid)) if var is not None else None, leaf_at.get(("t", t.uid)))
             if k is not None]
    if not found:
        raise KeyError("a tensor the tape did not see")
    return min(found)


def _lower(ops, leaves, src_refs, tgt_refs, targets, srcs, output_gradients, mode, line, watched=None):
    L = Lowering()
    L.values_known = True
    g = L.g
    plan = _Plan()
    plan.notes = []
    leaf_nodes = []
    g.pos = position(line)   # the leaves are seen where the gradient is taken
    for (key, t) in leaves:
        kind = "variable" if key[0] == "v" else "placeholder"
        node = g.apply(kind, value=engine_array(t._value))
        if t._var is not None:
            node.label = t._var._name
        leaf_nodes.append(node)
    og_nodes = []
    grad_ys = None
    if output_gradients is not None:
        grad_ys = []
        for o in output_gradients:
            leaf = g.apply("placeholder", value=np.asarray(o._value if isinstance(o, Tensor) else o, dtype=np.float64))
            og_nodes.append(leaf)
            grad_ys.append(leaf)
    results = _build(L, ops, leaves, leaf_nodes, src_refs, tgt_refs, targets, srcs, mode, grad_ys, plan)
    reasons = {}
    for k, r in enumerate(src_refs):
        grad = results[k]
        if isinstance(grad, NoGradient):
            reasons[k] = grad.reason
        elif grad is None:
            if mode == "zero":
                s = srcs[k]
                results[k] = g.zeros(np.shape(s._value))
            else:
                if r is not None:
                    reasons[k] = "its dtype is not floating"
                elif watched is not None and watched[k]:
                    reasons[k] = ("the tape watched it, but no op the tape recorded connects it to the target (a "
                                  "value taken out with .numpy() or computed outside TensorFlow is a new constant "
                                  "when it becomes a tensor again)")
                else:
                    reasons[k] = ("it was not watched by the tape (tape.watch(x), or a trainable tf.Variable read "
                                  "inside the tape)")
    plan.g = g
    plan.leaf_nodes = leaf_nodes
    plan.og_nodes = og_nodes
    plan.results = results
    plan.reasons = reasons
    plan.ops, plan.src_refs, plan.tgt_refs, plan.mode = ops, src_refs, tgt_refs, mode
    plan.targets, plan.srcs = targets, srcs
    plan.value_dependent = getattr(L, "used_values", False)     # (sized by this call's values: not reused)
    roots = [r for r in results if r is not None and not isinstance(r, NoGradient)]
    plan.order = needed(roots)
    plan.schedule, plan.runs = plan_schedule(plan.order), 0
    return plan


def _op_index(op, ops):
    for k, o in enumerate(ops):
        if o is op:
            return k
    raise KeyError


def _ref_of(t, ops, leaves):
    at = t._op
    if at is not None:
        for k, o in enumerate(ops):
            if o is at:
                return ("o", (k, t._index))
    var = t._var
    for k, (key, lt) in enumerate(leaves):
        if key[0] == "v" and var is not None and key[1] == var.uid:
            return ("l", k)
        if key[0] == "t" and key[1] == t.uid:
            return ("l", k)
    raise KeyError("a tensor the tape did not see")


def of_gathers(var, ops, values_of):
    """The IndexedSlices gradient of `var` (a variable, or a tensor a tape watched) when every
    op (of those the target needs) reading it is an axis-0 gather of its value (else None), as
    TensorFlow's GatherV2 gradient; values_of(tensors) gives the gradients of the gathers' outputs."""
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(var, Variable):
        def is_it(t):
            return t._var is var
    else:
        def is_it(t):
            return t.uid == var.uid
    reads = [op for op in ops if any(is_it(t) for t in op.inputs)]
    if not reads or any(op.type != "GatherV2" or not is_it(op.inputs[0]) or is_it(op.inputs[1])
                        or gather_axis(op) != (0, 0) for op in reads):
        return None
    grads = values_of([op.outputs[0] for op in reads])
    # a gather whose output the target does not depend on differentiably adds no slices
    reads, grads = [op for op, g in zip(reads, grads) if g is not None], [g for g in grads if g is not None]
    if not grads:
        return None
    rows = tuple(var._shape[1:])
    values = np.concatenate([g._value.reshape((-1,) + rows) for g in grads])
    indices = np.concatenate([op.inputs[1]._value.reshape(-1) for op in reads]).astype(np.int32)
    return IndexedSlices(EagerTensor(None, 0, grads[0].dtype, values.shape, values),
                         EagerTensor(None, 0, dtypes.int32, indices.shape, indices),
                         EagerTensor(None, 0, dtypes.int32, (len(var._shape),), np.array(var._shape, np.int32)))
