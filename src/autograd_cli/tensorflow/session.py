"""tf.Session and placeholders: graph mode's evaluation.

`sess.run(fetches, feed_dict)` lowers exactly the op records the fetches need into an
engine graph with the shapes that were fed (a placeholder's `None` sizes take any size
at each run), evaluates it, then applies the assigns among them. The lowered graph and
its compiled schedule are kept per fetch set, feed shapes and graph version, so a
training loop builds it once.
"""
from __future__ import annotations

from operator import is_

import numpy as np

from autograd_cli.evaluate import needed
from autograd_cli.tensorflow import devices
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.array_ops import identity
from autograd_cli.tensorflow.core import HOOKS, Operation, Tensor, _add_op, _identity, ctx, user_pos
from autograd_cli.tensorflow.graph_run import lower_ops, ops_needed, plan_schedule, run_plan
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import FailedPreconditionError, InvalidArgumentError, hinted
from autograd_cli.tensorflow.gradients import LoweredRun
from autograd_cli.tensorflow.indexed_slices import IndexedSlices, IndexedSlicesValue
from autograd_cli.tensorflow.lowering import Lowering, Recipe
from autograd_cli.tensorflow.printing import _SCALARS, scalar_of
from autograd_cli.tensorflow.shape import TensorShape
from autograd_cli.tensorflow.engine_values import POOL, engine_array


def _lower_placeholder(L, tensor_uid, name, dtype_name, shape):
    return L.placeholder_leaf(tensor_uid, name, dtype_name, shape)


@tf_export("compat.v1.placeholder", "placeholder", builtin="placeholder")
def placeholder(dtype, shape=None, name=None):
    if ctx.eager:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    kind = as_dtype(dtype)
    try:
        dims = None if shape is None else TensorShape(shape).dims
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"Error converting shape to a TensorShape: {exc}.") from None
    graph = ctx.graph
    op = Operation("Placeholder", graph.unique_name(name or "Placeholder"), [], None, graph, user_pos())
    out = _add_op(graph, op, [(kind, None if dims is None else tuple(dims))])[0]
    op.recipe = Recipe("fn", _lower_placeholder, {"tensor_uid": out.uid, "name": op.name, "dtype_name": kind.kernel_name,
                                                  "shape": dims})
    return out


@tf_export("compat.v1.placeholder_with_default", "placeholder_with_default")
def placeholder_with_default(input, shape, name=None):   # noqa: A002
    return identity(input, name=name or "PlaceholderWithDefault")


class GraphLowering(Lowering):
    """Lowering of graph ops for one Session: variables, placeholders and assigns."""

    def __init__(self, session, feeds):
        super().__init__()
        self.session = session
        self.feeds = feeds               # tensor uid -> fed array
        self.var_leaves: dict = {}       # var uid -> leaf node
        self.fed_leaves: dict = {}       # tensor uid -> leaf node
        self.assigns: list = []          # (var uid, node, kind)
        self.random_leaves: dict = {}    # random op uid -> (leaf node, its Sampler, the shape drawn)
        self.tensor_nodes: dict = {}     # tensor uid -> node (or None)
        self.effects: list = []          # (nodes, fn): fn(session, their values) after each run
        self.loop_checks: list = []      # (node, value): a while loop's condition as this plan unrolled it

    def effect(self, nodes, fn):
        """An op whose run does something in the session besides values (an iterator's
        initializer): `fn(session, values of nodes)` after each run that runs it."""
        self.effects.append((list(nodes), fn))

    def variable_leaf(self, var_uid):
        node = self.var_leaves.get(var_uid)
        if node is None:
            var = self.session._var_by_uid(var_uid)
            value = self.session._values.get(var_uid)
            if value is None:
                value = np.zeros(var._shape or ())
            node = self.g.apply("variable", value=np.asarray(value, dtype=np.float64))
            node.label = var._name
            self.var_leaves[var_uid] = node
        return node

    def random_leaf(self, op_uid, sampler, shape):
        """A random op's values: a leaf the session draws for at each run, in this shape."""
        found = self.random_leaves.get(op_uid)
        if found is None:
            node = self.g.apply("placeholder", value=np.zeros(shape))
            found = self.random_leaves[op_uid] = (node, sampler, shape)
        return found[0]

    def placeholder_leaf(self, tensor_uid, name, dtype_name, shape):
        shown = "[" + ",".join("?" if d is None else str(d) for d in shape) + "]" if shape is not None else "<unknown>"
        raise InvalidArgumentError(None, None, f"You must feed a value for placeholder tensor '{name}' with dtype "
                                   f"{dtype_name}" + (f" and shape {shown}" if shape is not None else "")
                                   + f"\n\t [[{{{{node {name}}}}}]]")

    def assign(self, var_uid, value, kind):
        leaf = self.variable_leaf(var_uid)
        if kind != "assign":
            value = self.apply("add" if kind == "assign_add" else "subtract", leaf, value)
        self.assigns.append((var_uid, value, kind))
        return value


