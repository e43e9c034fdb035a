"""The built-in functions a program can call: their parameters (TensorFlow's
names) and how each becomes graph ops from the op table."""
from __future__ import annotations


import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.support.errors import AgError, Pos, line_of
from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.support.limits import check_elements, element_count
from autograd_cli.ops import OPS
from autograd_cli.ops.table import fmt
from autograd_cli.core.program import Assign, GradientRecord
from autograd_cli.support.records import FrozenRecord, Record, fill



class Builtin(FrozenRecord):
    _fields = ("params", "defaults", "handler", "variadic", "functions", "group", "grad")

    def __init__(self, params, defaults, handler, variadic=False, functions=(), group=None, grad=None):
        # functions: parameters that name a `def` (cond's branches): not evaluated.
        # group, grad: the catalogue's group and gradient note (`functions`, the docs); None
        # takes them from the op row of the same name
        fill(self, params=params, defaults=defaults, handler=handler, variadic=variadic,
             functions=functions, group=group, grad=grad)


BUILTINS: dict[str, Builtin] = {}


class Call(Record):
    """A bound call, handed to a built-in's handler: `ast` is the call's syntax node (or
    anything with a `pos`), `args` the bound arguments, `exprs` their syntax nodes."""

    _fields = ("ast", "args", "exprs")

    def __init__(self, ast, args, exprs):
        self.ast = ast
        self.args = args
        self.exprs = exprs

    @property
    def pos(self) -> Pos:
        return self.ast.pos

    def at(self, name) -> Pos:
        e = self.exprs.get(name)
        return e.pos if e is not None else self.ast.pos


def builtin(name, params, defaults=None, variadic=False, functions=(), group=None, grad=None):
    """Register a built-in (the decorated handler). A composite (no op row of its name) states
    its group and gradient note here; tests/library/test_gradient_notes.py checks the note
    against the gradient it gives. Its TensorFlow names are the TensorFlow package's
    `tf_export(..., builtin=NAME)` declarations (library/spellings.py)."""
    def register(handler):
        BUILTINS[name] = Builtin(tuple(params), dict(defaults or {}), handler, variadic, tuple(functions),
                                 group, grad)
        return handler
    return register


def _op_builtin(name, params, op_name=None):
    """A built-in that applies one op to tensor arguments."""
    op_name = op_name or name

    def handler(b, c):
        return b.apply(op_name, *[b.tensor(c.args[p], c.at(p)) for p in params])
    builtin(name, params)(handler)


def register_row(op) -> None:
    """An op whose row names its parameters (`args`) is a built-in of the same name (and of
    each alias) that applies the op to its arguments: adding such an op is one row."""
    if op.args is not None:
        for name in (op.name, *op.aliases):
            _op_builtin(name, op.args, op.name)


for _op in OPS.values():
    register_row(_op)


# ---------------------------------------------------------------- dtypes

DTYPES = ("float32", "float64", "int32", "int64", "bool")
INTEGER_DTYPES = ("int32", "int64")


class DType(str):
    """A dtype name (`float32`, ...) used as a value: where TensorFlow takes a dtype."""


def dtype_arg(c, name="dtype"):
    """The dtype argument's name (a dtype name or a string naming one), or None."""
    value = c.args[name]
    if value is None:
        return None
    if isinstance(value, str) and value in DTYPES:
        return str(value)
    got = f"'{value}'" if isinstance(value, str) else "a tensor" if isinstance(value, Node) else repr(value)
    raise AgError(f"{name} must be one of {', '.join(DTYPES)}, got {got}", c.at(name))


# ---------------------------------------------------------------- static helpers

def _const_shape(b, c, name="shape"):
    """A shape argument for a constant made at once (zeros, ones, random_*)."""
    dims = _shape_arg(b, c, name)
    _check_size(dims, c.at(name), b)
    return dims


def _shape_arg(b, c, name="shape"):
    dims = b.integers(c.args[name], c.at(name), name)
    if np.ndim(b.static(c.args[name], c.at(name), name)) == 0:
        dims = dims[:1]
    if any(d < 0 for d in dims):
        raise AgError(f"{name} {dims} has a negative size", c.at(name))
    _check_size(dims, c.at(name))
    return tuple(dims)


