"""Elementwise ops: unary and binary math, comparisons, where, clipping, add_n."""
from __future__ import annotations

import math
import operator

import numpy as np

from autograd_cli.ops import float32_kernels as k32, special
from autograd_cli.ops.table import (FLOAT_COMPLEX, FLOAT_REAL, NN_FLOAT, NN_FLOAT_COMPLEX, TF, broadcast, op,
                                     same_shape, zero)

# ---------------------------------------------------------------- elementwise unary

def unary(name, fn, vjp, sym, **facts):
    facts.setdefault("args", ("x",))
    op(name, fn, same_shape, vjp=(vjp,) if vjp else None, sym=sym, elementwise=True, **facts)


unary("negative", np.negative, lambda g, n, dy: g.negative(dy), lambda S, x: -x, scalar=operator.neg, nonfinite_flows=True, exact=True)
unary("abs", np.abs, lambda g, n, dy: g.multiply(dy, g.sign(n.inputs[0])), lambda S, x: S.Abs(x), scalar=abs, nonfinite_flows=True, exact=True)
unary("sign", np.sign, lambda g, n, dy: g.zeros(n.shape), lambda S, x: S.sign(x),
      doc="zeros (a connected path, not None)")
# sqrt, rsqrt, reciprocal: TensorFlow's kernels (SqrtGrad, ...) take the OUTPUT and give 0
# where the upstream gradient is 0, even at x = 0 (see the grad rows below).
unary("sqrt", np.sqrt, lambda g, n, dy: g.sqrt_grad(n, dy),
      lambda S, x: S.sqrt(x), scalar=math.sqrt, nonfinite_flows=True, exact=True, tf=TF("math.sqrt", "sqrt"))
unary("rsqrt", lambda x: 1.0 / np.sqrt(x), lambda g, n, dy: g.rsqrt_grad(n, dy),
      lambda S, x: 1 / S.sqrt(x), fresh=True,   # (rsqrt(inf) = 0: a NaN/inf need not flow)
      tf=TF("math.rsqrt", "rsqrt"))
unary("square", np.square, lambda g, n, dy: g.multiply(dy, g.multiply(g.const(2.0), n.inputs[0])),
      lambda S, x: x**2, scalar=lambda x: x * x, nonfinite_flows=True, exact=True)
unary("reciprocal", np.reciprocal, lambda g, n, dy: g.reciprocal_grad(n, dy),
      lambda S, x: 1 / x,
      tf=TF("math.reciprocal", "reciprocal", dtypes=FLOAT_COMPLEX + ("int8", "int16", "int32", "int64")))
unary("exp", np.exp, lambda g, n, dy: g.multiply(dy, n), lambda S, x: S.exp(x), float32=k32.exp,
      tf=TF("math.exp", "exp"))
# log, log1p, tan, atan: TensorFlow's rules multiply by a reciprocal (float32 rounds it first)
unary("log", np.log, lambda g, n, dy: g.multiply(dy, g.reciprocal(n.inputs[0])), lambda S, x: S.log(x), nonfinite_flows=True,
      float32=k32.log, tf=TF("math.log", "log"))
unary("log1p", np.log1p, lambda g, n, dy: g.multiply(dy, g.reciprocal(g.add(g.const(1.0), n.inputs[0]))),
      lambda S, x: S.log(1 + x), nonfinite_flows=True, float32=k32.log1p, tf=TF("math.log1p", "log1p"))
unary("sin", np.sin, lambda g, n, dy: g.multiply(dy, g.cos(n.inputs[0])), lambda S, x: S.sin(x), nonfinite_flows=True,
      float32=k32.sin, tf=TF("math.sin", "sin"))
unary("cos", np.cos, lambda g, n, dy: g.negative(g.multiply(dy, g.sin(n.inputs[0]))),
      lambda S, x: S.cos(x), nonfinite_flows=True, float32=k32.cos, tf=TF("math.cos", "cos"))
unary("tan", np.tan, lambda g, n, dy: g.multiply(g.square(g.reciprocal(g.cos(n.inputs[0]))), dy),
      lambda S, x: S.tan(x), nonfinite_flows=True, tf=TF("math.tan", "tan"))
unary("tanh", np.tanh,
      lambda g, n, dy: g.multiply(dy, g.subtract(g.const(1.0), g.multiply(n, n))),
      lambda S, x: S.tanh(x), float32=k32.tanh, tf=TF("math.tanh", "tanh", "nn.tanh"))
