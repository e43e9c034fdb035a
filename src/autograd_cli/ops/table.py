"""The one table of operations: `Op`, the rows (`OPS`), and the helpers rows share.

The rows themselves live beside this module, one module per group (elementwise,
reductions, arrays, linalg, learning, state); importing `autograd_cli.ops` loads
them all. Adding an op is one row plus its test entry, an `OpSpec` in
tests/ops/op_specs.py (forward reference, gradient domain, verify program, or why not:
tests/ops/test_op_specs.py fails without one); an elementwise float op's `tf=TF(...)` makes
it a function of the TensorFlow package too (tests/library/test_adding_an_op.py adds one).
A row holds everything the rest of the program knows about an op:

- `forward(*arrays, **params)` -> array (NumPy).
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
- Leaves (`leaf`): `varies`, the value may change from step to step (variables,
  placeholders, step); `free`, an independent quantity a program differentiates
  against and verify turns into a symbol (variables, placeholders, inputs).
- Facts for the compiled evaluator: `scalar` (the same function on Python
  floats, for 0-d values), `nonfinite_flows` (inputs whose NaN/inf always
  reach the output: True for all, or a tuple of input indices), `fresh` (the
  result never shares memory with an input), `rearranges` (the result is a
  view or copy of one input's elements: reshape, transpose, ...). A NumPy
  ufunc forward of a float op may write into a dead input's buffer (`out=`).
  `exact`: the ufunc forward is an IEEE basic operation (correctly rounded, like
  + - * / sqrt): an element's bits do not depend on how the array is split, so
  chains of such ops may run block by block (sin/exp/tanh's SIMD loops may round
  an array's tail differently: not exact).
  tests/ops/test_row_facts.py checks every row's facts against its forward.
- `float32`: TensorFlow's float32 CPU kernel where it is not the forward's float64 value
  rounded once (Eigen's approximations of tanh, sigmoid, exp...; reductions summing in
  float32): `float32(*float32 arrays, **params)` -> float32 array. The TensorFlow package
  computes its float32 ops with it, eagerly and in graphs (a node of `float32_op(row)`);
  `.ag` programs never do.
- `shown`: the name errors use for an op the user never calls by name (getitem and
  take are `indexing`, a gradient-only row names the function it differentiates).
- Facts for the built-in functions: `args`, the parameter names (TensorFlow's)
  of the built-in of the same name that applies this op to its arguments
  (None: the op is not called directly, or a built-in written by hand in
  build/functions.py wraps it), and `aliases`, other names of that built-in.
- `tf`: for an elementwise float op that TensorFlow publishes as a function of its own
  (tf.math.sqrt), a `TF` record: its paths, op type and kernel dtypes. The TensorFlow
  package defines that function from the row (tensorflow/math_ops.py).
- For the reference (`autograd-cli functions`, docs/language.md): `doc`, a short
  gradient note; optional, by default derived from the row ("no gradient (None)"
  when vjp is None, which inputs get one when only some do). `GROUP` records the
  module that defined each row (elementwise, reductions, ...), the reference's grouping.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from autograd_cli.support.errors import fmt
from autograd_cli.support.records import FrozenRecord, fill, replace


class ShapeError(Exception):
    """Raised by an op's shape rule; the graph adds the position."""


SAME = "same"  # sym marker: the NumPy forward also works on object arrays


# The dtypes a TensorFlow kernel takes, in the order of its OpDef (TensorFlow's dtype errors list them so).
FLOAT_COMPLEX = ("bfloat16", "half", "float", "double", "complex64", "complex128")
FLOAT_REAL = ("bfloat16", "half", "float", "double")
NN_FLOAT = ("half", "bfloat16", "float", "double")             # the nn ops' OpDefs
NN_FLOAT_COMPLEX = ("half", "bfloat16", "float", "double", "complex64", "complex128")


class TF(FrozenRecord):
    """How the TensorFlow package publishes an elementwise float row, `TF("math.sqrt", "sqrt")`:
    `paths`, the names of the function (its Python name is the first path's last part);
    `op_type`, the graph op's type and default name (None: the row's name in CamelCase,
    TensorFlow's rule for the Python names of its ops: `Sqrt`, `SquaredDifference`);
    `dtypes`, what its kernel takes (another dtype is TensorFlow's dtype error, which prints
    `signature`; None: `x:T -> y:T`, or `x:T, y:T -> z:T` for two inputs)."""

    _fields = ("paths", "op_type", "dtypes", "signature")

    def __init__(self, *paths: str, op_type: str | None = None, dtypes: tuple = FLOAT_COMPLEX,
                 signature: str | None = None):
        fill(self, paths=paths, op_type=op_type, dtypes=dtypes, signature=signature)

    def type_of(self, row: Op) -> str:
        return self.op_type or "".join(part.capitalize() for part in row.name.split("_"))

    def signature_of(self, row: Op) -> str:
        return self.signature or ("x:T -> y:T" if len(row.args) == 1 else "x:T, y:T -> z:T")