def _check_size(dims, pos, b=None):
    """Refuse a tensor too big for MAX_ELEMENTS, and (given the builder `b`: a constant made
    now) for what MAX_MEMORY leaves, before NumPy allocates it."""
    check_elements(dims, pos)
    if b is not None:
        b.g.pos = pos
        b.g.reserve(element_count(dims))


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
    builtin(name, ("input_tensor", "axis", "keepdims"), {"axis": None, "keepdims": False})(handler)


for _name in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_logsumexp",
              "reduce_any", "reduce_all", "reduce_euclidean_norm"):
    _reduction(_name)


@builtin("argmin", ("input", "axis", "output_type"), {"axis": None, "output_type": None})
def _argmin(b, c):
    dtype_arg(c, "output_type")   # indices are whole numbers (float64) whatever the type
    axis = 0 if c.args["axis"] is None else b.integer(c.args["axis"], c.at("axis"), "axis")   # TF: None -> 0
    return b.apply("argmin", b.tensor(c.args["input"], c.at("input")), axis=axis)


def _cumulative(name):
    def handler(b, c):
        x = b.tensor(c.args["x"], c.at("x"))
        axis = b.integer(c.args["axis"], c.at("axis"), "axis")
        if not -len(x.shape) <= axis < len(x.shape) or not x.shape:
            raise AgError(f"axis {axis} is out of range for a tensor of shape {x.shape}", c.at("axis"))
        return b.apply(name, x, axis=axis % len(x.shape), exclusive=_bool_arg(c, "exclusive"),
                       reverse=_bool_arg(c, "reverse"))
    builtin(name, ("x", "axis", "exclusive", "reverse"), {"axis": 0, "exclusive": False, "reverse": False})(handler)


_cumulative("cumsum")
_cumulative("cumprod")


@builtin("top_k", ("input", "k", "sorted", "index_type"), {"k": 1, "sorted": True, "index_type": None},
         group="reductions", grad="values: to the picked positions only; indices: no gradient")
def _top_k(b, c):
    dtype_arg(c, "index_type")
    # tf.math.top_k: [values, indices] over the last axis (sorted descending either way here)
    x = b.tensor(c.args["input"], c.at("input"))
    _bool_arg(c, "sorted")
    indices = b.apply("top_k_indices", x, k=b.integer(c.args["k"], c.at("k"), "k"))
    return [b.apply("take_along_last", x, indices), indices]


@builtin("l2_loss", ("t",), group="reductions", grad="t * dy")
def _l2_loss(b, c):
    # tf.nn.l2_loss: sum(t^2) / 2 (gradient t * dy)
    t = b.tensor(c.args["t"], c.at("t"))
    return b.apply("divide", b.apply("reduce_sum", b.apply("square", t), axis=None, keepdims=False), b.g.const(2.0))


@builtin("norm", ("tensor", "ord", "axis", "keepdims"), {"ord": "euclidean", "axis": None, "keepdims": None},
         group="reductions", grad="euclidean: grad * x / norm (NaN at the zero vector, as TensorFlow); ord=1: grad * sign(x); "
              "ord=inf: through reduce_max of abs(x) (ties share it)")