unary("sinh", np.sinh, lambda g, n, dy: g.multiply(dy, g.cosh(n.inputs[0])), lambda S, x: S.sinh(x), nonfinite_flows=True,
      tf=TF("math.sinh", "sinh"))
unary("cosh", np.cosh, lambda g, n, dy: g.multiply(dy, g.sinh(n.inputs[0])), lambda S, x: S.cosh(x), nonfinite_flows=True,
      tf=TF("math.cosh", "cosh"))
unary("atan", np.arctan,
      lambda g, n, dy: g.multiply(dy, g.reciprocal(g.add(g.const(1.0), g.square(n.inputs[0])))),
      lambda S, x: S.atan(x), tf=TF("math.atan", "atan"))


# ---- issue 12: more of TensorFlow's elementwise math (gradients as TensorFlow's math_grad.py)
unary("expm1", np.expm1, lambda g, n, dy: g.multiply(dy, g.exp(n.inputs[0])), lambda S, x: S.exp(x) - 1,
      float32=k32.expm1, tf=TF("math.expm1", "expm1"))
unary("asin", np.arcsin,   # dy * reciprocal(sqrt(1 - x^2))
      lambda g, n, dy: g.multiply(dy, g.reciprocal(g.sqrt(g.subtract(g.const(1.0), g.square(n.inputs[0]))))),
      lambda S, x: S.asin(x), nonfinite_flows=True, tf=TF("math.asin", "asin"))
unary("acos", np.arccos,
      lambda g, n, dy: g.negative(g.multiply(dy, g.reciprocal(g.sqrt(g.subtract(g.const(1.0), g.square(n.inputs[0])))))),
      lambda S, x: S.acos(x), nonfinite_flows=True, tf=TF("math.acos", "acos"))
unary("asinh", np.arcsinh, lambda g, n, dy: g.divide(dy, g.cosh(n)), lambda S, x: S.asinh(x), nonfinite_flows=True,
      tf=TF("math.asinh", "asinh"))
unary("acosh", np.arccosh, lambda g, n, dy: g.divide(dy, g.sinh(n)), lambda S, x: S.acosh(x), nonfinite_flows=True,
      tf=TF("math.acosh", "acosh"))
unary("atanh", np.arctanh,
      lambda g, n, dy: g.multiply(dy, g.reciprocal(g.subtract(g.const(1.0), g.square(n.inputs[0])))),
      lambda S, x: S.atanh(x), nonfinite_flows=True, tf=TF("math.atanh", "atanh"))
unary("erf", special.erf,
      lambda g, n, dy: g.multiply(dy, g.multiply(g.const(2 / math.sqrt(math.pi)), g.exp(g.negative(g.square(n.inputs[0]))))),
      lambda S, x: S.erf(x), fresh=True, tf=TF("math.erf", "erf", dtypes=FLOAT_REAL))
unary("erfc", special.erfc,
      lambda g, n, dy: g.multiply(dy, g.multiply(g.const(-2 / math.sqrt(math.pi)), g.exp(g.negative(g.square(n.inputs[0]))))),
      lambda S, x: S.erfc(x), fresh=True, tf=TF("math.erfc", "erfc", dtypes=FLOAT_REAL))
unary("lgamma", special.lgamma, lambda g, n, dy: g.multiply(dy, g.digamma(n.inputs[0])),
      lambda S, x: S.loggamma(x), fresh=True, tf=TF("math.lgamma", "lgamma", dtypes=FLOAT_REAL))
unary("digamma", lambda x: special.polygamma(0, x),
      lambda g, n, dy: g.multiply(dy, g.polygamma(g.const(1.0), n.inputs[0])),
      lambda S, x: S.polygamma(0, x), fresh=True, tf=TF("math.digamma", "digamma", dtypes=FLOAT_REAL))
# erfinv and ndtri: TensorFlow's gradients are written with the output y (math_grad.py)
unary("erfinv", special.erfinv,
      lambda g, n, dy: g.multiply(g.multiply(dy, g.const(math.sqrt(math.pi) / 2)), g.exp(g.square(n))),
      lambda S, x: S.erfinv(x), fresh=True, float32=special.erfinv_float32, tf=TF("math.erfinv", dtypes=FLOAT_REAL))