class Replan(Exception):
    """A per-run leaf's next value does not have the shape its plan was made for (an
    iterator's short last batch, data of another size fed to its initializer)."""


class _Plan:
    """One fetch set lowered for one set of feed shapes."""

    __slots__ = ("lowering", "fetch_nodes", "schedule", "runs", "var_uids", "order")


class _SlicesFetch:
    """Where an IndexedSlices' values, indices and dense_shape (or None) are among the flat fetches
    (or a SparseTensor's parts: `make` builds the value returned)."""

    __slots__ = ("places", "make")

    def __init__(self, places, make=IndexedSlicesValue):
        self.places = places
        self.make = make


def _flatten_fetches(fetches):
    flat = []

    def walk(item):
        if isinstance(item, (list, tuple)):
            return [walk(i) for i in item] if isinstance(item, list) else _same_tuple(item, [walk(i) for i in item])
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, IndexedSlices):     # fetched as its tensors, returned as an IndexedSlicesValue
            return _SlicesFetch(tuple(None if t is None else walk(t)
                                      for t in (item.values, item.indices, item.dense_shape)))
        if hasattr(item, "_fetch_parts"):       # a SparseTensor: its tensors, returned as a SparseTensorValue
            parts, make = item._fetch_parts()
            return _SlicesFetch(tuple(walk(t) for t in parts), make)
        flat.append(item)
        return len(flat) - 1
    structure = walk(fetches)
    return structure, flat


def _same_tuple(like, items):
    """A tuple of the items, of like's namedtuple type where it is one (TensorFlow keeps a fetched
    namedtuple's type: Qr, LogMatrixDeterminant, TopKV2)."""
    return type(like)(*items) if hasattr(like, "_fields") else tuple(items)


def _rebuild(structure, values):
    if isinstance(structure, list):
        return [_rebuild(s, values) for s in structure]
    if isinstance(structure, tuple):
        return _same_tuple(structure, [_rebuild(s, values) for s in structure])
    if isinstance(structure, dict):
        return {k: _rebuild(v, values) for k, v in structure.items()}
    if isinstance(structure, _SlicesFetch):
        return structure.make(*(None if k is None else values[k] for k in structure.places))
    return values[structure]


def _composite(fetch) -> bool:
    """A fetch that is not one tensor or op: a list, tuple or dict of fetches, an IndexedSlices."""
    return isinstance(fetch, (list, tuple, dict, IndexedSlices)) or hasattr(fetch, "_fetch_parts")


def _fixes_plan(tensor) -> bool:
    """A fed tensor whose value sizes the engine graph (a sparse_placeholder's dense shape):
    a plan is made per value fed, in which it is a constant."""
    return tensor.op is not None and "fixes_plan" in tensor.op.attrs


def _expand_feeds(feed_dict):
    """A SparseTensor key (a sparse_placeholder) is fed as its three tensors."""
    if not feed_dict or not any(hasattr(key, "_feed_parts") for key in feed_dict):
        return feed_dict
    out = {}
    for key, value in feed_dict.items():
        if hasattr(key, "_feed_parts"):
            out.update(key._feed_parts(value))
        else:
            out[key] = value
    return out


MAX_CACHED_CALLS = 64      # distinct `run` calls (fetches, feed keys, feed shapes) a session keeps