def _norm(b, c):
    # tf.norm, built as TensorFlow builds it: vector norms over all elements (axis None) or one
    # axis; matrix norms over two axes ('fro'/'euclidean', 1, inf)
    x = b.tensor(c.args["tensor"], c.at("tensor"))
    order = c.args["ord"]
    if isinstance(order, (Node, list)) or isinstance(order, (int, float)) and not isinstance(order, bool):
        value = b.static(order, c.at("ord"), "ord")
        if value.shape != ():
            raise AgError(f"ord must be 'euclidean', 'fro', a number > 0 or inf, got a tensor of shape "
                          f"{fmt(value.shape)}", c.at("ord"))
        order = float(value)
    elif not isinstance(order, str):
        raise AgError(f"ord must be 'euclidean', 'fro', a number > 0 or inf, got {order!r}", c.at("ord"))
    if isinstance(order, str) and order.lower() in ("inf", "np.inf"):
        order = np.inf
    axes = _axis_arg(b, c)
    keepdims = c.args["keepdims"] is not None and _bool_arg(c, "keepdims")
    rank = len(x.shape)
    if axes is None:
        axes = list(range(rank))
        matrix = False
    else:
        axes = [axes] if isinstance(axes, int) else list(axes)
        matrix = len(axes) == 2
        if len(axes) not in (1, 2):
            raise AgError("norm's axis must be None, an integer or a pair of integers", c.at("axis"))
        if any(not -rank <= a < rank for a in axes):
            raise AgError(f"axis {axes} is out of range for a tensor of shape {x.shape}", c.at("axis"))
        axes = [a % rank for a in axes]
    sq = lambda t: b.apply("multiply", t, t)   # noqa: E731 (TensorFlow: tensor * conj(tensor))
    if order in ("euclidean", 2.0) and not matrix or order in ("euclidean", "fro") and matrix:
        out = b.apply("sqrt", b.apply("reduce_sum", sq(x), axis=axes, keepdims=True))
    elif order == "fro":
        raise AgError("ord='fro' is a matrix norm: give axis a pair of axes", c.at("ord"))
    elif isinstance(order, str):
        raise AgError(f"ord must be 'euclidean', 'fro', a number > 0 or inf, got '{order}'", c.at("ord"))
    elif matrix and order in (1.0, np.inf):   # 1: the largest column sum; inf: the largest row sum
        inner, outer = (axes[0], axes[1]) if order == 1.0 else (axes[1], axes[0])
        out = b.apply("reduce_max", b.apply("reduce_sum", b.apply("abs", x), axis=[inner], keepdims=True),
                      axis=[outer], keepdims=True)
    elif matrix:
        raise AgError("matrix norms here: ord 'fro', 'euclidean', 1 or inf (2 needs an SVD, not supported)",
                      c.at("ord"))
    elif order == 1.0:
        out = b.apply("reduce_sum", b.apply("abs", x), axis=axes, keepdims=True)
    elif order == np.inf:
        out = b.apply("reduce_max", b.apply("abs", x), axis=axes, keepdims=True)
    elif order > 0:
        p = b.g.const(order)
        out = b.apply("pow", b.apply("reduce_sum", b.apply("pow", b.apply("abs", x), p), axis=axes, keepdims=True),
                      b.apply("divide", b.g.const(1.0), p))
    else:
        raise AgError(f"ord must be 'euclidean', 'fro', a number > 0 or inf, got {order:g}", c.at("ord"))
    if keepdims:
        return out
    return b.apply("squeeze", out, axis=axes) if axes else out


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


@builtin("add_n", ("inputs",))
def _add_n(b, c):
    xs = _tensor_list(b, c, "inputs")
    for x in xs[1:]:   # TensorFlow adds tensors of one shape, without broadcasting
        if x.shape != xs[0].shape:
            raise AgError(f"inputs must all have one shape: {fmt(xs[0].shape)} and "
                          f"{fmt(x.shape)}", c.at("inputs"))
    return xs[0] if len(xs) == 1 else b.apply("add_n", *xs)


@builtin("shape", ("x",), group="arrays", grad="a constant: no gradient")
def _shape(b, c):
    return b.g.const(np.array(b.tensor(c.args["x"], c.at("x")).shape, dtype=np.float64))


@builtin("size", ("x",), group="arrays", grad="a constant: no gradient")
def _size(b, c):
    return b.g.const(float(np.prod(b.tensor(c.args["x"], c.at("x")).shape)))


# ---------------------------------------------------------------- elementwise with parameters

@builtin("leaky_relu", ("features", "alpha"), {"alpha": 0.2})
def _leaky_relu(b, c):
    return b.apply("leaky_relu", b.tensor(c.args["features"], c.at("features")), alpha=_float_arg(b, c, "alpha"))


@builtin("clip_by_value", ("t", "clip_value_min", "clip_value_max"),
         group="elementwise", grad="to t where it is not clipped, to the bounds where they clip")
def _clip_by_value(b, c):
    t = b.tensor(c.args["t"], c.at("t"))
    lo = b.tensor(c.args["clip_value_min"], c.at("clip_value_min"))
    hi = b.tensor(c.args["clip_value_max"], c.at("clip_value_max"))
    out = _clip(b, t, lo, hi)
    if out.shape != t.shape:
        raise AgError(f"clip_by_value: the bounds (shapes {lo.shape} and {hi.shape}) would change t's shape "
                      f"{t.shape} to {out.shape}", c.pos)
    return out