unary("ndtri", special.ndtri,
      lambda g, n, dy: g.multiply(g.multiply(dy, g.const(math.sqrt(2 * math.pi))),
                                  g.exp(g.divide(g.square(n), g.const(2.0)))),
      lambda S, x: S.sqrt(2) * S.erfinv(2 * x - 1), fresh=True, float32=special.ndtri_float32,
      tf=TF("math.ndtri", dtypes=FLOAT_REAL))
op("polygamma", special.polygamma, broadcast, elementwise=True, args=("a", "x"), fresh=True,
   vjp=(None,   # TensorFlow: no gradient for the order a
        lambda g, n, dy: g.multiply(dy, g.polygamma(g.add(n.inputs[0], g.const(1.0)), n.inputs[1]))),
   sym=lambda S, a, x: S.polygamma(a, x))
unary("identity", lambda x: x, lambda g, n, dy: dy, lambda S, x: x, scalar=lambda x: x, nonfinite_flows=True,
      rearranges=True, args=("input",))
# TensorFlow computes float32 tensors in float32: the TensorFlow package rounds each float32
# op's (float64) result with this row. Its gradient passes dy unchanged.
ROUND_FLOAT32 = "round_float32"


def _round_float32(x):
    if type(x) is np.ndarray:       # (astype of dtypes is a faster call than asarray; the same conversion)
        return x.astype(_FLOAT32).astype(_FLOAT64)
    return np.asarray(x, dtype=np.float32).astype(np.float64)


_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)


unary(ROUND_FLOAT32, _round_float32, lambda g, n, dy: dy,
      lambda S, x: x, scalar=lambda x: float(np.float32(x)), args=None, nonfinite_flows=True, fresh=True,
      shown="float32")
unary("cast_to_int", lambda x: np.trunc(x) + 0.0, None, lambda S, x: S.sign(x) * S.floor(S.Abs(x)), args=None, fresh=True,
      shown="cast")  # cast(x, int32): toward 0


def _sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


unary("sigmoid", _sigmoid,
      lambda g, n, dy: g.multiply(dy, g.multiply(n, g.subtract(g.const(1.0), n))),
      lambda S, x: 1 / (1 + S.exp(-x)), fresh=True, float32=k32.sigmoid, tf=TF("math.sigmoid", "sigmoid", "nn.sigmoid"))
# relu, relu6, leaky_relu: the gradient is a mask op of its own (TensorFlow's ReluGrad,
# Relu6Grad, LeakyReluGrad) whose gradient with respect to the features is zeros
# (ReluGradGrad): a second derivative is zeros with a live path, not None.
unary("relu", lambda x: np.maximum(x, 0.0), lambda g, n, dy: g.relu_grad(dy, n),
      lambda S, x: S.Max(x, 0), fresh=True, args=("features",))
unary("relu6", lambda x: np.minimum(np.maximum(x, 0.0), 6.0), lambda g, n, dy: g.relu6_grad(dy, n),
      lambda S, x: S.Min(S.Max(x, 0), 6), fresh=True, args=("features",))
op("leaky_relu", lambda x, alpha: np.where(x > 0, x, x * alpha), lambda s, alpha: s, elementwise=True,
   vjp=(lambda g, n, dy: g.leaky_relu_grad(dy, n.inputs[0], alpha=n.params["alpha"]),),
   sym=lambda S, x, alpha: S.Piecewise((x, x > 0), (alpha * x, True)), fresh=True,
   doc="grad where features > 0, else alpha * grad")
# elu, selu: the gradient is TensorFlow's EluGrad/SeluGrad kernel (reads the output), with its GradGrad
SELU_SCALE = 1.0507009873554804934193349852946
SELU_SCALE_ALPHA = 1.7580993408473768599402175208123   # scale * alpha, alpha = 1.6732632423543772848170429916717
unary("elu", lambda x: np.where(x < 0, np.expm1(np.minimum(x, 0.0)), x), lambda g, n, dy: g.elu_grad(dy, n),
      lambda S, x: S.Piecewise((S.exp(x) - 1, x < 0), (x, True)), fresh=True, args=("features",))