class Op(FrozenRecord):
    """One row of the table (a plain class, not a @dataclass: see records.py)."""

    _fields = ("name", "forward", "shape", "vjp", "sym", "elementwise", "dtype", "prepare", "leaf", "varies",
               "free", "scalar", "nonfinite_flows", "fresh", "rearranges", "exact", "args", "aliases", "doc",
               "shown", "cut", "float32", "tf")

    def __init__(self, name: str, forward: Callable, shape: Callable, vjp: object = None, sym: object = None,
                 elementwise: bool = False, dtype: str = "float", prepare: Callable | None = None,
                 leaf: bool = False, varies: bool = False, free: bool = False, scalar: Callable | None = None,
                 nonfinite_flows: object = False, fresh: bool = False, rearranges: bool = False,
                 exact: bool = False, args: tuple | None = None, aliases: tuple = (), doc: str | None = None,
                 shown: str = "",       # the name errors use, where the op is not a function the user wrote
                 cut: tuple = (),       # inputs a one-rule (callable) vjp never reaches (a cond's pred)
                 float32: Callable | None = None, tf: TF | None = None):
        fill(
            self, name=name, forward=forward, shape=shape, vjp=vjp, sym=sym, elementwise=elementwise, dtype=dtype,
            prepare=prepare, leaf=leaf, varies=varies, free=free, scalar=scalar, nonfinite_flows=nonfinite_flows,
            fresh=fresh, rearranges=rearranges, exact=exact, args=args, aliases=aliases, doc=doc, shown=shown,
            cut=cut, float32=float32, tf=tf)

    @property
    def title(self) -> str:
        """How errors name the op: the user's function (x[...] is `indexing`, not getitem)."""
        return self.shown or self.name

    def input_vjp(self, i: int):
        """The gradient rule for input i, or None where no gradient flows."""
        if self.vjp is None or i in self.cut:
            return None
        if callable(self.vjp):
            return lambda g, node, dy: self.vjp(g, node, dy, i)
        return self.vjp[i] if i < len(self.vjp) else None

    def carries(self, i: int) -> bool:
        """Whether a gradient flows to input i (input_vjp(i) is not None), without
        making the rule."""
        vjp = self.vjp
        if vjp is None or callable(vjp):
            return vjp is not None and i not in self.cut
        return i < len(vjp) and vjp[i] is not None

    @property
    def ufunc(self):
        """The NumPy ufunc computing this op, where the compiled evaluator may give it
        an output buffer (float results only), else None."""
        fn = self.forward
        return fn if isinstance(fn, np.ufunc) and self.dtype == "float" else None

    def keeps_nonfinite(self, i: int) -> bool:
        """Whether a NaN/inf in input i always leaves one in the output."""
        flows = self.nonfinite_flows
        return flows is True or (type(flows) is tuple and i in flows)

    @property
    def sym_form(self):
        """sym(S, *args, **params), or None; SAME reuses the forward on object arrays."""
        if self.sym == SAME:
            return lambda S, *args, **params: self.forward(*args, **params)
        return self.sym


OPS: dict[str, Op] = {}
GROUP: dict[str, str] = {}   # op name -> the ops module that defined it ("elementwise", ...)
_FLOAT32_OPS: dict[str, Op] = {}   # op name -> its float32 variant (float32_op)


def float32_op(row: Op) -> Op:
    """The row as TensorFlow computes it in float32: the same row (name, shape, gradient
    rule, facts), its forward the `float32` kernel on the values narrowed to float32 (the
    engine's values are float64 arrays of float32 numbers), widened back. A graph node of it
    stands for the op in every analysis (its name is the row's) and its gradient rule reads
    TensorFlow's value (TanhGrad and SigmoidGrad read the op's float32 output). Made once per
    row; the engine needs nothing of its own for it."""
    found = _FLOAT32_OPS.get(row.name)
    if found is None:
        kernel = row.float32
        # (the schedule keeps 0-d functions by op name: a variant must not differ there)
        assert kernel is not None and row.scalar is None, row.name

        def forward(*arrays, **params):
            narrowed = [a.astype(np.float32) if type(a) is np.ndarray else np.asarray(a, dtype=np.float32)
                        for a in arrays]
            return np.asarray(kernel(*narrowed, **params), dtype=np.float64)

        forward.float32_kernel = kernel     # (a schedule's float32 steps call it on float32 forms: float32.py)
        found = _FLOAT32_OPS[row.name] = replace(row, forward=forward, fresh=True, exact=False)
    return found


def float64_op(op: Op) -> Op:
    """The table's row of a node's op (a float32 variant's row, computing in float64)."""
    return OPS[op.name]


def op(name, forward, shape, **kw) -> Op:
    import sys

    GROUP[name] = sys._getframe(1).f_globals.get("__name__", "").rpartition(".")[2]
    if kw.get("prepare") is not None:
        kw["prepare"] = _checked(kw["prepare"])
    OPS[name] = Op(name, forward, shape, **kw)
    return OPS[name]


def _checked(prepare):
    """A prepare whose every failure is a ShapeError (the graph adds the position)."""
    def wrapper(*shapes, **params):
        try:
            return prepare(*shapes, **params)
        except ShapeError:
            raise
        except (TypeError, ValueError) as exc:
            raise ShapeError(str(exc)) from None
    return wrapper


# ---------------------------------------------------------------- shape helpers

def broadcast(*shapes):
    """NumPy's broadcast of the shapes (written out: np.broadcast_shapes makes arrays to find it)."""
    first = shapes[0]
    if all(s == first for s in shapes):
        return first
    out = list(first)
    for shape in shapes[1:]:
        if len(shape) > len(out):
            out[:0] = [1] * (len(shape) - len(out))
        for k in range(1, len(shape) + 1):
            mine, theirs = out[-k], shape[-k]
            if mine != theirs:
                if mine == 1:
                    out[-k] = theirs
                elif theirs != 1:
                    raise ShapeError("shapes " + " and ".join(fmt(s) for s in shapes)
                                     + " cannot be broadcast together")
    return tuple(out)


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

def zero(g):
    return g.const(0.0)


def reduce_grad(g, x, dy, axes):
    """Spread a reduction's upstream gradient back over x's shape."""
    return g.broadcast_to(g.reshape(dy, shape=kept_shape(x.shape, axes)), shape=x.shape)


def swap_last(g, t):
    perm = list(range(len(t.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return g.transpose(t, perm=perm)