@builtin("gelu", ("features", "approximate"), {"approximate": False},
         group="elementwise", grad="grad * (0.5 * (1 + erf(x / sqrt(2))) + x * exp(-x**2 / 2) / sqrt(2 pi)); "
              "approximate=True: through tanh and x**3")
def _gelu(b, c):
    # tf.nn.gelu, as TensorFlow builds it from erf (exact) or tanh and pow (approximate)
    x = b.tensor(c.args["features"], c.at("features"))
    half_x = b.apply("multiply", b.g.const(0.5), x)
    if _bool_arg(c, "approximate"):
        cube = b.apply("pow", x, b.g.const(3.0))
        inner = b.apply("multiply", b.g.const(0.7978845608028654),
                        b.apply("add", x, b.apply("multiply", b.g.const(0.044715), cube)))
        return b.apply("multiply", half_x, b.apply("add", b.g.const(1.0), b.apply("tanh", inner)))
    scaled = b.apply("divide", x, b.g.const(1.4142135623730951))
    return b.apply("multiply", half_x, b.apply("add", b.g.const(1.0), b.apply("erf", scaled)))


def _swish(b, c):
    # tf.nn.silu = tf.nn.swish: features * sigmoid(beta * features) (its custom gradient is this one's)
    x = b.tensor(c.args["features"], c.at("features"))
    beta = b.tensor(c.args["beta"], c.at("beta"))
    return b.apply("multiply", x, b.apply("sigmoid", b.apply("multiply", beta, x)))


for _name in ("swish", "silu"):
    builtin(_name, ("features", "beta"), {"beta": 1.0}, group="elementwise", grad="to features and beta")(_swish)


@builtin("hard_sigmoid", ("x",), group="elementwise", grad="1/6 inside (-3, 3), 0 at and beyond the knees (relu6)")
def _hard_sigmoid(b, c):
    # Keras 3: relu6(x + 3) / 6 (gradient 1/6 inside (-3, 3), 0 at the knees)
    x = b.tensor(c.args["x"], c.at("x"))
    return b.apply("divide", b.apply("relu6", b.apply("add", x, b.g.const(3.0))), b.g.const(6.0))


# ---------------------------------------------------------------- creation

@builtin("constant", ("value", "dtype"), {"dtype": None}, group="creation", grad="a constant: no gradient")
def _constant(b, c):
    value = b.static(c.args["value"], c.at("value"), "constant's value")
    _check_dtype_values(c, value, "a constant")
    return b.set_dtype(b.g.const(value), dtype_arg(c) or _dtype_of_value(b, c.args["value"]))


def _dtype_of_value(b, value):
    """An integer tensor's dtype where value is one (constant(t), variable(t)), else None."""
    return b.dtype_of(value)


def _check_dtype_values(c, value, what, param="value"):
    """The values must fit the dtype given (TensorFlow refuses 2.5 as an int32); they stay float64."""
    kind = dtype_arg(c)
    if kind in INTEGER_DTYPES and not np.all(value == np.trunc(value)):
        raise AgError(f"cannot make {what} of dtype {kind} from a value that is not a whole number", c.at(param))
    if kind == "bool" and not np.all((value == 0) | (value == 1)):
        raise AgError(f"{what} of dtype bool needs True/False (or 1/0) values", c.at(param))


def _float_dtype(c):
    kind = dtype_arg(c)
    if kind not in (None, "float32", "float64"):
        raise AgError(f"dtype must be a float dtype here (float32 or float64), got {kind}", c.at("dtype"))


@builtin("zeros", ("shape", "dtype"), {"dtype": None}, group="creation", grad="a constant: no gradient")
def _zeros(b, c):
    return b.set_dtype(b.g.const(np.zeros(_const_shape(b, c))), dtype_arg(c))


@builtin("ones", ("shape", "dtype"), {"dtype": None}, group="creation", grad="a constant: no gradient")
def _ones(b, c):
    return b.set_dtype(b.g.const(np.ones(_const_shape(b, c))), dtype_arg(c))


@builtin("zeros_like", ("input", "dtype"), {"dtype": None}, group="creation", grad="no gradient (None)")
def _zeros_like(b, c):
    # TensorFlow's ZerosLike/OnesLike are NotDifferentiable: a constant, so the path is cut
    x = b.tensor(c.args["input"], c.at("input"))
    _check_size(x.shape, c.pos, b)
    return b.set_dtype(b.g.const(np.zeros(x.shape)), dtype_arg(c) or b.dtype_of(x))


