"""Elementwise ops: unary and binary math, comparisons, where, clipping, add_n."""
from __future__ import annotations

import math
import operator

import numpy as np

from .table import broadcast, op, same_shape, zero

# ---------------------------------------------------------------- elementwise unary

def unary(name, fn, vjp, sym, **facts):
    facts.setdefault("args", ("x",))
    op(name, fn, same_shape, vjp=(vjp,) if vjp else None, sym=sym, elementwise=True, **facts)


unary("negative", np.negative, lambda g, n, dy: g.negative(dy), lambda S, x: -x, scalar=operator.neg, nonfinite_flows=True)
unary("abs", np.abs, lambda g, n, dy: g.multiply(dy, g.sign(n.inputs[0])), lambda S, x: S.Abs(x), scalar=abs, nonfinite_flows=True)
unary("sign", np.sign, lambda g, n, dy: g.zeros(n.shape), lambda S, x: S.sign(x))
unary("sqrt", np.sqrt, lambda g, n, dy: g.divide(dy, g.multiply(g.const(2.0), n)),
      lambda S, x: S.sqrt(x), scalar=math.sqrt, nonfinite_flows=True)
unary("square", np.square, lambda g, n, dy: g.multiply(dy, g.multiply(g.const(2.0), n.inputs[0])),
      lambda S, x: x**2, scalar=lambda x: x * x, nonfinite_flows=True)
unary("reciprocal", np.reciprocal, lambda g, n, dy: g.negative(g.multiply(dy, g.multiply(n, n))),
      lambda S, x: 1 / x)
unary("exp", np.exp, lambda g, n, dy: g.multiply(dy, n), lambda S, x: S.exp(x))
unary("log", np.log, lambda g, n, dy: g.divide(dy, n.inputs[0]), lambda S, x: S.log(x), nonfinite_flows=True)
unary("log1p", np.log1p, lambda g, n, dy: g.divide(dy, g.add(g.const(1.0), n.inputs[0])),
      lambda S, x: S.log(1 + x), nonfinite_flows=True)
unary("sin", np.sin, lambda g, n, dy: g.multiply(dy, g.cos(n.inputs[0])), lambda S, x: S.sin(x), scalar=math.sin, nonfinite_flows=True)
unary("cos", np.cos, lambda g, n, dy: g.negative(g.multiply(dy, g.sin(n.inputs[0]))),
      lambda S, x: S.cos(x), scalar=math.cos, nonfinite_flows=True)
unary("tan", np.tan, lambda g, n, dy: g.divide(dy, g.square(g.cos(n.inputs[0]))),
      lambda S, x: S.tan(x), nonfinite_flows=True)
unary("tanh", np.tanh,
      lambda g, n, dy: g.multiply(dy, g.subtract(g.const(1.0), g.multiply(n, n))),
      lambda S, x: S.tanh(x))
unary("sinh", np.sinh, lambda g, n, dy: g.multiply(dy, g.cosh(n.inputs[0])), lambda S, x: S.sinh(x), nonfinite_flows=True)
unary("cosh", np.cosh, lambda g, n, dy: g.multiply(dy, g.sinh(n.inputs[0])), lambda S, x: S.cosh(x), nonfinite_flows=True)
unary("atan", np.arctan,
      lambda g, n, dy: g.divide(dy, g.add(g.const(1.0), g.square(n.inputs[0]))),
      lambda S, x: S.atan(x))


def _sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


unary("sigmoid", _sigmoid,
      lambda g, n, dy: g.multiply(dy, g.multiply(n, g.subtract(g.const(1.0), n))),
      lambda S, x: 1 / (1 + S.exp(-x)), fresh=True)
unary("relu", lambda x: np.maximum(x, 0.0),
      lambda g, n, dy: g.where(g.greater(n.inputs[0], zero(g)), dy, zero(g)),
      lambda S, x: S.Max(x, 0), fresh=True)
unary("softplus", lambda x: np.logaddexp(0.0, x),
      lambda g, n, dy: g.multiply(dy, g.sigmoid(n.inputs[0])),
      lambda S, x: S.log(1 + S.exp(x)), fresh=True)
unary("round", np.round, None, None)          # half to even, as TensorFlow; no gradient
unary("floor", np.floor, None, lambda S, x: S.floor(x))
unary("ceil", np.ceil, None, lambda S, x: S.ceiling(x))
unary("stop_gradient", lambda x: x, None, lambda S, x: S.stop_gradient(x), scalar=lambda x: x, nonfinite_flows=True, rearranges=True, args=("input",))
op("to_float", lambda x: np.asarray(x, dtype=np.float64), same_shape, elementwise=True,
   sym=lambda S, c: S.Piecewise((1, c), (0, True)))

# ---------------------------------------------------------------- elementwise binary


def binary(name, fn, vjp, sym, **facts):
    facts.setdefault("args", ("x", "y"))
    op(name, fn, broadcast, vjp=vjp, sym=sym, elementwise=True, **facts)


binary("add", np.add, (lambda g, n, dy: dy, lambda g, n, dy: dy), lambda S, a, b: a + b, scalar=operator.add, nonfinite_flows=True)
binary("subtract", np.subtract, (lambda g, n, dy: dy, lambda g, n, dy: g.negative(dy)),
       lambda S, a, b: a - b, scalar=operator.sub, nonfinite_flows=True)
binary("multiply", np.multiply,
       (lambda g, n, dy: g.multiply(dy, n.inputs[1]), lambda g, n, dy: g.multiply(dy, n.inputs[0])),
       lambda S, a, b: a * b, scalar=operator.mul, nonfinite_flows=True)
binary("divide", np.divide,
       (lambda g, n, dy: g.divide(dy, n.inputs[1]),
        lambda g, n, dy: g.negative(g.divide(g.multiply(dy, n), n.inputs[1]))),
       lambda S, a, b: a / b, scalar=operator.truediv, nonfinite_flows=(0,))


def _pow_grad_base(g, n, dy):
    a, b = n.inputs
    return g.multiply(dy, g.multiply(b, g.pow(a, g.subtract(b, g.const(1.0)))))


def _pow_grad_exponent(g, n, dy):
    # d(a**b)/db = a**b * log(a), taken as 0 where a <= 0 (TensorFlow's convention)
    a = n.inputs[0]
    positive = g.greater(a, zero(g))
    safe_log = g.log(g.where(positive, a, g.const(1.0)))
    return g.multiply(dy, g.multiply(n, g.where(positive, safe_log, zero(g))))


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


def _clip_grad(g, n, dy):
    x = n.inputs[0]
    inside = g.multiply(g.to_float(g.greater_equal(x, g.const(n.params["lo"]))),
                        g.to_float(g.less_equal(x, g.const(n.params["hi"]))))
    return g.multiply(dy, inside)


op("clip_by_value", lambda x, lo, hi: np.clip(x, lo, hi), lambda s, lo, hi: s, elementwise=True,
   vjp=(_clip_grad,), sym=lambda S, x, lo, hi: S.Max(lo, S.Min(x, hi)), fresh=True)

op("add_n", lambda *xs: sum(xs[1:], xs[0]), broadcast, elementwise=True,
   vjp=lambda g, n, dy, i: dy, sym=lambda S, *xs: sum(xs[1:], xs[0]), nonfinite_flows=True)

