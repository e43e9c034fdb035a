"""The built-in functions a program can call: their parameters (TensorFlow's
names) and how each becomes graph ops from the op table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .. import autodiff
from ..errors import AgError, line_of
from ..graph import Node, NoGradient
from ..limits import check_elements
from ..ops import OPS
from ..program import Assign, GradientRecord



@dataclass(frozen=True)
class Builtin:
    params: tuple
    defaults: dict
    handler: Callable
    variadic: bool = False


BUILTINS: dict[str, Builtin] = {}


def builtin(name, params, defaults=None, variadic=False):
    def register(handler):
        BUILTINS[name] = Builtin(tuple(params), dict(defaults or {}), handler, variadic)
        return handler
    return register


def _op_builtin(name, params, op_name=None):
    """A built-in that applies one op to tensor arguments."""
    op_name = op_name or name

    def handler(b, c):
        return b.apply(op_name, *[b.tensor(c.args[p], c.at(p)) for p in params])
    BUILTINS[name] = Builtin(tuple(params), {}, handler)


# Every op whose row names its parameters (`args`) is a built-in of the same name
# (and of each alias) that applies the op to its arguments.
for _op in OPS.values():
    if _op.args is not None:
        for _name in (_op.name, *_op.aliases):
            _op_builtin(_name, _op.args, _op.name)


# ---------------------------------------------------------------- static helpers

def _shape_arg(b, c, name="shape"):
    dims = b.integers(c.args[name], c.at(name), name)
    if np.ndim(b.static(c.args[name], c.at(name), name)) == 0:
        dims = dims[:1]
    if any(d < 0 for d in dims):
        raise AgError(f"{name} {dims} has a negative size", c.at(name))
    _check_size(dims, c.at(name))
    return tuple(dims)


def _check_size(dims, pos):
    check_elements(dims, pos)


def _axis_arg(b, c, name="axis"):
    value = c.args[name]
    if value is None:
        return None
    arr = b.static(value, c.at(name), name)
    return b.integer(value, c.at(name), name) if arr.ndim == 0 else b.integers(value, c.at(name), name)


def _bool_arg(c, name):
    value = c.args[name]
    if isinstance(value, bool):
        return value
    if isinstance(value, Node) and value.op.name == "const" and value.shape == ():
        return bool(value.params["value"])
    raise AgError(f"{name} must be True or False", c.at(name))


def _nodes(b, c, name):
    """A node or list of nodes (gradients' ys, xs, ...), with their source texts."""
    value, expr = c.args[name], c.exprs.get(name)
    if isinstance(value, list):
        texts = [b.source_text(e) for e in expr.items] if expr is not None and hasattr(expr, "items") \
            else [f"{name}[{k}]" for k in range(len(value))]
        return [b.tensor(v, c.at(name)) for v in value], texts
    return [b.tensor(value, c.at(name))], [b.source_text(expr)]


# ---------------------------------------------------------------- reductions and shapes

def _reduction(name):
    def handler(b, c):
        x = b.tensor(c.args["input_tensor"], c.at("input_tensor"))
        return b.apply(name, x, axis=_axis_arg(b, c), keepdims=_bool_arg(c, "keepdims"))
    BUILTINS[name] = Builtin(("input_tensor", "axis", "keepdims"), {"axis": None, "keepdims": False},
                             handler)


for _name in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_logsumexp"):
    _reduction(_name)


@builtin("argmax", ("x", "axis"), {"axis": 0})
def _argmax(b, c):
    return b.apply("argmax", b.tensor(c.args["x"], c.at("x")), axis=b.integer(c.args["axis"], c.at("axis"), "axis"))


@builtin("reshape", ("x", "shape"))
def _reshape(b, c):
    dims = b.integers(c.args["shape"], c.at("shape"), "shape")
    if np.ndim(b.static(c.args["shape"], c.at("shape"), "shape")) == 0:
        dims = dims[:1]
    return b.apply("reshape", b.tensor(c.args["x"], c.at("x")), shape=dims)


@builtin("transpose", ("x", "perm"), {"perm": None})
def _transpose(b, c):
    perm = None if c.args["perm"] is None else b.integers(c.args["perm"], c.at("perm"), "perm")
    return b.apply("transpose", b.tensor(c.args["x"], c.at("x")), perm=perm)


@builtin("expand_dims", ("x", "axis"))
def _expand_dims(b, c):
    return b.apply("expand_dims", b.tensor(c.args["x"], c.at("x")),
                   axis=b.integer(c.args["axis"], c.at("axis"), "axis"))


@builtin("squeeze", ("x", "axis"), {"axis": None})
def _squeeze(b, c):
    return b.apply("squeeze", b.tensor(c.args["x"], c.at("x")), axis=_axis_arg(b, c))


def _tensor_list(b, c, name):
    value = c.args[name]
    if not isinstance(value, list):
        raise AgError(f"{name} must be a list of tensors, e.g. [a, b]", c.at(name))
    if not value:
        raise AgError(f"{name} must not be empty", c.at(name))
    return [b.tensor(v, c.at(name)) for v in value]


@builtin("concat", ("values", "axis"))
def _concat(b, c):
    return b.apply("concat", *_tensor_list(b, c, "values"), axis=b.integer(c.args["axis"], c.at("axis"), "axis"))


@builtin("stack", ("values", "axis"), {"axis": 0})
def _stack(b, c):
    return b.apply("stack", *_tensor_list(b, c, "values"), axis=b.integer(c.args["axis"], c.at("axis"), "axis"))


@builtin("shape", ("x",))
def _shape(b, c):
    return b.g.const(np.array(b.tensor(c.args["x"], c.at("x")).shape, dtype=np.float64))


@builtin("size", ("x",))
def _size(b, c):
    return b.g.const(float(np.prod(b.tensor(c.args["x"], c.at("x")).shape)))


# ---------------------------------------------------------------- creation

@builtin("constant", ("value",))
def _constant(b, c):
    return b.g.const(b.static(c.args["value"], c.at("value"), "constant's value"))


@builtin("zeros", ("shape",))
def _zeros(b, c):
    return b.g.const(np.zeros(_shape_arg(b, c)))


@builtin("ones", ("shape",))
def _ones(b, c):
    return b.g.const(np.ones(_shape_arg(b, c)))


@builtin("fill", ("shape", "value"))
def _fill(b, c):
    value = b.tensor(c.args["value"], c.at("value"))
    if value.shape != ():
        raise AgError(f"fill's value must be a scalar, got shape {value.shape}", c.at("value"))
    return b.apply("broadcast_to", value, shape=_shape_arg(b, c))


@builtin("eye", ("n",))
def _eye(b, c):
    n = b.integer(c.args["n"], c.at("n"), "n")
    _check_size((n, n), c.at("n"))
    if n < 0:
        raise AgError("n must not be negative", c.at("n"))
    return b.g.const(np.eye(n))


@builtin("linspace", ("start", "stop", "num"))
def _linspace(b, c):
    num = b.integer(c.args["num"], c.at("num"), "num")
    if num < 0:
        raise AgError("num must not be negative", c.at("num"))
    _check_size((num,), c.at("num"))
    start = b.static(c.args["start"], c.at("start"), "start")
    stop = b.static(c.args["stop"], c.at("stop"), "stop")
    return b.g.const(np.linspace(start, stop, num))


@builtin("one_hot", ("indices", "depth"))
def _one_hot(b, c):
    depth = b.integer(c.args["depth"], c.at("depth"), "depth")
    if depth < 0:
        raise AgError("depth must not be negative", c.at("depth"))
    indices = b.tensor(c.args["indices"], c.at("indices"))
    _check_size(indices.shape + (depth,), c.at("depth"))
    return b.apply("one_hot", indices, depth=depth)


def _rng(b, c):
    return np.random.default_rng(b.integer(c.args["seed"], c.at("seed"), "seed") % 2**63)


@builtin("random_normal", ("shape", "mean", "stddev", "seed"), {"mean": 0.0, "stddev": 1.0, "seed": 0.0})
def _random_normal(b, c):
    # Generator.normal(mean, stddev) is mean + stddev * standard_normal, draw for draw;
    # built as graph ops so gradients reach mean and stddev as in TensorFlow.
    z = b.g.const(_rng(b, c).standard_normal(_shape_arg(b, c)))
    mean, stddev = b.tensor(c.args["mean"], c.at("mean")), b.tensor(c.args["stddev"], c.at("stddev"))
    return b.apply("add", mean, b.apply("multiply", stddev, z))


@builtin("random_uniform", ("shape", "minval", "maxval", "seed"), {"minval": 0.0, "maxval": 1.0, "seed": 0.0})
def _random_uniform(b, c):
    # Generator.uniform(low, high) is low + (high - low) * random(), draw for draw.
    u = b.g.const(_rng(b, c).random(_shape_arg(b, c)))
    low, high = b.tensor(c.args["minval"], c.at("minval")), b.tensor(c.args["maxval"], c.at("maxval"))
    return b.apply("add", low, b.apply("multiply", b.apply("subtract", high, low), u))


@builtin("random_int", ("low", "high", "shape", "seed"), {"seed": 0.0})
def _random_int(b, c):
    low = b.integer(c.args["low"], c.at("low"), "low")
    high = b.integer(c.args["high"], c.at("high"), "high")
    if high <= low:
        raise AgError(f"random_int needs low < high, got {low} and {high}", c.pos)
    return b.g.const(_rng(b, c).integers(low, high, _shape_arg(b, c)).astype(np.float64))


# ---------------------------------------------------------------- learning

def _axis_op(name):
    def handler(b, c):
        return b.apply(name, b.tensor(c.args["x"], c.at("x")), axis=b.integer(c.args["axis"], c.at("axis"), "axis"))
    BUILTINS[name] = Builtin(("x", "axis"), {"axis": -1}, handler)


_axis_op("softmax")
_axis_op("log_softmax")

KERAS_EPSILON = 1e-7


@builtin("categorical_crossentropy", ("y_true", "y_pred"))
def _categorical_crossentropy(b, c):
    # keras.losses.CategoricalCrossentropy(): normalise, clip to [eps, 1 - eps],
    # -sum(y_true * log(y_pred)) over the last axis, mean over the batch.
    y_true, y_pred = b.tensor(c.args["y_true"], c.at("y_true")), b.tensor(c.args["y_pred"], c.at("y_pred"))
    if not y_pred.shape:
        raise AgError("y_pred must have a class axis", c.at("y_pred"))
    last = len(y_pred.shape) - 1
    total = b.apply("reduce_sum", y_pred, axis=last, keepdims=True)
    clipped = b.apply("clip_by_value", b.apply("divide", y_pred, total), lo=KERAS_EPSILON, hi=1 - KERAS_EPSILON)
    per_sample = b.apply("negative", b.apply("reduce_sum", b.apply("multiply", y_true, b.apply("log", clipped)),
                                             axis=last, keepdims=False))
    return b.apply("reduce_mean", per_sample, axis=None, keepdims=False)


@builtin("mean_squared_error", ("y_true", "y_pred"))
def _mean_squared_error(b, c):
    y_true, y_pred = b.tensor(c.args["y_true"], c.at("y_true")), b.tensor(c.args["y_pred"], c.at("y_pred"))
    return b.apply("reduce_mean", b.apply("square", b.apply("subtract", y_pred, y_true)), axis=None, keepdims=False)


# ---------------------------------------------------------------- autodiff

UNCONNECTED = ("none", "zero")


def _record(b, c, kind, ys, xs, texts_y, texts_x, values, stop=(), grad_ys=None):
    b.records.append(GradientRecord(kind, b.record_name(c.ast), line_of(c.pos), texts_y, texts_x, values,
                                    xs, ys, list(stop), grad_ys))


@builtin("gradients", ("ys", "xs", "grad_ys", "stop_gradients", "unconnected_gradients"),
         {"grad_ys": None, "stop_gradients": None, "unconnected_gradients": None})
def _gradients(b, c):
    ys, texts_y = _nodes(b, c, "ys")
    xs, texts_x = _nodes(b, c, "xs")
    grad_ys = None
    if c.args["grad_ys"] is not None:
        raw = c.args["grad_ys"] if isinstance(c.args["grad_ys"], list) else [c.args["grad_ys"]]
        if len(raw) != len(ys):
            raise AgError(f"grad_ys has {len(raw)} entries for {len(ys)} ys", c.at("grad_ys"))
        grad_ys = [None if v is None else b.tensor(v, c.at("grad_ys")) for v in raw]
        for y, gy in zip(ys, grad_ys):
            if gy is not None:
                try:
                    np.broadcast_shapes(gy.shape, y.shape)
                    ok = np.broadcast_shapes(gy.shape, y.shape) == y.shape
                except ValueError:
                    ok = False
                if not ok:
                    raise AgError(f"grad_ys entry of shape {gy.shape} does not fit y of shape {y.shape}",
                                  c.at("grad_ys"))
    stop = []
    if c.args["stop_gradients"] is not None:
        stop, _ = _nodes(b, c, "stop_gradients")
    mode = c.args["unconnected_gradients"]
    if mode is None:
        mode = b.unconnected_default
    if not isinstance(mode, str) or mode.lower() not in UNCONNECTED:
        got = repr(mode) if isinstance(mode, str) else b.source_text(c.exprs["unconnected_gradients"])
        raise AgError(f"unconnected_gradients must be \"none\" or \"zero\", got {got}",
                      c.at("unconnected_gradients"))
    values = autodiff.gradients(b.g, ys, xs, grad_ys, stop, mode.lower(), texts_x)
    _record(b, c, "gradients", ys, xs, texts_y, texts_x, values, stop, grad_ys)
    return values


@builtin("hessians", ("ys", "xs"))
def _hessians(b, c):
    ys, texts_y = _nodes(b, c, "ys")
    xs, texts_x = _nodes(b, c, "xs")
    values = autodiff.hessians(b.g, ys, xs, texts_x)
    _record(b, c, "hessians", ys, xs, texts_y, texts_x, values)
    return values


@builtin("jacobian", ("y", "x"))
def _jacobian(b, c):
    y, x = b.tensor(c.args["y"], c.at("y")), b.tensor(c.args["x"], c.at("x"))
    value = autodiff.jacobian(b.g, y, x, b.source_text(c.exprs["x"]))
    _record(b, c, "jacobian", [y], [x], [b.source_text(c.exprs["y"])], [b.source_text(c.exprs["x"])], [value])
    return value


# ---------------------------------------------------------------- state

@builtin("variable", ("init",))
def _variable(b, c):
    return _new_leaf(b, c, "variable", b.static(c.args["init"], c.at("init"), "a variable's initial value"))


@builtin("placeholder", ("shape",), {"shape": None})
def _placeholder(b, c):
    name = b.current_target if b.current_rhs is c.ast else None
    if name is None or "," in name:
        raise AgError("placeholder(...) must be assigned to a name (x = placeholder())", c.pos)
    declared = _declared_shape(b, c)
    if name in b.sets:
        value, source = np.asarray(b.sets[name], dtype=np.float64), f"--set {name}"
    elif b.feed is not None and name in b.feed.columns:
        value, source = b.feed.columns[name][0], f"the column '{name}' of {b.feed.path} (a number per row)"
    elif b.feed is not None:
        raise AgError(f"placeholder '{name}' has no value: the header (row 1) of {b.feed.path} has no "
                      f"column '{name}' (it has: {b.feed.describe_header()}); add the column or give "
                      f"--set {name}=VALUE", c.pos)
    else:
        raise AgError(f"placeholder '{name}' has no value: give it with --set {name}=VALUE "
                      "(or per step with run --feed FILE.csv)", c.pos)
    if declared is not None and (len(declared) != value.ndim
                                 or any(d is not None and d != v for d, v in zip(declared, value.shape))):
        shown = "(" + ", ".join("None" if d is None else str(d) for d in declared) + ("," if len(declared) == 1 else "") + ")"
        raise AgError(f"placeholder '{name}' is declared with shape {shown} but {source} has shape "
                      f"{value.shape}", c.at("shape"))
    node = _new_leaf(b, c, "placeholder", value)
    if name not in b.sets and b.feed is not None:
        b.fed.append((node, name))
    return node


def _declared_shape(b, c):
    """placeholder's shape: None (any), or a tuple whose None entries are any size."""
    raw = c.args["shape"]
    if raw is None:
        return None
    if isinstance(raw, list):
        return tuple(None if d is None else b.integer(d, c.at("shape"), "shape") for d in raw)
    return _shape_arg(b, c)


STATE_OPS = ("assign", "assign_add", "assign_sub")


def _assign_builtin(kind):
    def handler(b, c):
        ref, value = c.args["v"], c.args["value"]
        if not (isinstance(ref, Node) and ref.op.name == "variable"):
            raise AgError(f"{kind} needs a variable as its first argument (made by variable(...)), "
                          f"got {_what(ref)}", c.at("v"))
        if isinstance(value, NoGradient):
            raise AgError(f"cannot update {ref.describe()}: the gradient with respect to {value.x_text} is "
                          f"None ({value.reason}); pass unconnected_gradients=\"zero\" to gradients(...) "
                          "to make this update a no-op", c.at("value"))
        value = b.tensor(value, c.at("value"))
        b.g.pos = c.pos
        node = b.apply(kind, ref, value)
        b.assigns.append(Assign(ref, node))
        return node
    BUILTINS[kind] = Builtin(("v", "value"), {}, handler)


for _name in STATE_OPS:
    _assign_builtin(_name)


def _what(value) -> str:
    if isinstance(value, Node):
        name = f" '{value.label}'" if value.label else ""
        kinds = {"const": "a constant", "input": "the input", "placeholder": "the placeholder",
                 "step": "step"}
        return kinds.get(value.op.name, f"a computed value ({value.op.name})") + name
    if isinstance(value, list):
        return "a list"
    if isinstance(value, NoGradient):
        return f"a None gradient ({value.reason})"
    return "None" if value is None else repr(value)


@builtin("group", ("inputs",), variadic=True)
def _group(b, c):
    # tf.group: runs its inputs, evaluates to None (as sess.run on the group op gives None).
    stack = list(c.args["inputs"])
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, NoGradient):
            raise item.error(c.pos)
        elif isinstance(item, Node):
            b.groups.append(item)
    return None


def _new_leaf(b, c, kind, value):
    name = b.current_target if b.current_rhs is c.ast and "," not in (b.current_target or ",") else None
    node = b.g.apply(kind, value=np.asarray(value, dtype=np.float64), name=name)
    if name:
        node.label = name
        b.leaves[name] = node
    return node