@builtin("ones_like", ("input", "dtype"), {"dtype": None}, group="creation", grad="no gradient (None)")
def _ones_like(b, c):
    x = b.tensor(c.args["input"], c.at("input"))
    _check_size(x.shape, c.pos, b)
    return b.set_dtype(b.g.const(np.ones(x.shape)), dtype_arg(c) or b.dtype_of(x))


@builtin("cast", ("x", "dtype"),
         group="elementwise",
         grad="to x for a float dtype (dy passes); None for an integer or bool dtype, as TensorFlow")
def _cast(b, c):
    # Values stay float64: a float dtype passes x (gradient dy), an integer dtype truncates
    # toward zero and a bool is x != 0, both without gradient (TensorFlow's _CastGrad).
    x, kind = b.tensor(c.args["x"], c.at("x")), dtype_arg(c)
    if kind is None:
        raise AgError(f"cast needs a dtype, one of {', '.join(DTYPES)}", c.at("dtype"))
    if x.dtype == "bool":
        x = b.g.to_float(x)
    if kind in INTEGER_DTYPES:
        return b.set_dtype(b.g.cast_to_int(x), kind)
    if kind == "bool":
        return b.g.not_equal(x, b.g.const(0.0))
    if b.dtype_of(x) is not None:   # integer -> float: the same values, no gradient (TF's _CastGrad)
        return b.g.cast_to_int(x)
    return b.g.identity(x)


@builtin("fill", ("shape", "value"), group="creation", grad="to value (summed)")
def _fill(b, c):
    value = b.tensor(c.args["value"], c.at("value"))
    if value.shape != ():
        raise AgError(f"fill's value must be a scalar, got shape {value.shape}", c.at("value"))
    return b.apply("broadcast_to", value, shape=_shape_arg(b, c))


@builtin("eye", ("n", "dtype"), {"dtype": None}, group="creation", grad="a constant: no gradient")
def _eye(b, c):
    n = b.integer(c.args["n"], c.at("n"), "n")
    _check_size((n, n), c.at("n"), b)
    if n < 0:
        raise AgError("n must not be negative", c.at("n"))
    return b.set_dtype(b.g.const(np.eye(n)), dtype_arg(c))


@builtin("linspace", ("start", "stop", "num"), group="creation", grad="a constant: no gradient")
def _linspace(b, c):
    num = b.integer(c.args["num"], c.at("num"), "num")
    if num < 0:
        raise AgError("num must not be negative", c.at("num"))
    _check_size((num,), c.at("num"))
    start = b.static(c.args["start"], c.at("start"), "start")
    stop = b.static(c.args["stop"], c.at("stop"), "stop")
    try:
        bounds = np.broadcast_shapes(start.shape, stop.shape)
    except ValueError:
        raise AgError(f"start and stop have shapes {start.shape} and {stop.shape}, which do not "
                      "broadcast", c.pos) from None
    _check_size((num,) + tuple(bounds), c.pos, b)   # before NumPy allocates it (and its temporaries)
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
    seed = b.integer(c.args["seed"], c.at("seed"), "seed")
    if seed < 0:   # as numpy.random.default_rng(seed)
        raise AgError(f"seed must be a non-negative integer (numpy.random.default_rng refuses {seed})", c.at("seed"))
    return np.random.default_rng(seed)


@builtin("random_normal", ("shape", "mean", "stddev", "seed", "dtype"),
         {"mean": 0.0, "stddev": 1.0, "seed": 0.0, "dtype": None},
         group="random", grad="to mean and stddev (as TensorFlow); the draws are constants")
def _random_normal(b, c):
    _float_dtype(c)
    # Generator.normal(mean, stddev) is mean + stddev * standard_normal, draw for draw;
    # built as graph ops so gradients reach mean and stddev as in TensorFlow.
    z = b.g.const(_rng(b, c).standard_normal(_const_shape(b, c)))
    mean, stddev = b.tensor(c.args["mean"], c.at("mean")), b.tensor(c.args["stddev"], c.at("stddev"))
    return b.apply("add", mean, b.apply("multiply", stddev, z))


