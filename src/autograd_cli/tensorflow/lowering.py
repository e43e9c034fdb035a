"""From TensorFlow-level op records to engine graph nodes.

Each Operation keeps a `Recipe`: how to build its engine nodes from its inputs'
nodes (an op row of the table, a `.ag` built-in of library/, or a function of this
package written with the same graph ops). `Lowering` builds them on a
`RoundingGraph`: after every node of a float32 op it adds `round_float32`, so the
engine (which computes float64) gives float32's digits. Where TensorFlow's float32 kernel
is not the correctly rounded value (a row with a `float32` kernel: Eigen's tanh, sigmoid,
exp..., reductions summing in float32), the node is of the row's float32 variant instead
(`float32_op`: that kernel computes it, no rounding after it), so graphs and eager ops give
the same bits.
"""
from __future__ import annotations

import weakref

import numpy as np

from autograd_cli.core.graph import Graph, Node, NoGradient
from autograd_cli.ops import OPS, ROUND_FLOAT32
from autograd_cli.support.errors import AgError, pos_at
import autograd_cli.library  # noqa: F401 (registers every built-in)
from autograd_cli.library import functions as library
from autograd_cli.library.functions import Call as BoundCall

BUILTINS = library.BUILTINS
ROUND = ROUND_FLOAT32
STAND_IN = 9973       # the size an unknown (None) dimension takes while static shapes are found
VARIABLES = weakref.WeakValueDictionary()   # var uid -> Variable
_NO_ROUND = {ROUND, "const", "variable", "placeholder", "input", "step", "stop_gradient", "identity", "reshape",
             "transpose", "expand_dims", "squeeze", "broadcast_to", "getitem", "take", "stack", "concat", "gather",
             "gather_nd", "boolean_mask", "tile", "reverse"}     # (these move float32 values, never round them)


class RoundingGraph(Graph):
    """A Graph whose float nodes are rounded to float32 while `float32` is set."""

    def __init__(self):
        super().__init__()
        self.float32 = False

    def apply(self, op_name, *inputs, **params):
        if self.float32 and OPS[op_name].float32 is not None:
            return Graph.apply(self, op_name, *inputs, _float32=True, **params)
        node = Graph.apply(self, op_name, *inputs, **params)
        if self.float32 and op_name not in _NO_ROUND and node.op.dtype == "float":
            return Graph.apply(self, ROUND, node)
        return node


class Recipe:
    """kind 'row': OPS[target] applied to the inputs with params; 'builtin': the library
    built-in `target`, params {"names": the parameters the inputs bind, "static": the
    other arguments}; 'fn': target(lowering, *nodes, **params)."""

    __slots__ = ("kind", "target", "params", "_key")

    def __init__(self, kind, target, params=None):
        self.kind = kind
        self.target = target
        self.params = params or {}
        self._key = None

    @property
    def key(self):
        if self._key is None:
            target = self.target if isinstance(self.target, str) else id(self.target)
            self._key = (self.kind, target, freeze(self.params))
        return self._key

    def lower(self, L, nodes):
        if self.kind == "row":
            return L.apply(self.target, *nodes, **self.params)
        if self.kind == "builtin":
            return L.call_builtin(self.target, self.params["names"], nodes, self.params.get("static", {}))
        return self.target(L, *nodes, **self.params)


_SHARED: dict = {}      # (kind, target, params as a tuple, tag) -> (the one Recipe of them, its companion)
MAX_SHARED = 4096


def shared(kind, target, params=None, make=None, tag=None):
    """The one Recipe of (kind, target, params) whose params are plain values (None, bools,
    ints, strings, lists or tuples of them), with `make()`'s companion (an eager function) if
    given, one per `tag` too: an eager op then makes no recipe of its own, and a tape's
    structure key reuses the recipe's key (kept on it). Other params: a new Recipe each time."""
    items = ()
    if params:
        # (the value's type is part of the key: True == 1 but a recipe keeps what it was given)
        items = tuple((k, type(v), tuple(v) if type(v) is list else v) for k, v in params.items())
    key = (kind, target, items, tag)
    try:
        found = _SHARED.get(key)
    except TypeError:                  # (an unhashable param: an array, a dict)
        return Recipe(kind, target, params), (make() if make else None)
    if found is None:
        found = (Recipe(kind, target, params), make() if make else None)
        if len(_SHARED) < MAX_SHARED:
            _SHARED[key] = found
    return found


def unflatten(g, flat, shapes) -> list:
    """The nodes of consecutive pieces of a flat vector node, in these shapes (the components of a
    leaf the Session sets whole: an iterator's element, a queue's dequeue)."""
    outs, at = [], 0
    for dims in shapes:
        size = int(np.prod(dims))
        outs.append(g.reshape(g.getitem(flat, index=(slice(at, at + size),)), shape=dims))
        at += size
    return outs


def _flatten(structure):
    """A nest of lists, tuples and dicts: (its layout with leaf positions, the leaves in order)."""
    if not isinstance(structure, (dict, list, tuple)):        # (the usual cases first: one tensor,
        return 0, [structure]
    if type(structure) is list and not any(isinstance(i, (dict, list, tuple)) for i in structure):
        return list(range(len(structure))), list(structure)   # or a flat list of them)
    flat = []

    def walk(item):
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, (list, tuple)):
            out = [walk(v) for v in item]
            return out if isinstance(item, list) else tuple(out)
        flat.append(item)
        return len(flat) - 1
    return walk(structure), flat