unary("selu", lambda x: np.where(x < 0, SELU_SCALE_ALPHA * np.expm1(np.minimum(x, 0.0)), SELU_SCALE * x),
      lambda g, n, dy: g.selu_grad(dy, n),
      lambda S, x: S.Piecewise((SELU_SCALE_ALPHA * (S.exp(x) - 1), x < 0), (SELU_SCALE * x, True)), fresh=True,
      args=("features",))
# softsign: TensorFlow's SoftsignGrad has no gradient of its own, so no second derivative
unary("softsign", lambda x: x / (1 + np.abs(x)), lambda g, n, dy: g.softsign_grad(dy, n.inputs[0]),
      lambda S, x: x / (1 + S.Abs(x)), fresh=True, nonfinite_flows=True, args=("features",))
unary("softplus", lambda x: np.logaddexp(0.0, x),
      lambda g, n, dy: g.multiply(dy, g.sigmoid(n.inputs[0])),
      lambda S, x: S.log(1 + S.exp(x)), fresh=True, float32=k32.softplus, args=("features",),
      tf=TF("math.softplus", "nn.softplus", dtypes=NN_FLOAT, signature="features:T -> activations:T"))
unary("round", np.round, None, None)          # half to even, as TensorFlow; no gradient
unary("floor", np.floor, None, lambda S, x: S.floor(x), tf=TF("math.floor", "floor", dtypes=FLOAT_REAL))
unary("ceil", np.ceil, None, lambda S, x: S.ceiling(x), tf=TF("math.ceil", "ceil", dtypes=FLOAT_REAL))
unary("stop_gradient", lambda x: x, None, lambda S, x: S.stop_gradient(x), scalar=lambda x: x, nonfinite_flows=True, rearranges=True, args=("input",))
op("to_float", lambda x: np.asarray(x, dtype=np.float64), same_shape, elementwise=True,
   sym=lambda S, c: S.Piecewise((1, c), (0, True)))

# ---------------------------------------------------------------- elementwise binary


def binary(name, fn, vjp, sym, **facts):
    facts.setdefault("args", ("x", "y"))
    op(name, fn, broadcast, vjp=vjp, sym=sym, elementwise=True, **facts)


binary("add", np.add, (lambda g, n, dy: dy, lambda g, n, dy: dy), lambda S, a, b: a + b, scalar=operator.add, nonfinite_flows=True, exact=True)
binary("subtract", np.subtract, (lambda g, n, dy: dy, lambda g, n, dy: g.negative(dy)),
       lambda S, a, b: a - b, scalar=operator.sub, nonfinite_flows=True, exact=True)
binary("multiply", np.multiply,
       (lambda g, n, dy: g.multiply(dy, n.inputs[1]), lambda g, n, dy: g.multiply(dy, n.inputs[0])),
       lambda S, a, b: a * b, scalar=operator.mul, nonfinite_flows=True, exact=True)
binary("divide", np.divide,
       (lambda g, n, dy: g.divide(dy, n.inputs[1]),
        lambda g, n, dy: g.negative(g.divide(g.multiply(dy, n), n.inputs[1]))),
       lambda S, a, b: a / b, scalar=operator.truediv, nonfinite_flows=(0,), exact=True)


def _pow_grad_base(g, n, dy):
    a, b = n.inputs        # (dy * b) * a**(b - 1): TensorFlow's order, which float32 rounding shows
    return g.multiply(g.multiply(dy, b), g.pow(a, g.subtract(b, g.const(1.0))))


def _pow_grad_exponent(g, n, dy):
    # d(a**b)/db = a**b * log(a), taken as 0 where a <= 0 (TensorFlow's convention)
    a = n.inputs[0]
    positive = g.greater(a, zero(g))
    safe_log = g.log(g.where(positive, a, g.const(1.0)))
    return g.multiply(g.multiply(dy, n), g.where(positive, safe_log, zero(g)))


def _div_no_nan(x, y):
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)   # (Python floats: 1 / 0 raises)
    with np.errstate(all="ignore"):
        return np.where(y == 0, 0.0, x / y)


# div_no_nan: 0 where y == 0 (even for an inf/nan x); TensorFlow's _DivNoNanGrad
binary("div_no_nan", _div_no_nan,
       (lambda g, n, dy: g.div_no_nan(dy, n.inputs[1]),
        lambda g, n, dy: g.multiply(dy, g.div_no_nan(g.div_no_nan(g.negative(n.inputs[0]), n.inputs[1]),
                                                     n.inputs[1]))),
       lambda S, a, b: S.Piecewise((0, S.Eq(b, 0)), (a / b, True)), fresh=True, aliases=("divide_no_nan",))