@builtin("random_uniform", ("shape", "minval", "maxval", "seed", "dtype"),
         {"minval": 0.0, "maxval": 1.0, "seed": 0.0, "dtype": None},
         group="random", grad="to minval and maxval; the draws are constants")
def _random_uniform(b, c):
    _float_dtype(c)
    # Generator.uniform(low, high) is low + (high - low) * random(), draw for draw.
    u = b.g.const(_rng(b, c).random(_const_shape(b, c)))
    low, high = b.tensor(c.args["minval"], c.at("minval")), b.tensor(c.args["maxval"], c.at("maxval"))
    return b.apply("add", low, b.apply("multiply", b.apply("subtract", high, low), u))


@builtin("random_int", ("low", "high", "shape", "seed"), {"seed": 0.0},
         group="random", grad="a constant: no gradient")
def _random_int(b, c):
    low = b.integer(c.args["low"], c.at("low"), "low")
    high = b.integer(c.args["high"], c.at("high"), "high")
    if high <= low:
        raise AgError(f"random_int needs low < high, got {low} and {high}", c.pos)
    return b.g.const(_rng(b, c).integers(low, high, _const_shape(b, c)).astype(np.float64))


# ---------------------------------------------------------------- learning

def _axis_op(name):
    def handler(b, c):
        return b.apply(name, b.tensor(c.args["x"], c.at("x")), axis=b.integer(c.args["axis"], c.at("axis"), "axis"))
    builtin(name, ("x", "axis"), {"axis": -1})(handler)


_axis_op("softmax")
_axis_op("log_softmax")

def _float_arg(b, c, name):
    value = b.static(c.args[name], c.at(name), name)
    if value.shape != ():
        raise AgError(f"{name} must be a number, got shape {value.shape}", c.at(name))
    return float(value)


def _clip(b, t, lo, hi):
    """tf.clip_by_value: maximum(minimum(t, hi), lo) (a value at a bound passes the gradient)."""
    return b.apply("maximum", b.apply("minimum", t, hi), lo)


# ---------------------------------------------------------------- autodiff

UNCONNECTED = ("none", "zero")


def _record(b, c, kind, ys, xs, texts_y, texts_x, values, stop=(), grad_ys=None):
    b.records.append(GradientRecord(kind, b.record_name(c.ast), line_of(c.pos), texts_y, texts_x, values,
                                    xs, ys, list(stop), grad_ys))


@builtin("gradients", ("ys", "xs", "grad_ys", "stop_gradients", "unconnected_gradients"),
         {"grad_ys": None, "stop_gradients": None, "unconnected_gradients": None},
         group="autodiff", grad="differentiable again (second derivatives)")
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


@builtin("hessians", ("ys", "xs"), group="autodiff", grad="differentiable again")
def _hessians(b, c):
    ys, texts_y = _nodes(b, c, "ys")
    xs, texts_x = _nodes(b, c, "xs")
    values = autodiff.hessians(b.g, ys, xs, texts_x)
    _record(b, c, "hessians", ys, xs, texts_y, texts_x, values)
    return values


@builtin("jacobian", ("y", "x"), group="autodiff", grad="differentiable again")
def _jacobian(b, c):
    y, x = b.tensor(c.args["y"], c.at("y")), b.tensor(c.args["x"], c.at("x"))
    value = autodiff.jacobian(b.g, y, x, b.source_text(c.exprs["x"]))
    _record(b, c, "jacobian", [y], [x], [b.source_text(c.exprs["y"])], [b.source_text(c.exprs["x"])], [value])
    return value


# ---------------------------------------------------------------- state

@builtin("variable", ("init", "dtype"), {"dtype": None},
         group="state", grad="a leaf: gradients are taken with respect to it")
def _variable(b, c):
    value = b.static(c.args["init"], c.at("init"), "a variable's initial value")
    _check_dtype_values(c, value, "a variable", "init")
    return b.set_dtype(_new_leaf(b, c, "variable", value), dtype_arg(c) or _dtype_of_value(b, c.args["init"]))


@builtin("placeholder", ("shape",), {"shape": None},
         group="state", grad="a leaf: gradients are taken with respect to it")
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
    builtin(kind, ("v", "value"), group="state",
            grad="no gradient (an update, applied at the end of each step)")(handler)


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


@builtin("group", ("inputs",), variadic=True, group="state", grad="evaluates to None")
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