def _rebuild(structure, values):
    if isinstance(structure, dict):
        return {k: _rebuild(v, values) for k, v in structure.items()}
    if isinstance(structure, list):
        return [_rebuild(v, values) for v in structure]
    if isinstance(structure, tuple):
        return tuple(_rebuild(v, values) for v in structure)
    return values[structure]


def freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, np.ndarray):
        return ("array", value.shape, value.dtype.str, value.tobytes())
    if isinstance(value, (int, float, str, bool, type(None))):
        return value
    if isinstance(value, slice):
        return ("slice", value.start, value.stop, value.step)
    if value is Ellipsis:
        return ("...",)
    if isinstance(value, np.generic):
        return value.item()
    return ("repr", type(value).__name__, repr(value))


class Lowering:
    """An engine graph being built from op records; doubles as the builder interface
    library handlers take (`b.g`, `b.apply`, `b.tensor`, `b.static`, `b.integer`...)."""

    def __init__(self, graph=None):
        self.g = graph if graph is not None else RoundingGraph()
        self.records = []
        self.unconnected_default = "none"
        self.current_target = None
        self.current_rhs = None
        self.stand_ins = False     # leaves stand in for values given later (connectivity): loops unroll by structure

    # -- the builder interface of library handlers
    def apply(self, op_name, *inputs, **params) -> Node:
        inputs = [self.g.to_float(x) if x.op.dtype == "bool" and not (op_name == "where" and k == 0) else x
                  for k, x in enumerate(inputs)]
        return self.g.apply(op_name, *inputs, **params)

    def tensor(self, value, pos=None) -> Node:
        if isinstance(value, Node):
            return value
        if isinstance(value, NoGradient):
            raise value.error(pos)
        if isinstance(value, (bool, int, float, np.ndarray, np.generic)):
            return self.g.const(np.asarray(value, dtype=np.float64))
        if isinstance(value, list):
            return self.g.const(np.asarray(value, dtype=np.float64))
        raise AgError(f"expected a tensor, got {value!r}", pos)

    def static(self, value, pos=None, what="value"):
        if isinstance(value, Node):
            if value.op.name == "const":
                return np.asarray(value.params["value"], dtype=np.float64)
            from autograd_cli.evaluate import needed, run_plain

            order = needed([value])
            if any(n.op.leaf and n.op.name != "const" for n in order):
                raise AgError(f"{what} must be known when the graph is built", pos)
            return np.asarray(run_plain(order)[value.id], dtype=np.float64)
        if isinstance(value, list):
            return np.asarray([self.static(v, pos, what) for v in value], dtype=np.float64)
        try:
            return np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            raise AgError(f"{what} must be a number or a list of numbers", pos) from None

    def current(self, node):
        """A node's value now, for a built-in that sizes its result by it (boolean_mask's
        count): known when it is computed from constants (eager values, a tape's records)."""
        if getattr(self, "values_known", False):      # a tape's leaves hold this call's values
            from autograd_cli.evaluate import needed, run_plain

            self.used_values = True
            return np.asarray(run_plain(needed([node]))[node.id])
        return self.static(node, self.g.pos, "the mask")

    def integer(self, value, pos=None, what="value") -> int:
        arr = self.static(value, pos, what)
        if arr.shape != ():
            raise AgError(f"{what} must be a single integer, got shape {arr.shape}", pos)
        return int(arr)

    def integers(self, value, pos=None, what="value"):
        return [int(v) for v in np.atleast_1d(self.static(value, pos, what)).ravel()]

    def source_text(self, expr) -> str:
        return ""

    def record_name(self, call) -> str:
        return ""

    # -- leaves of graph-mode records; here with stand-in values (static shapes); a
    # Session's lowering gives them their values
    def variable_leaf(self, var_uid):
        var = VARIABLES[var_uid]
        shape = tuple(STAND_IN if d is None else d for d in (var._shape or ()))
        cache = self.__dict__.setdefault("_var_leaves", {})
        if var_uid not in cache:
            cache[var_uid] = self.g.apply("variable", value=np.broadcast_to(np.float64(0.0), shape))
            cache[var_uid].label = var._name
        return cache[var_uid]

    def placeholder_leaf(self, tensor_uid, name, dtype_name, shape):
        dims = tuple(STAND_IN if d is None else d for d in (shape or ()))
        leaf = self.g.apply("placeholder", value=np.broadcast_to(np.float64(0.0), dims))
        leaf.label = name
        return leaf

    def assign(self, var_uid, value, kind):
        return value

    def call_builtin(self, name, names, nodes, static):
        """names: per parameter bound to inputs, its name, or (name, k) for a list of k inputs."""
        spec = BUILTINS[name]
        args = dict(spec.defaults)
        args.update(static)
        at = 0
        for param in names:
            if isinstance(param, tuple):
                param, count = param
                args[param] = list(nodes[at:at + count])
                at += count
            else:
                args[param] = nodes[at]
                at += 1
        return spec.handler(self, BoundCall(_Site(self.g.pos), args, {}))


class _Site:
    """What a bound call's `ast` is asked for: its position."""

    __slots__ = ("pos", "start", "end")

    def __init__(self, pos):
        self.pos = pos
        self.start = self.end = 0


def shape_error_text(exc) -> str:
    if isinstance(exc, AgError):
        return exc.message
    return str(exc)


def row_shape(row_name, shapes, params):
    """The static result shape of one op row (ShapeError when they do not fit)."""
    op = OPS[row_name]
    if op.prepare is not None:
        params = op.prepare(*shapes, **params)
    return tuple(int(d) for d in op.shape(*shapes, **params))


def position(line: int, col: int = 1) -> int:
    return pos_at(line, col)