def _where_nonzero(fn, zero_at):
    """fn(x, y), and 0 where the zero_at argument (0: x, 1: y) is 0, whatever the other is."""
    def forward(x, y):
        x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
        with np.errstate(all="ignore"):
            return np.where((x, y)[zero_at] == 0, 0.0, fn(x, y))
    return forward


def _nonzero(g, x):
    return g.to_float(g.not_equal(x, zero(g)))


binary("mul_no_nan", _where_nonzero(np.multiply, 1),
       (lambda g, n, dy: g.mul_no_nan(dy, n.inputs[1]), lambda g, n, dy: g.mul_no_nan(n.inputs[0], dy)),
       lambda S, a, b: S.Piecewise((0, S.Eq(b, 0)), (a * b, True)), fresh=True, aliases=("multiply_no_nan",))
# xlogy, xlog1py, xdivy: 0 where x == 0. Their x-gradient reaches x only through x != 0, so
# (as in TensorFlow) the second derivative in x is None.
binary("xlogy", _where_nonzero(lambda x, y: x * np.log(y), 0),
       (lambda g, n, dy: g.multiply(dy, g.xlogy(_nonzero(g, n.inputs[0]), n.inputs[1])),
        lambda g, n, dy: g.multiply(dy, g.xdivy(*n.inputs))),
       lambda S, a, b: S.Piecewise((0, S.Eq(a, 0)), (a * S.log(b), True)), fresh=True,
       tf=TF("math.xlogy", dtypes=NN_FLOAT_COMPLEX))
binary("xlog1py", _where_nonzero(lambda x, y: x * np.log1p(y), 0),
       (lambda g, n, dy: g.multiply(dy, g.xlog1py(_nonzero(g, n.inputs[0]), n.inputs[1])),
        lambda g, n, dy: g.multiply(dy, g.xdivy(n.inputs[0], g.add(n.inputs[1], g.const(1.0))))),
       lambda S, a, b: S.Piecewise((0, S.Eq(a, 0)), (a * S.log(1 + b), True)), fresh=True,
       tf=TF("math.xlog1py", dtypes=NN_FLOAT_COMPLEX))
binary("xdivy", _where_nonzero(np.divide, 0),
       (lambda g, n, dy: g.multiply(dy, g.xdivy(_nonzero(g, n.inputs[0]), n.inputs[1])),
        lambda g, n, dy: g.multiply(dy, g.xdivy(g.negative(n.inputs[0]), g.pow(n.inputs[1], g.const(2.0))))),
       lambda S, a, b: S.Piecewise((0, S.Eq(a, 0)), (a / b, True)), fresh=True,
       tf=TF("math.xdivy", dtypes=NN_FLOAT_COMPLEX))


def _atan2_grad(g, n, dy, i):
    y, x = n.inputs
    t = g.divide(dy, g.add(g.square(x), g.square(y)))
    return g.multiply(x, t) if i == 0 else g.negative(g.multiply(y, t))


op("atan2", np.arctan2, broadcast, elementwise=True, vjp=_atan2_grad, sym=lambda S, y, x: S.atan2(y, x),
   args=("y", "x"), tf=TF("math.atan2", "atan2", dtypes=FLOAT_REAL, signature="y:T, x:T -> z:T"))
binary("squared_difference", lambda x, y: np.square(x - y),
       (lambda g, n, dy: g.multiply(g.multiply(g.const(2.0), dy), g.subtract(*n.inputs)),
        lambda g, n, dy: g.negative(g.multiply(g.multiply(g.const(2.0), dy), g.subtract(*n.inputs)))),
       lambda S, a, b: (a - b)**2, fresh=True, nonfinite_flows=True)
# floordiv (//) and truncatediv have no gradient; floormod (%) has TensorFlow's (dy, -dy * floordiv(x, y))
binary("floordiv", np.floor_divide, None, lambda S, a, b: S.floor(a / b))
binary("floormod", np.mod, (lambda g, n, dy: dy, lambda g, n, dy: g.multiply(g.negative(dy), g.floordiv(*n.inputs))),
       # x - y floor(x / y), floor held: its derivative is 0 away from the jumps (SymPy's Mod gives NaN)
       lambda S, a, b: a - b * S.stop_gradient(S.floor(a / b)), aliases=("mod",))


