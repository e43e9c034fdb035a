"""The one table of operations.

Each row: the NumPy forward, the shape rule, the gradient rule (vector-Jacobian
products written with graph ops, so gradients are graph nodes that differentiate
again), and the SymPy form. Adding an op means adding a row here.

- `forward(*arrays, **params)` -> array.
- `shape(*shapes, **params)` -> shape; raises ShapeError with both shapes named.
- `prepare(*shapes, **params)` -> params, normalised once (axes, perms, -1 sizes).
- `vjp`: a tuple with one rule per input, or one rule for every input of a
  variadic op; a rule is `(g, node, dy[, i]) -> Node`; `None` means no gradient
  (TensorFlow's NotDifferentiable: the path is cut, the result may be None).
  A rule may return a gradient of the broadcast shape: autodiff sums it back
  to the input's shape (broadcasting is handled once, there).
- `sym(S, *args, **params)`: the same forward on SymPy. Elementwise ops get one
  SymPy scalar per argument; the others get NumPy object arrays of SymPy
  expressions. `S` is the `sympy` module plus `S.stop_gradient` (a function
  whose derivative is zero) supplied by verify. `None`: no symbolic form; the
  value is frozen at its numeric value.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .graph import ShapeError

SAME = "same"  # sym marker: the NumPy forward also works on object arrays


@dataclass(frozen=True)
class Op:
    name: str
    forward: Callable
    shape: Callable
    vjp: object = None
    sym: object = None
    elementwise: bool = False
    dtype: str = "float"
    prepare: Callable | None = None
    leaf: bool = False

    def input_vjp(self, i: int):
        """The gradient rule for input i, or None where no gradient flows."""
        if self.vjp is None:
            return None
        if callable(self.vjp):
            return lambda g, node, dy: self.vjp(g, node, dy, i)
        return self.vjp[i] if i < len(self.vjp) else None

    def carries(self, i: int) -> bool:
        """Whether a gradient flows to input i (input_vjp(i) is not None), without
        making the rule."""
        vjp = self.vjp
        if vjp is None or callable(vjp):
            return vjp is not None
        return i < len(vjp) and vjp[i] is not None

    @property
    def sym_form(self):
        """sym(S, *args, **params), or None; SAME reuses the forward on object arrays."""
        if self.sym == SAME:
            return lambda S, *args, **params: self.forward(*args, **params)
        return self.sym


OPS: dict[str, Op] = {}


def op(name, forward, shape, **kw) -> Op:
    OPS[name] = Op(name, forward, shape, **kw)
    return OPS[name]


# ---------------------------------------------------------------- shape helpers

def fmt(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + (",)" if len(shape) == 1 else ")")


def broadcast(*shapes):
    first = shapes[0]
    if all(s == first for s in shapes):
        return first
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        raise ShapeError("shapes " + " and ".join(fmt(s) for s in shapes)
                         + " cannot be broadcast together") from None


def same_shape(*shapes):
    return shapes[0]


def norm_axis(axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        raise ShapeError(f"axis {axis} is out of range for a tensor of rank {rank}")
    return axis % rank


def norm_axes(shape, axis=None, keepdims=False):
    """axis: None, an int or a list of ints -> a sorted tuple of axes."""
    if axis is None:
        axes = tuple(range(len(shape)))
    else:
        items = axis if isinstance(axis, (list, tuple)) else [axis]
        axes = tuple(sorted({norm_axis(int(a), len(shape)) for a in items}))
    return {"axes": axes, "keepdims": bool(keepdims)}


def kept_shape(shape, axes):
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def reduced_shape(shape, axes, keepdims):
    return kept_shape(shape, axes) if keepdims else tuple(d for i, d in enumerate(shape) if i not in axes)


def index_shape(shape, index):
    """Shape of x[index] without touching memory (a zero-stride view)."""
    view = np.broadcast_to(np.empty((), dtype=np.int8), shape)
    try:
        return view[index].shape
    except IndexError as exc:
        raise ShapeError(f"{exc} (tensor shape {fmt(shape)})") from None


# ---------------------------------------------------------------- gradient helpers

def _zero(g):
    return g.const(0.0)


def _reduce_grad(g, x, dy, axes):
    """Spread a reduction's upstream gradient back over x's shape."""
    return g.broadcast_to(g.reshape(dy, shape=kept_shape(x.shape, axes)), shape=x.shape)


def _swap_last(g, t):
    perm = list(range(len(t.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return g.transpose(t, perm=perm)


# ---------------------------------------------------------------- leaves

def _leaf_shape(value, **_):
    return np.shape(value)


for _leaf in ("const", "variable", "placeholder", "input", "step"):
    op(_leaf, lambda value, **_: value, _leaf_shape, leaf=True)


# ---------------------------------------------------------------- elementwise unary

def unary(name, fn, vjp, sym):
    op(name, fn, same_shape, vjp=(vjp,) if vjp else None, sym=sym, elementwise=True)


unary("negative", np.negative, lambda g, n, dy: g.negative(dy), lambda S, x: -x)
unary("abs", np.abs, lambda g, n, dy: g.multiply(dy, g.sign(n.inputs[0])), lambda S, x: S.Abs(x))
unary("sign", np.sign, lambda g, n, dy: g.zeros(n.shape), lambda S, x: S.sign(x))
unary("sqrt", np.sqrt, lambda g, n, dy: g.divide(dy, g.multiply(g.const(2.0), n)),
      lambda S, x: S.sqrt(x))
unary("square", np.square, lambda g, n, dy: g.multiply(dy, g.multiply(g.const(2.0), n.inputs[0])),
      lambda S, x: x**2)
unary("reciprocal", np.reciprocal, lambda g, n, dy: g.negative(g.multiply(dy, g.multiply(n, n))),
      lambda S, x: 1 / x)
unary("exp", np.exp, lambda g, n, dy: g.multiply(dy, n), lambda S, x: S.exp(x))
unary("log", np.log, lambda g, n, dy: g.divide(dy, n.inputs[0]), lambda S, x: S.log(x))
unary("log1p", np.log1p, lambda g, n, dy: g.divide(dy, g.add(g.const(1.0), n.inputs[0])),
      lambda S, x: S.log(1 + x))
unary("sin", np.sin, lambda g, n, dy: g.multiply(dy, g.cos(n.inputs[0])), lambda S, x: S.sin(x))
unary("cos", np.cos, lambda g, n, dy: g.negative(g.multiply(dy, g.sin(n.inputs[0]))),
      lambda S, x: S.cos(x))
unary("tan", np.tan, lambda g, n, dy: g.divide(dy, g.square(g.cos(n.inputs[0]))),
      lambda S, x: S.tan(x))
unary("tanh", np.tanh,
      lambda g, n, dy: g.multiply(dy, g.subtract(g.const(1.0), g.multiply(n, n))),
      lambda S, x: S.tanh(x))
unary("sinh", np.sinh, lambda g, n, dy: g.multiply(dy, g.cosh(n.inputs[0])), lambda S, x: S.sinh(x))
unary("cosh", np.cosh, lambda g, n, dy: g.multiply(dy, g.sinh(n.inputs[0])), lambda S, x: S.cosh(x))
unary("atan", np.arctan,
      lambda g, n, dy: g.divide(dy, g.add(g.const(1.0), g.square(n.inputs[0]))),
      lambda S, x: S.atan(x))


def _sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


unary("sigmoid", _sigmoid,
      lambda g, n, dy: g.multiply(dy, g.multiply(n, g.subtract(g.const(1.0), n))),
      lambda S, x: 1 / (1 + S.exp(-x)))
unary("relu", lambda x: np.maximum(x, 0.0),
      lambda g, n, dy: g.where(g.greater(n.inputs[0], _zero(g)), dy, _zero(g)),
      lambda S, x: S.Max(x, 0))
unary("softplus", lambda x: np.logaddexp(0.0, x),
      lambda g, n, dy: g.multiply(dy, g.sigmoid(n.inputs[0])),
      lambda S, x: S.log(1 + S.exp(x)))
unary("round", np.round, None, None)          # half to even, as TensorFlow; no gradient
unary("floor", np.floor, None, lambda S, x: S.floor(x))
unary("ceil", np.ceil, None, lambda S, x: S.ceiling(x))
unary("stop_gradient", lambda x: x, None, lambda S, x: S.stop_gradient(x))
op("to_float", lambda x: np.asarray(x, dtype=np.float64), same_shape, elementwise=True,
   sym=lambda S, c: S.Piecewise((1, c), (0, True)))

# ---------------------------------------------------------------- elementwise binary


def binary(name, fn, vjp, sym, dtype="float"):
    op(name, fn, broadcast, vjp=vjp, sym=sym, elementwise=True, dtype=dtype)


binary("add", np.add, (lambda g, n, dy: dy, lambda g, n, dy: dy), lambda S, a, b: a + b)
binary("subtract", np.subtract, (lambda g, n, dy: dy, lambda g, n, dy: g.negative(dy)),
       lambda S, a, b: a - b)
binary("multiply", np.multiply,
       (lambda g, n, dy: g.multiply(dy, n.inputs[1]), lambda g, n, dy: g.multiply(dy, n.inputs[0])),
       lambda S, a, b: a * b)
binary("divide", np.divide,
       (lambda g, n, dy: g.divide(dy, n.inputs[1]),
        lambda g, n, dy: g.negative(g.divide(g.multiply(dy, n), n.inputs[1]))),
       lambda S, a, b: a / b)


def _pow_grad_base(g, n, dy):
    a, b = n.inputs
    return g.multiply(dy, g.multiply(b, g.pow(a, g.subtract(b, g.const(1.0)))))


def _pow_grad_exponent(g, n, dy):
    # d(a**b)/db = a**b * log(a), taken as 0 where a <= 0 (TensorFlow's convention)
    a = n.inputs[0]
    positive = g.greater(a, _zero(g))
    safe_log = g.log(g.where(positive, a, g.const(1.0)))
    return g.multiply(dy, g.multiply(n, g.where(positive, safe_log, _zero(g))))


binary("pow", np.power, (_pow_grad_base, _pow_grad_exponent), lambda S, a, b: a**b)
binary("maximum", np.maximum,   # a tie's whole gradient goes to the first argument
       (lambda g, n, dy: g.where(g.greater_equal(*n.inputs), dy, _zero(g)),
        lambda g, n, dy: g.where(g.greater_equal(*n.inputs), _zero(g), dy)),
       lambda S, a, b: S.Max(a, b))
binary("minimum", np.minimum,
       (lambda g, n, dy: g.where(g.less_equal(*n.inputs), dy, _zero(g)),
        lambda g, n, dy: g.where(g.less_equal(*n.inputs), _zero(g), dy)),
       lambda S, a, b: S.Min(a, b))

for _name, _fn, _rel in (("less", np.less, "Lt"), ("less_equal", np.less_equal, "Le"),
                         ("greater", np.greater, "Gt"), ("greater_equal", np.greater_equal, "Ge"),
                         ("equal", np.equal, "Eq"), ("not_equal", np.not_equal, "Ne")):
    binary(_name, _fn, None, (lambda rel: lambda S, a, b: getattr(S, rel)(a, b))(_rel), dtype="bool")

op("where", lambda c, a, b: np.where(c, a, b), broadcast, elementwise=True,
   vjp=(None,
        lambda g, n, dy: g.where(n.inputs[0], dy, _zero(g)),
        lambda g, n, dy: g.where(n.inputs[0], _zero(g), dy)),
   sym=lambda S, c, a, b: S.Piecewise((a, c), (b, True)))


def _clip_grad(g, n, dy):
    x = n.inputs[0]
    inside = g.multiply(g.to_float(g.greater_equal(x, g.const(n.params["lo"]))),
                        g.to_float(g.less_equal(x, g.const(n.params["hi"]))))
    return g.multiply(dy, inside)


op("clip_by_value", lambda x, lo, hi: np.clip(x, lo, hi), lambda s, lo, hi: s, elementwise=True,
   vjp=(_clip_grad,), sym=lambda S, x, lo, hi: S.Max(lo, S.Min(x, hi)))

op("add_n", lambda *xs: sum(xs[1:], xs[0]), broadcast, elementwise=True,
   vjp=lambda g, n, dy, i: dy, sym=lambda S, *xs: sum(xs[1:], xs[0]))

# ---------------------------------------------------------------- matmul


def _matmul_shape(a, b):
    if len(a) < 2 or len(b) < 2:
        raise ShapeError(f"needs tensors of rank 2 or more, got shapes {fmt(a)} and {fmt(b)}")
    if a[-1] != b[-2]:
        raise ShapeError(f"inner dimensions differ: shapes {fmt(a)} and {fmt(b)}")
    return broadcast(a[:-2], b[:-2]) + (a[-2], b[-1])


op("matmul", np.matmul, _matmul_shape, sym=SAME,
   vjp=(lambda g, n, dy: g.matmul(dy, _swap_last(g, n.inputs[1])),
        lambda g, n, dy: g.matmul(_swap_last(g, n.inputs[0]), dy)))

# ---------------------------------------------------------------- reductions


def reduction(name, fn, vjp, sym):
    op(name, lambda x, axes, keepdims: fn(x, axis=axes, keepdims=keepdims),
       lambda s, axes, keepdims: reduced_shape(s, axes, keepdims),
       prepare=norm_axes, vjp=(vjp,) if vjp else None, sym=sym)


def _nonempty(fn):
    def guarded(x, axis, keepdims):
        if any(x.shape[a] == 0 for a in axis):
            raise ValueError("cannot reduce an empty axis")
        return fn(x, axis=axis, keepdims=keepdims)
    return guarded


def _max_grad(g, n, dy):
    x, axes = n.inputs[0], n.params["axes"]
    kept = kept_shape(x.shape, axes)
    hits = g.to_float(g.equal(x, g.reshape(n, shape=kept)))
    share = g.divide(hits, g.reduce_sum(hits, axis=list(axes), keepdims=True))  # ties split evenly
    return g.multiply(share, g.reshape(dy, shape=kept))


def _prod_grad(g, n, dy):
    # TensorFlow's rule: products of everything to the left and to the right (exact at zeros)
    x, axes = n.inputs[0], n.params["axes"]
    others = [i for i in range(len(x.shape)) if i not in axes]
    perm = list(axes) + others
    rows = int(np.prod([x.shape[i] for i in axes], dtype=np.int64))
    flat = g.reshape(g.transpose(x, perm=perm), shape=(rows, -1))
    left = g.cumprod(flat, axis=0, exclusive=True, reverse=False)
    right = g.cumprod(flat, axis=0, exclusive=True, reverse=True)
    permuted = tuple(x.shape[i] for i in perm)
    others_product = g.transpose(g.reshape(g.multiply(left, right), shape=permuted),
                                 perm=list(np.argsort(perm)))
    return g.multiply(others_product, _reduce_grad(g, x, dy, axes))


def _logsumexp(x, axis, keepdims):
    top = np.max(x, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    out = np.log(np.sum(np.exp(x - top), axis=axis, keepdims=True)) + top
    return out if keepdims else np.squeeze(out, axis=axis)


def _np_reduce(fn):
    return lambda S, x, axes, keepdims: fn(x, axis=axes, keepdims=keepdims)


def _sym_extreme(kind):
    def form(S, x, axes, keepdims):
        fn = S.Max if kind == "max" else S.Min
        out = np.apply_over_axes(lambda a, ax: np.expand_dims(
            np.apply_along_axis(lambda v: fn(*v), ax, a), ax), x, axes) if axes else x
        return out if keepdims else np.squeeze(out, axis=axes)
    return form


reduction("reduce_sum", np.sum, lambda g, n, dy: _reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
          _np_reduce(np.sum))
reduction("reduce_mean", _nonempty(np.mean),
          lambda g, n, dy: g.divide(_reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
                                    g.const(float(np.prod([n.inputs[0].shape[a] for a in n.params["axes"]])))),
          _np_reduce(np.mean))
reduction("reduce_max", _nonempty(np.max), _max_grad, _sym_extreme("max"))
reduction("reduce_min", _nonempty(np.min), _max_grad, _sym_extreme("min"))
reduction("reduce_prod", np.prod, _prod_grad, _np_reduce(np.prod))
reduction("reduce_logsumexp", _nonempty(_logsumexp),
          lambda g, n, dy: g.multiply(
              _reduce_grad(g, n.inputs[0], dy, n.params["axes"]),
              g.exp(g.subtract(n.inputs[0], g.reshape(n, shape=kept_shape(n.inputs[0].shape, n.params["axes"]))))),
          lambda S, x, axes, keepdims: np.vectorize(S.log, otypes=[object])(
              np.sum(np.vectorize(S.exp, otypes=[object])(x), axis=axes, keepdims=keepdims)))


def _argmax_prepare(shape, axis=0):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    return {"axis": norm_axis(int(axis), len(shape))}


op("argmax", lambda x, axis: np.argmax(x, axis=axis).astype(np.float64),
   lambda s, axis: s[:axis] + s[axis + 1:], prepare=_argmax_prepare)


def _cumulative(fn, identity):
    def forward(x, axis, exclusive, reverse):
        if reverse:
            x = np.flip(x, axis)
        out = fn(x, axis=axis)
        if exclusive:
            pad = np.full_like(np.take(out, [0], axis=axis), identity)
            out = np.concatenate([pad, np.delete(out, -1, axis=axis)], axis=axis)
        return np.flip(out, axis) if reverse else out
    return forward


op("cumsum", _cumulative(np.cumsum, 0), lambda s, **_: s, sym=SAME,
   vjp=(lambda g, n, dy: g.cumsum(dy, axis=n.params["axis"], exclusive=n.params["exclusive"],
                                  reverse=not n.params["reverse"]),))
op("cumprod", _cumulative(np.cumprod, 1), lambda s, **_: s, sym=SAME,
   vjp=(lambda g, n, dy: g.divide(
       g.cumsum(g.multiply(n, dy), axis=n.params["axis"], exclusive=n.params["exclusive"],
                reverse=not n.params["reverse"]), n.inputs[0]),))

# ---------------------------------------------------------------- shape ops


def _reshape_prepare(shape, shape_to):
    target = [int(d) for d in shape_to]
    size = int(np.prod(shape, dtype=np.int64))
    unknown = [i for i, d in enumerate(target) if d == -1]
    if len(unknown) > 1 or any(d < -1 for d in target):
        raise ShapeError(f"bad target shape {fmt(target)}")
    known = int(np.prod([d for d in target if d != -1], dtype=np.int64))
    if unknown:
        if known == 0 or size % known:
            raise ShapeError(f"cannot reshape {fmt(shape)} ({size} elements) into {fmt(target)}")
        target[unknown[0]] = size // known
    if int(np.prod(target, dtype=np.int64)) != size:
        raise ShapeError(f"cannot reshape {fmt(shape)} ({size} elements) into {fmt(target)}")
    return {"shape": tuple(target)}


def _checked(prepare):
    def wrapper(*shapes, **params):
        try:
            return prepare(*shapes, **params)
        except ShapeError:
            raise
        except (TypeError, ValueError) as exc:
            raise ShapeError(str(exc)) from None
    return wrapper


op("reshape", lambda x, shape: np.reshape(x, shape), lambda s, shape: shape, sym=SAME,
   prepare=lambda s, shape: _reshape_prepare(s, shape),
   vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),))


def _transpose_prepare(shape, perm=None):
    rank = len(shape)
    perm = list(reversed(range(rank))) if perm is None else [int(p) for p in perm]
    if sorted(p % rank if rank else p for p in perm) != list(range(rank)) or any(not -rank <= p < rank for p in perm):
        raise ShapeError(f"perm {perm} is not a permutation of the {rank} axes of shape {fmt(shape)}")
    return {"perm": tuple(p % rank for p in perm)}


op("transpose", lambda x, perm: np.transpose(x, perm), lambda s, perm: tuple(s[p] for p in perm),
   prepare=_transpose_prepare, sym=SAME,
   vjp=(lambda g, n, dy: g.transpose(dy, perm=list(np.argsort(n.params["perm"]))),))


def _expand_prepare(shape, axis):
    rank = len(shape) + 1
    return {"axis": norm_axis(int(axis), rank)}


op("expand_dims", lambda x, axis: np.expand_dims(x, axis),
   lambda s, axis: s[:axis] + (1,) + s[axis:], prepare=_expand_prepare, sym=SAME,
   vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),))


def _squeeze_prepare(shape, axis=None):
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        axes = norm_axes(shape, axis)["axes"]
        for a in axes:
            if shape[a] != 1:
                raise ShapeError(f"cannot squeeze axis {a} of size {shape[a]} in shape {fmt(shape)}")
    return {"axis": axes}


op("squeeze", lambda x, axis: np.squeeze(x, axis=axis),
   lambda s, axis: tuple(d for i, d in enumerate(s) if i not in axis), prepare=_squeeze_prepare,
   sym=SAME, vjp=(lambda g, n, dy: g.reshape(dy, shape=n.inputs[0].shape),))


def _broadcast_to_shape(s, shape):
    shape = tuple(int(d) for d in shape)
    if broadcast(s, shape) != shape:
        raise ShapeError(f"cannot broadcast shape {fmt(s)} to {fmt(shape)}")
    return shape


op("broadcast_to", lambda x, shape: np.broadcast_to(x, shape), _broadcast_to_shape, sym=SAME,
   vjp=(lambda g, n, dy: dy,))


def _concat_prepare(*shapes, axis=0):
    if not shapes:
        raise ShapeError("needs at least one tensor")
    if not shapes[0]:
        raise ShapeError("cannot concatenate scalars (use stack)")
    axis = norm_axis(int(axis), len(shapes[0]))
    for s in shapes[1:]:
        if len(s) != len(shapes[0]) or any(a != b for i, (a, b) in enumerate(zip(s, shapes[0])) if i != axis):
            raise ShapeError(f"shapes {fmt(shapes[0])} and {fmt(s)} differ outside axis {axis}")
    return {"axis": axis}


def _concat_grad(g, n, dy, i):
    axis = n.params["axis"]
    start = sum(x.shape[axis] for x in n.inputs[:i])
    index = (slice(None),) * axis + (slice(start, start + n.inputs[i].shape[axis]),)
    return g.getitem(dy, index=index)


op("concat", lambda *xs, axis: np.concatenate(xs, axis=axis),
   lambda *s, axis: s[0][:axis] + (sum(x[axis] for x in s),) + s[0][axis + 1:],
   prepare=_concat_prepare, sym=SAME, vjp=_concat_grad)


def _stack_prepare(*shapes, axis=0):
    if not shapes:
        raise ShapeError("needs at least one tensor")
    for s in shapes[1:]:
        if s != shapes[0]:
            raise ShapeError(f"all tensors need one shape, got {fmt(shapes[0])} and {fmt(s)}")
    return {"axis": norm_axis(int(axis), len(shapes[0]) + 1)}


op("stack", lambda *xs, axis: np.stack(xs, axis=axis),
   lambda *s, axis: s[0][:axis] + (len(s),) + s[0][axis:], prepare=_stack_prepare, sym=SAME,
   vjp=lambda g, n, dy, i: g.getitem(dy, index=(slice(None),) * n.params["axis"] + (i,)))


def _scatter(dy, index, shape):
    out = np.zeros(shape, dtype=np.result_type(dy, np.float64))
    out[index] = dy
    return out


def _sym_scatter(S, dy, index, shape):
    out = np.full(shape, S.Integer(0), dtype=object)
    out[index] = dy
    return out


op("getitem", lambda x, index: x[index], lambda s, index: index_shape(s, index), sym=SAME,
   vjp=(lambda g, n, dy: g.scatter(dy, index=n.params["index"], shape=n.inputs[0].shape),))
op("scatter", _scatter, lambda s, index, shape: tuple(shape), sym=_sym_scatter,
   vjp=(lambda g, n, dy: g.getitem(dy, index=n.params["index"]),))


# Indexing by a value known only when the program runs (e.g. x_train[step]):
# `pattern` holds static entries and None where the next dynamic index goes.
def _dynamic_index(pattern, shape, index_values):
    out, it = [], iter(index_values)
    for axis, entry in enumerate(pattern):
        if entry is not None:
            out.append(entry)
            continue
        value = float(np.asarray(next(it)))
        if value != int(value) if np.isfinite(value) else True:
            raise ValueError(f"index {value} is not an integer")
        size = shape[axis]
        if not -size <= int(value) < size:
            raise ValueError(f"index {int(value)} is out of range for axis {axis} of size {size}")
        out.append(int(value))
    return tuple(out)


def _static_pattern(pattern):
    return tuple(0 if e is None else e for e in pattern)


op("take", lambda x, *idx, pattern: x[_dynamic_index(pattern, x.shape, idx)],
   lambda s, *idx, pattern: index_shape(s, _static_pattern(pattern)), sym=SAME,
   # one rule: the gradient reaches x only; the index inputs have none (as tf.gather's indices)
   vjp=(lambda g, n, dy: g.untake(dy, *n.inputs[1:], pattern=n.params["pattern"],
                                  shape=n.inputs[0].shape),))
op("untake", lambda dy, *idx, pattern, shape: _scatter(dy, _dynamic_index(pattern, shape, idx), shape),
   lambda s, *idx, pattern, shape: tuple(shape),
   vjp=(lambda g, n, dy: g.take(dy, *n.inputs[1:], pattern=n.params["pattern"]),))

# ---------------------------------------------------------------- learning


def _softmax(x, axis):
    shifted = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return shifted / np.sum(shifted, axis=axis, keepdims=True)


def _log_softmax(x, axis):
    return x - _logsumexp(x, axis=(axis,), keepdims=True)


def _axis_prepare(shape, axis=-1):
    if not shape:
        raise ShapeError("needs a tensor of rank 1 or more")
    return {"axis": norm_axis(int(axis), len(shape))}


def _sym_softmax(S, x, axis):
    e = np.vectorize(S.exp, otypes=[object])(x)
    return e / np.sum(e, axis=axis, keepdims=True)


op("softmax", _softmax, lambda s, axis: s, prepare=_axis_prepare, sym=_sym_softmax,
   vjp=(lambda g, n, dy: g.multiply(n, g.subtract(
       dy, g.reduce_sum(g.multiply(dy, n), axis=n.params["axis"], keepdims=True))),))
op("log_softmax", _log_softmax, lambda s, axis: s, prepare=_axis_prepare,
   sym=lambda S, x, axis: x - np.vectorize(S.log, otypes=[object])(
       np.sum(np.vectorize(S.exp, otypes=[object])(x), axis=axis, keepdims=True)),
   vjp=(lambda g, n, dy: g.subtract(
       dy, g.multiply(g.exp(n), g.reduce_sum(dy, axis=n.params["axis"], keepdims=True))),))


def _one_hot(indices, depth):
    indices = np.asarray(indices)
    if not np.all(indices == np.round(indices)):
        raise ValueError("one_hot indices must be integers")
    return (indices[..., None] == np.arange(depth)).astype(np.float64)


op("one_hot", _one_hot, lambda s, depth: tuple(s) + (int(depth),))

# ---------------------------------------------------------------- state
# assign*(v, value) evaluates to the value it writes; `run` applies the writes at the
# end of each step (state.py). As TensorFlow's Assign/AssignAdd/AssignSub
# (NotDifferentiable), no gradient flows through an assign.


def _assign_shape(v, value):
    try:
        fits = np.broadcast_shapes(v, value) == tuple(v)
    except ValueError:
        fits = False
    if not fits:
        raise ShapeError(f"cannot write a value of shape {fmt(value)} into a variable of shape {fmt(v)}")
    return v


def _written(v, value):
    value = np.asarray(value, dtype=np.float64)
    return value if value.shape == np.shape(v) else np.broadcast_to(value, np.shape(v)).copy()


op("assign", _written, _assign_shape)
op("assign_add", lambda v, value: _written(v, np.add(v, value)), _assign_shape)
op("assign_sub", lambda v, value: _written(v, np.subtract(v, value)), _assign_shape)

# Apply the shape checks of `prepare` uniformly (errors become ShapeError).
for _name, _op in list(OPS.items()):
    if _op.prepare is not None:
        OPS[_name] = Op(**{**_op.__dict__, "prepare": _checked(_op.prepare)})