def _call_key(fetches, feed_dict, version):
    """A cheap key of a `run` call: the fetched objects (lists and tuples of them, nested as
    they are: `[train, grads, loss]`), the feed keys and the feeds' shapes; None for a dict of
    fetches (such a call is resolved anew each time)."""
    fetched = _fetch_key(fetches)
    if fetched is None:
        return None
    if not feed_dict:
        return fetched, version
    if any(isinstance(key, Tensor) and _fixes_plan(key) for key in feed_dict):     # (resolved anew: see _runner)
        return None
    shapes = tuple(value.shape if type(value) is np.ndarray else np.shape(value) for value in feed_dict.values())
    return fetched, tuple(map(_identity, feed_dict)), shapes, version


def _fetch_key(fetches):
    if isinstance(fetches, (list, tuple)):
        parts = [type(fetches)]
        for item in fetches:
            part = _fetch_key(item) if isinstance(item, (list, tuple, dict)) else _identity(item)
            if part is None:
                return None
            parts.append(part)
        return tuple(parts)
    return None if isinstance(fetches, dict) else _identity(fetches)


_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)


def _feed_array(key, value):
    """A fed value as the engine takes it (float64 for numbers), checked against the
    placeholder's dtype and shape as TensorFlow checks it."""
    kind = key.dtype
    if type(value) is np.ndarray and value.dtype == kind.np and value.dtype.kind == "f":     # the usual case
        dims = key._shape
        if dims is None or (len(dims) == value.ndim and all(d is None or d == s for d, s in zip(dims, value.shape))):
            return value.astype(np.float64)
    if isinstance(value, Tensor):
        if value._value is None:
            raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed values "
                            "include Python scalars, strings, lists, numpy ndarrays, or TensorHandles.")
        value = value._value
    if hasattr(value, "_as_tensor"):
        value = value.numpy()
    array = np.asarray(value) if kind is not dtypes.string else _fed_strings(value)
    if kind.is_integer and array.dtype.kind == "f" and not np.all(array == np.trunc(array)):
        raise ValueError(f"invalid literal for int() with base 10: {array.ravel()[0]!r}")
    if kind is not dtypes.string and array.dtype != kind.np:
        array = array.astype(kind.np)
    dims = key._shape
    if dims is not None:
        if len(dims) != array.ndim or any(d is not None and d != s for d, s in zip(dims, array.shape)):
            shown = "(" + ", ".join("?" if d is None else str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
            raise ValueError(f"Cannot feed value of shape {array.shape} for Tensor {key.name}, which has "
                             f"shape {shown}")
    if kind is dtypes.string:
        return POOL.positions(array)     # (the engine's form of strings: string_pool.py)
    return array.astype(np.float64) if array.dtype.kind in "biuf" else array


def _fed_strings(value):
    array = np.asarray(value, dtype=object)
    if not all(isinstance(item, (str, bytes)) for item in array.flat):
        raise TypeError(f"Type of feed value {value!r} with type {type(value)} is not compatible with Tensor type "
                        "<class 'object'>. Try explicitly setting the type of the feed tensor to a larger type "
                        "(e.g. int64).")
    return array


def _usual_feed(tensor, shape):
    """The (NumPy dtype, shape) of a fed array that needs no conversion but to float64: a float
    placeholder's own dtype, in the shape the call was resolved (and checked) with."""
    kind = tensor.dtype
    if kind is dtypes.string or not kind.is_floating:
        return None, None
    return np.dtype(kind.np), shape


class _Runner:
    """One `run` call resolved: its plan, the node ids of the leaves it sets at each run
    (variables, feeds, random ops), what each fetch returns, and the assigns to apply, so
    that a training loop's `sess.run(...)` does only the run itself."""

    __slots__ = ("plan", "fetches", "fetch_type", "feed_keys", "feeds", "version", "structure",
                 "var_leaves", "random_leaves", "assigns", "single", "flat_list", "lowered_gradients", "lowered_runs", "nested",
                 "effects", "kept", "fed", "outputs", "fetch_ids", "loop_checks", "fed_strings")

    def __init__(self, session, plan, fetches, structure, flat, roots, feed_keys, feed_shapes):
        L = plan.lowering
        self.plan = plan
        self.fetches = list(flat) if isinstance(fetches, (list, tuple)) else fetches   # (flat: same_call)
        self.nested = isinstance(fetches, IndexedSlices) or hasattr(fetches, "_fetch_parts") or isinstance(
            fetches, (list, tuple)) and any(
            map(_composite, fetches))
        self.feed_keys = feed_keys
        self.version = session.graph.version
        self.fetch_type = type(fetches)
        self.structure = structure
        self.single = not _composite(fetches)
        self.flat_list = type(fetches) is list and not self.nested
        self.var_leaves = [(node.id, uid) for uid, node in L.var_leaves.items()]
        fed = {tensor.uid for _, tensor in feed_keys}
        leaf_of = {uid: node.id for uid, node in L.fed_leaves.items() if uid in fed}
        # (key as given, the tensor it feeds, (dtype, shape) of a float array that needs no check,
        # the leaf it sets or None: a feed the fetches do not read is still checked)
        self.feeds = [(given, tensor, _usual_feed(tensor, feed_shapes[tensor.uid]), leaf_of.get(tensor.uid))
                      for given, tensor in feed_keys]
        # (key as given, the leaf it sets, whether it is float32) of the feeds a repeated call
        # sets, its arrays already checked (repeated_by)
        self.fed = tuple((given, node_id, usual[0] is _FLOAT32) for given, _, usual, node_id in self.feeds
                         if node_id is not None)
        # (node id, op uid, sampler, the shape of this plan's feeds where it is not the sampler's own)
        self.random_leaves = [(node.id, uid, sampler, None if tuple(shape) == tuple(sampler.shape) else shape)
                              for uid, (node, sampler, shape) in L.random_leaves.items()]
        # (a leaf that may ask for a Replan is drawn before any random op moves its stream)
        self.random_leaves.sort(key=lambda leaf: not hasattr(leaf[2], "replans"))
        self.effects = [([node.id for node in nodes], fn) for nodes, fn in L.effects]
        self.assigns = [(uid, node.id, session._var_by_uid(uid)._shape) for uid, node, _ in L.assigns]
        self.loop_checks = tuple((node.id, truth) for node, truth in L.loop_checks)
        # the nodes a run reads: the fetched and the assigned values, the effects' inputs, the loops' conditions
        self.kept = tuple([node.id for node in plan.fetch_nodes if node is not None] + [a[1] for a in self.assigns]
                          + [node_id for node_ids, _ in self.effects for node_id in node_ids]
                          + [node_id for node_id, _ in self.loop_checks])
        fetched_ops = {target.op for kind, target in roots if kind == "tensor"}
        # (op, its lowered parts, whether this call fetches it)
        self.lowered_gradients = [(op, lowered, op in fetched_ops)
                                  for op, lowered in L.__dict__.get("lowered_gradients", ())]
        self.lowered_runs = [None] * len(self.lowered_gradients)    # the LoweredRun each last made
        fetched = []
        for (kind, target), node in zip(roots, plan.fetch_nodes):
            call = target.op.attrs.get("call") if kind == "tensor" else None
            places = () if call is None else tuple(k for k, t in enumerate(call.tensors) if t is target)
            call = call if places else None
            fetched.append((kind, target, None if node is None else node.id,
                            None if kind == "op" else target.dtype, call, places))
        # per fetch: (whether it is an op, the variable read after the assigns or None, its
        # dtype, a float fetch's NumPy type and scalar type, its gradient call and places)
        self.fetch_ids = tuple(node_id for _, _, node_id, _, _, _ in fetched)
        # (place, feed key) of each fetched string tensor that is fed: TensorFlow hands the fed
        # value back as NumPy makes it an object array (str stays str, a scalar a 0-d array)
        fed_key = {tensor.uid: given for given, tensor in feed_keys}
        self.fed_strings = tuple((k, fed_key[target.uid]) for k, (kind, target) in enumerate(roots)
                                 if kind == "tensor" and target.dtype is dtypes.string and target.uid in fed_key)
        self.outputs = tuple((kind == "op", target.uid if kind == "var" else None, dt,
                              *_float_result_types(dt), call, places)
                             for kind, target, _, dt, call, places in fetched)

    def same_call(self, fetches, feed_dict) -> bool:
        """The cached call's objects are these (an id may be reused once an object is gone)."""
        if isinstance(fetches, (list, tuple)):
            flat = _flatten_fetches(fetches)[1] if self.nested else fetches
            if len(flat) != len(self.fetches) or any(a is not b for a, b in zip(flat, self.fetches)):
                return False
        elif fetches is not self.fetches:
            return False
        keys = self.feed_keys
        return len(keys) == len(feed_dict or ()) and all(given in feed_dict for given, _ in keys)

    def repeated_by(self, fetches, feed_dict, version) -> bool:
        """This call again, at a glance: the same fetched objects (a flat list or tuple, or one),
        the same feed keys in the same order, each fed a float array of the dtype and shape
        the call was resolved with, the graph unchanged. (False sends the call to the lookup.)"""
        if version != self.version or self.nested or self.fetch_type is dict:   # (a dict: looked up each time)
            return False
        if self.single:
            if fetches is not self.fetches:
                return False
        elif type(fetches) is not self.fetch_type or len(fetches) != len(self.fetches) or \
                not all(map(is_, fetches, self.fetches)):
            return False
        feeds = self.feeds
        if not feed_dict:
            return not feeds
        if len(feed_dict) != len(feeds):
            return False
        for (given, _, (dtype, shape), _), (key, value) in zip(feeds, feed_dict.items()):
            if key is not given or type(value) is not np.ndarray or value.dtype is not dtype or value.shape != shape:
                return False
        return True

    def run(self, session, feed_dict, checked=False):
        """`checked`: repeated_by found every feed a float array of its resolved dtype and shape."""
        overrides = {}
        float32 = {}         # leaf node id -> its value's float32 form (a float32 feed, a variable's last update)
        if checked:
            for given, node_id, is_float32 in self.fed:
                value = feed_dict[given]
                if is_float32:
                    float32[node_id] = value
                overrides[node_id] = value.astype(_FLOAT64)
        else:
            for given, tensor, (usual_dtype, usual_shape), node_id in self.feeds:
                value = feed_dict[given]
                if type(value) is np.ndarray and value.dtype is usual_dtype and value.shape == usual_shape:
                    if usual_dtype is _FLOAT32 and node_id is not None:
                        float32[node_id] = value
                    value = value.astype(_FLOAT64)     # checked when the call was resolved
                else:
                    value = _feed_array(tensor, value)
                if node_id is not None:
                    overrides[node_id] = value
        values = session._values
        values32 = session._values32
        plan = self.plan
        for node_id, uid in self.var_leaves:
            value = values.get(uid)
            if value is None:
                if session._uninitialized(plan, uid):
                    raise session._uninitialized_error(uid)
                value = np.zeros(session._var_by_uid(uid)._shape)
            overrides[node_id] = value
            pair = values32.get(uid)
            if pair is not None and pair[0] is value:
                float32[node_id] = pair[1]
        if self.random_leaves:
            kernels = session._random_kernels
            for node_id, uid, sampler, shape in self.random_leaves:
                kernel = kernels.get(uid)
                if kernel is None:
                    kernel = kernels[uid] = sampler.new_kernel()
                drawn = sampler.draw(kernel) if shape is None else sampler.draw(kernel, shape)
                overrides[node_id] = drawn.astype(np.float64)
        computed = run_plan(plan, overrides, self.kept, float32)
        for node_id, truth in self.loop_checks:
            if bool(np.asarray(computed[node_id]).any()) is not truth:     # (a loop unrolled for other values)
                session._plans = {key: kept for key, kept in session._plans.items() if kept is not plan}
                raise Replan()
        if self.lowered_gradients:      # where each gradient call was last computed (the graph handed back)
            L = plan.lowering
            made = self.lowered_runs
            for k, (op, lowered, fetched) in enumerate(self.lowered_gradients):
                call = op.attrs["call"]
                if fetched or not call.computed:    # the run its table shows: where it was last fetched
                    if call.run is not None and call.run is made[k]:
                        call.run.overrides = overrides       # (this call's last run: only its leaf values change)
                    else:
                        call.run = made[k] = LoweredRun(L.g, *lowered, overrides, lambda: L.tensor_nodes,
                                                        lambda: L.var_leaves)
        results = [None if node_id is None else computed[node_id] for node_id in self.fetch_ids]
        # the assigns among what ran, computed from the values read during the run
        float32_of = getattr(computed, "float32_of", None)
        for uid, node_id, shape in self.assigns:
            value = computed[node_id]
            if type(value) is not np.ndarray or value.dtype is not _FLOAT64:
                value = np.asarray(value, dtype=np.float64)
            value = values[uid] = value if shape is None or value.shape == shape else value.reshape(shape)
            narrow = float32_of(node_id) if float32_of is not None else None
            if narrow is not None and narrow.shape == value.shape:
                values32[uid] = (value, narrow)      # (the next run's float32 form of the variable)
            else:
                values32.pop(uid, None)
        for node_ids, fn in self.effects:
            fn(session, [computed[node_id] for node_id in node_ids])
        out = []
        for (is_op, var_uid, dt, cast, scalar, call, places), value in zip(self.outputs, results):
            if is_op:
                out.append(None)
                continue
            if var_uid is not None:
                value = values[var_uid]
            if scalar is not None and value is not None:     # (a float fetch: as _result makes it)
                if type(value) is np.ndarray and value.ndim:
                    value = value.astype(cast)
                else:     # (from the same double as a Python float: made in half the time)
                    value = scalar(float(value) if type(value) is np.float64 else value)
            else:
                value = _result(value, dt)
            out.append(value)
            if call is not None:      # the gradient call's table shows the values fetched
                for k in places:
                    call.values[k] = value
                call.computed = True
        for k, given in self.fed_strings:
            out[k] = np.asarray(feed_dict[given], dtype=object)
        if self.single:
            return out[0]
        if self.flat_list:
            return out
        return _rebuild(self.structure, out)


_DEFAULT_SESSIONS: list = []


@tf_class("tensorflow.python.client.session.Session")
@tf_export("compat.v1.Session", "Session")
class Session:
    def __init__(self, target="", graph=None, config=None):
        self.graph = graph or ctx.graph
        self._values: dict = {}       # var uid -> array (the variables' values in this session)
        self._values32: dict = {}     # var uid -> (that array, its float32 form) where a run made one
        self._plans: dict = {}
        self._runners: dict = {}          # _call_key -> _Runner
        self._last_runner = None          # the last call's (a loop repeats it: see _Runner.repeated_by)
        self._random_kernels: dict = {}   # random op uid -> its kernel in this session
        self._closed = False
        self._entered = None
        self._scratch = False             # made by the tool to show a value (not the snippet's own)
        self._soft_placement = bool(getattr(config, "allow_soft_placement", False))

    def _var_by_uid(self, uid):
        for var in self.graph._variables:
            if var.uid == uid:
                return var
        for graph in ctx.graphs:
            for var in graph._variables:
                if var.uid == uid:
                    return var
        raise KeyError(uid)

    def __enter__(self):
        _DEFAULT_SESSIONS.append(self)
        self._entered = self.graph.as_default()
        self._entered.__enter__()
        return self

    def __exit__(self, *exc):
        if _DEFAULT_SESSIONS and _DEFAULT_SESSIONS[-1] is self:
            _DEFAULT_SESSIONS.pop()
        if self._entered is not None:
            self._entered.__exit__(*exc)
        self.close()
        return False

    def as_default(self):
        return _SessionDefault(self)

    def close(self):
        self._closed = True

    def _check_placement(self):
        """TensorFlow's placer sees the whole graph at a run: one op placed on a device this
        machine has not fails every run."""
        misplaced = [op for op in self.graph._ops if op.device and devices.unavailable(op.device)]
        if misplaced:     # (TensorFlow names a computing op before the constants it made for it and the fed placeholders)
            op = min(misplaced, key=lambda op: op.type in ("Const", "Placeholder"))
            raise InvalidArgumentError(None, op, devices.placement_error(op.name, op.device))

    def list_devices(self):
        return []

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        feed_dict = _expand_feeds(feed_dict)
        runner = self._last_runner
        checked = runner is not None and runner.repeated_by(fetches, feed_dict, self.graph.version)
        if not checked:
            key = _call_key(fetches, feed_dict, self.graph.version)
            runner = self._runners.get(key) if key is not None else None
            if runner is None or not runner.same_call(fetches, feed_dict):
                runner = self._runner(fetches, feed_dict)
                if key is not None:
                    if len(self._runners) >= MAX_CACHED_CALLS:
                        self._runners.pop(next(iter(self._runners)))
                    self._runners[key] = runner
            self._last_runner = runner
        try:
            return runner.run(self, feed_dict, checked)
        except Replan:
            runner = self._last_runner = self._runner(fetches, feed_dict)   # (its plan's key: the shapes drawn now)
            key = _call_key(fetches, feed_dict, self.graph.version)
            if key is not None:
                self._runners[key] = runner
            try:
                return runner.run(self, feed_dict)
            except Replan:      # (planned with this run's values: only a value drawn during the run differs)
                raise RuntimeError("a tf.while_loop's condition came out otherwise when the graph ran than when "
                                   "its loop was unrolled for the run") from None

    def _runner(self, fetches, feed_dict) -> "_Runner":
        """What a `run` of these fetches with feeds of these shapes does, resolved once."""
        if not self._soft_placement:
            self._check_placement()
        structure, flat = _flatten_fetches(fetches)
        feed_keys = self._feed_keys(feed_dict)
        feeds = {tensor.uid: _feed_array(tensor, feed_dict[key]) for key, tensor in feed_keys}
        roots = [self._fetch_op(item) for item in flat]
        fixed = tuple(sorted((tensor.uid, feeds[tensor.uid].tobytes()) for _, tensor in feed_keys if _fixes_plan(tensor)))
        key = (tuple(id(target) for _, target in roots), tuple(sorted((u, a.shape) for u, a in feeds.items())), fixed,
               self.graph.version, tuple((uid, kernel.next_shapes()) for uid, kernel in self._random_kernels.items()
                                         if hasattr(kernel, "next_shapes")))
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plan(roots, feeds)
            if len(self._plans) > 64:
                self._plans.pop(next(iter(self._plans)))
            self._plans[key] = plan
        return _Runner(self, plan, fetches, structure, flat, roots, feed_keys,
                       {uid: array.shape for uid, array in feeds.items()})

    def _uninitialized(self, plan, uid) -> bool:
        """Whether a run of the plan reads the variable before anything assigns it."""
        return not any(a[0] == uid and a[2] == "assign" for a in plan.lowering.assigns) or _reads(plan, uid)

    def _uninitialized_error(self, uid):
        var = self._var_by_uid(uid)
        return hinted(FailedPreconditionError(
            None, None, f"Attempting to use uninitialized value {var._name}\n\t [[{{{{node {var._name}/read}}}}]]"),
            "run tf.global_variables_initializer() in the session first "
            "(sess.run(tf.global_variables_initializer()))")

    def _fetch_op(self, item):
        from autograd_cli.tensorflow.variables import Variable

        if item is None:
            raise TypeError('Argument `fetch` = None has invalid type "NoneType". Cannot be None')
        if isinstance(item, str):
            item = self.graph.get_tensor_by_name(item) if ":" in item else self.graph.get_operation_by_name(item)
        if isinstance(item, Variable):
            if item._graph is None:
                raise TypeError(f"Fetch argument {item!r} cannot be interpreted as a Tensor. (an eager variable)")
            return ("var", item)
        if isinstance(item, Operation):
            return ("op", item)
        if isinstance(item, Tensor):
            if item.graph is None:
                return ("eager", item)
            if item.graph is not self.graph and item.graph not in ctx.graphs:
                raise ValueError(f"Tensor {item.name} is not an element of this graph.")
            return ("tensor", item)
        raise TypeError(f"Fetch argument {item!r} has invalid type {type(item)}, must be a string or Tensor. "
                        "(Can not convert a " + type(item).__name__ + " into a Tensor or Operation.)")

    def _feed_keys(self, feed_dict) -> list:
        """(key as given, the tensor it feeds) for each feed."""
        from autograd_cli.tensorflow.variables import Variable

        pairs = []
        for given in (feed_dict or {}):
            key = given
            if isinstance(key, str):
                key = self.graph.get_tensor_by_name(key)
            if isinstance(key, Variable):
                key = key._read_tensor
            if not isinstance(key, Tensor):
                raise TypeError(f"Cannot interpret feed_dict key as Tensor: {key!r}")
            pairs.append((given, key))
        return pairs

    def _plan(self, roots, feeds):
        L = GraphLowering(self, feeds)
        ops = []
        for root in roots:
            kind, target = root
            if kind == "op":
                ops.append(target)
            elif kind == "var":
                ops.append(target._var_op)
            elif kind == "tensor":
                ops.append(target.op)
        needed_ops = ops_needed(ops, set(feeds))
        lower_ops(L, needed_ops, feeds)
        plan = _Plan()
        plan.lowering = L
        fetch_nodes = []
        for kind, target in roots:
            if kind == "tensor":
                node = L.tensor_nodes.get(target.uid)
                if node is None and target.uid in feeds:
                    node = L.fed_leaves.get(target.uid)
                fetch_nodes.append(node)
            elif kind == "eager":
                fetch_nodes.append(L.g.const(engine_array(target._value)))
            else:
                fetch_nodes.append(None)
        plan.fetch_nodes = fetch_nodes
        roots_nodes = [n for n in fetch_nodes if n is not None] + [a[1] for a in L.assigns] + [
            n for nodes, _ in L.effects for n in nodes] + [node for node, _ in L.loop_checks]
        plan.order = needed(roots_nodes)
        plan.schedule, plan.runs = plan_schedule(plan.order), 0
        return plan


def _reads(plan, uid):
    node = plan.lowering.var_leaves[uid]
    return any(node in n.inputs for n in plan.order)


def _float_result_types(dt):
    """(NumPy type, scalar type) a fetch of a float dtype is returned as, else (None, None)."""
    if dt is None or not dt.is_floating:
        return None, None
    scalar = _SCALARS.get(np.dtype(dt.np))
    return (None, None) if scalar is None else (dt.np, scalar)


def _result(value, dt):
    if value is None:
        return None
    if dt.is_floating:            # (the usual fetch: a float array, or a scalar made at once)
        if type(value) is np.ndarray and value.ndim:
            return value.astype(dt.np)
        scalar = _SCALARS.get(np.dtype(dt.np))
        if scalar is not None:
            return scalar(value)
    if dt.base_dtype is dtypes.string:
        array = POOL.strings(value)
        return array[()] if array.ndim == 0 else array
    array = np.asarray(value)
    if dt.is_integer:
        with np.errstate(all="ignore"):
            array = np.round(array).astype(dt.np) if array.dtype.kind == "f" else array.astype(dt.np)
    else:
        array = array.astype(dt.np)
    if array.ndim == 0:
        return scalar_of(array[()])
    return array


class _SessionDefault:
    def __init__(self, session):
        self.session = session

    def __enter__(self):
        _DEFAULT_SESSIONS.append(self.session)
        return self.session

    def __exit__(self, *exc):
        if _DEFAULT_SESSIONS and _DEFAULT_SESSIONS[-1] is self.session:
            _DEFAULT_SESSIONS.pop()
        return False


Session.run.__qualname__ = "BaseSession.run"     # (TensorFlow's, which Python's own messages name)


@tf_class("tensorflow.python.client.session.InteractiveSession")
@tf_export("compat.v1.InteractiveSession", "InteractiveSession")
class InteractiveSession(Session):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _DEFAULT_SESSIONS.append(self)


@tf_export("compat.v1.get_default_session", "get_default_session")
def get_default_session():
    return _DEFAULT_SESSIONS[-1] if _DEFAULT_SESSIONS else None


def default_session():
    session = get_default_session()
    if session is None:
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use `with "
                         "sess.as_default()` or pass an explicit session to `eval(session=sess)`")
    return session


HOOKS["default_session"] = default_session