def _truncatediv(x, y):
    if np.any(np.asarray(y) == 0):
        raise ValueError("Integer division by zero")   # TensorFlow's TruncateDiv (integers only)
    return np.trunc(np.divide(x, y))


binary("truncatediv", _truncatediv, None, lambda S, a, b: S.sign(a / b) * S.floor(S.Abs(a / b)), fresh=True)


binary("pow", np.power, (_pow_grad_base, _pow_grad_exponent), lambda S, a, b: a**b)
binary("maximum", np.maximum,   # a tie's whole gradient goes to the first argument
       (lambda g, n, dy: g.where(g.greater_equal(*n.inputs), dy, zero(g)),
        lambda g, n, dy: g.where(g.greater_equal(*n.inputs), zero(g), dy)),
       lambda S, a, b: S.Max(a, b))
binary("minimum", np.minimum,
       (lambda g, n, dy: g.where(g.less_equal(*n.inputs), dy, zero(g)),
        lambda g, n, dy: g.where(g.less_equal(*n.inputs), zero(g), dy)),
       lambda S, a, b: S.Min(a, b))

for _name, _fn, _rel in (("less", np.less, "Lt"), ("less_equal", np.less_equal, "Le"),
                         ("greater", np.greater, "Gt"), ("greater_equal", np.greater_equal, "Ge"),
                         ("equal", np.equal, "Eq"), ("not_equal", np.not_equal, "Ne")):
    binary(_name, _fn, None, (lambda rel: lambda S, a, b: getattr(S, rel)(a, b))(_rel), dtype="bool", args=None)

op("where", lambda c, a, b: np.where(c, a, b), broadcast, elementwise=True,
   vjp=(None,
        lambda g, n, dy: g.where(n.inputs[0], dy, zero(g)),
        lambda g, n, dy: g.where(n.inputs[0], zero(g), dy)),
   sym=lambda S, c, a, b: S.Piecewise((a, c), (b, True)), fresh=True, args=("condition", "x", "y"))


op("add_n", lambda *xs: sum(xs[1:], xs[0]), broadcast, elementwise=True,
   vjp=lambda g, n, dy, i: dy, sym=lambda S, *xs: sum(xs[1:], xs[0]), nonfinite_flows=True,
   doc="grad to every input")



# ---------------------------------------------------------------- TensorFlow's gradient kernels
# Rows for the first derivatives TensorFlow computes with a kernel of its own, so that
# their gradients (the second derivatives) are TensorFlow's registered ones. Not built-ins.


def _masked(fn):
    """fn(y, dy) where dy != 0, else 0 (TensorFlow's SqrtGrad/RsqrtGrad/ReciprocalGrad)."""
    def kernel(y, dy):
        # (the compiled schedule may pass 0-d values as Python floats, where 1 / 0 raises)
        y, dy = np.asarray(y, dtype=np.float64), np.asarray(dy, dtype=np.float64)
        with np.errstate(all="ignore"):
            return np.where(dy == 0, 0.0, fn(y, dy))
    return kernel


def _masked_sym(fn):
    return lambda S, y, dy: S.Piecewise((0, S.Eq(dy, 0)), (fn(y, dy), True))


def _kernel(name, fn, vjp, sym, doc=None):
    op(name, fn, broadcast, vjp=vjp, sym=sym, elementwise=True, fresh=True, doc=doc,
       shown=name[:-len("_grad")] + " (gradient)")


def _zeros_for(k):
    """The gradient for input k that is zeros (a real tensor: the path stays connected)."""
    return lambda g, n, dy: g.zeros(n.inputs[k].shape)


# relu_grad(dy, out) = dy where out > 0; ReluGradGrad: (relu_grad(ddx, out), zeros)
_kernel("relu_grad", lambda dy, f: np.where(f > 0, dy, 0.0),
        (lambda g, n, ddx: g.relu_grad(ddx, n.inputs[1]), _zeros_for(1)),
        lambda S, dy, f: S.Piecewise((dy, f > 0), (0, True)), doc="grad where out > 0, else 0")
_kernel("relu6_grad", lambda dy, f: np.where((f > 0) & (f < 6), dy, 0.0),
        (lambda g, n, ddx: g.relu6_grad(ddx, n.inputs[1]), _zeros_for(1)),
        lambda S, dy, f: S.Piecewise((dy, (f > 0) & (f < 6)), (0, True)), doc="grad where 0 < out < 6, else 0")
op("leaky_relu_grad", lambda dy, x, alpha: np.where(x > 0, dy, dy * alpha), lambda *s, alpha: broadcast(*s), elementwise=True,
   vjp=(lambda g, n, ddx: g.leaky_relu_grad(ddx, n.inputs[1], alpha=n.params["alpha"]), _zeros_for(1)),
   sym=lambda S, dy, x, alpha: S.Piecewise((dy, x > 0), (alpha * dy, True)), fresh=True, shown="leaky_relu (gradient)")

# sqrt_grad(y, dy) = 0.5 dy / y; SqrtGradGrad: (-(ddx / y) * out, 0.5 * ddx / y)
_kernel("sqrt_grad", _masked(lambda y, dy: 0.5 * dy / y),
        (lambda g, n, ddx: g.negative(g.multiply(g.divide(ddx, n.inputs[0]), n)),
         lambda g, n, ddx: g.multiply(g.const(0.5), g.divide(ddx, n.inputs[0]))),
        _masked_sym(lambda y, dy: dy / (2 * y)), doc="grad / (2 * out), 0 where grad is 0")
# rsqrt_grad(y, dy) = -0.5 dy y^3; RsqrtGradGrad: (-1.5 ddx dy y^2, rsqrt_grad(y, ddx))
_kernel("rsqrt_grad", _masked(lambda y, dy: -0.5 * dy * y ** 3),
        (lambda g, n, ddx: g.multiply(g.const(-1.5), g.multiply(g.multiply(ddx, n.inputs[1]), g.square(n.inputs[0]))),
         lambda g, n, ddx: g.rsqrt_grad(n.inputs[0], ddx)),
        _masked_sym(lambda y, dy: -dy * y**3 / 2), doc="-grad * out**3 / 2, 0 where grad is 0")
# reciprocal_grad(y, dy) = -dy y^2; ReciprocalGradGrad: (-2 ddx dy y, reciprocal_grad(y, ddx))
_kernel("reciprocal_grad", _masked(lambda y, dy: -dy * y * y),
        (lambda g, n, ddx: g.multiply(g.const(-2.0), g.multiply(g.multiply(ddx, n.inputs[1]), n.inputs[0])),
         lambda g, n, ddx: g.reciprocal_grad(n.inputs[0], ddx)),
        _masked_sym(lambda y, dy: -dy * y**2), doc="-grad * out**2, 0 where grad is 0")
# elu_grad(dy, out) = dy (out + 1) where out < 0, else dy; EluGradGrad: (elu_grad(ddx, out), where(out < 0, ddx dy, 0))
_kernel("elu_grad", lambda dy, f: np.where(f < 0, dy * (f + 1), dy),
        (lambda g, n, ddx: g.elu_grad(ddx, n.inputs[1]),
         lambda g, n, ddx: g.where(g.less(n.inputs[1], zero(g)), g.multiply(ddx, n.inputs[0]), zero(g))),
        lambda S, dy, f: S.Piecewise((dy * (f + 1), f < 0), (dy, True)), doc="grad * (out + 1) where out < 0, else grad")
_kernel("selu_grad", lambda dy, f: np.where(f < 0, dy * (f + SELU_SCALE_ALPHA), dy * SELU_SCALE),
        (lambda g, n, ddx: g.selu_grad(ddx, n.inputs[1]),
         lambda g, n, ddx: g.where(g.less(n.inputs[1], zero(g)), g.multiply(ddx, n.inputs[0]), zero(g))),
        lambda S, dy, f: S.Piecewise((dy * (f + SELU_SCALE_ALPHA), f < 0), (dy * SELU_SCALE, True)), doc="grad * (out + 1.7581) where out < 0, else grad * 1.0507")
# softsign_grad(dy, x) = dy / (1 + |x|)^2, no gradient (TensorFlow registers none)
_kernel("softsign_grad", lambda dy, x: dy / np.square(1 + np.abs(x)), None,
        lambda S, dy, x: dy / (1 + S.Abs(x))**2, doc="grad / (1 + |features|)**2 (it has no gradient itself)")
