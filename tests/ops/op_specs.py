"""The per-op test spec: one `OpSpec` per op row of the table and per built-in function
(PyTorch's OpInfo list is the model). The forward, gradient and verify tests take their
cases from it, and tests/ops/test_op_specs.py fails when an op or built-in has no entry,
or an entry lacks a check that applies to it without saying why.

An entry gives, for its op:
- `forward`: (.ag expression, reference value) pairs; the references are NumPy written
  here with TensorFlow's semantics, at the arrays below (tests/ops/test_ops_forward.py);
- `domain`: a sampler `(draw, rng) -> Case` of inputs where the op is smooth, for the
  check of its gradient rule against central finite differences (test_ops_gradients.py);
  `second`: its second derivative is checked the same way;
- `verify`: .ag programs on which `autograd-cli verify` must find AD, SymPy and finite
  differences agreeing at random points (tests/analysis/test_verify.py);
- `excluded`: why a check that applies to the op is absent.
Which checks apply (`applicable`): forward to every built-in; domain to every op row;
verify to every op row with a gradient rule and to every built-in that is not an op row
(an alias of a row's built-in shares the row's checks).
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import op_domains as domains
from hypothesis import strategies as st
from op_domains import (
    away_from_zero,
    binary,
    cumulative,
    distinct,
    magnitudes,
    normal,
    reduction,
    relu6_domain,
    unary,
    uniform,
)

from autograd_cli.library.functions import BUILTINS
from autograd_cli.ops import OPS

# ---------------------------------------------------------------- the forward references' inputs

rng = np.random.default_rng(2024)
A = rng.normal(size=(3, 4))
B = rng.normal(size=(4,))
C = rng.normal(size=(3, 1))
P = rng.uniform(0.2, 3.0, size=(3, 4))
M = rng.normal(size=(4, 2))
T = rng.normal(size=(2, 3, 4))
LABELS = np.eye(4)[[0, 3, 1]]
SQ = A[:, :3] @ A[:, :3].T + 3 * np.eye(3)        # symmetric positive definite
SETS = {"a": A, "b": B, "c": C, "p": P, "m": M, "t": T, "labels": LABELS}   # the names an expression may use
EULER = 0.5772156649015329

# Keras clips float32 probabilities: its upper bound 1 - 1e-7 is float32's 0.99999988
KERAS_LOW, KERAS_HIGH = float(np.float32(1e-7)), float(np.float32(1 - 1e-7))


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis=-1):
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


def _crossentropy(y_true, y_pred):
    """keras.losses.categorical_crossentropy: one loss per sample."""
    p = np.clip(y_pred / y_pred.sum(axis=-1, keepdims=True), KERAS_LOW, KERAS_HIGH)
    return -np.sum(y_true * np.log(p), axis=-1)


def _sigmoid_xent(labels, logits):
    return labels * np.log1p(np.exp(-logits)) + (1 - labels) * np.log1p(np.exp(logits))


# ---------------------------------------------------------------- verify programs

POS = st.floats(0.2, 2.0)
ANY = st.builds(lambda m, s: m * s, st.floats(0.2, 2.0), st.sampled_from([-1.0, 1.0]))


class Program(NamedTuple):
    """A verify program: `body` uses the variables a and b and assigns y, whose gradients
    with respect to a and b verify checks; a's and b's elements are drawn from `a` and `b`."""
    body: str
    a: object
    b: object
    shape_a: tuple
    shape_b: tuple


def program(body, a=ANY, b=ANY, shapes=((3,), (3,))) -> Program:
    return Program(body, a, b, *shapes)


def program_text(body, a, b):
    """The whole program: a and b hold the arrays a and b; g takes y's gradients."""
    return (f"a = variable({json.dumps(a.tolist())})\nb = variable({json.dumps(b.tolist())})\n"
            f"{body}\ng = gradients(y, [a, b])\n")


NO_AG = ("no .ag built-in: a row of the TensorFlow package's tf.linalg only (tests/tensorflow/"
         "test_linalg_decompositions.py)")


# ---------------------------------------------------------------- the entry

@dataclass(frozen=True)
class OpSpec:
    name: str
    forward: list = ()            # (.ag expression, NumPy reference)
    domain: Callable | None = None
    second: bool = False
    verify: list = ()             # Program
    excluded: str | None = None   # why a check that applies is absent


ALIASES = {alias: op.name for op in OPS.values() if op.args is not None for alias in op.aliases}


def applicable(name) -> set:
    """The checks an entry named `name` must have (or explain the absence of)."""
    checks = {"forward"} if name in BUILTINS else set()
    if name in OPS:
        checks.add("domain")
        if OPS[name].vjp is not None and not OPS[name].leaf:
            checks.add("verify")
    elif name in BUILTINS and name not in ALIASES:
        checks.add("verify")
    return checks


def present(spec) -> set:
    return {check for check in ("forward", "domain", "verify") if getattr(spec, check)}


def reduction_programs(name):
    """The reduction `name` along each axis of a (2, 3) a, and over all of a * b."""
    return [program(f"y = {name}(a, axis=0, keepdims=False) * b", shapes=((2, 3), (3,))),
            program(f"y = {name}(a, axis=1, keepdims=False) * b", shapes=((2, 3), (2,))),
            program(f"y = {name}(a * b)", shapes=((2, 3), (2, 3)))]


# ---------------------------------------------------------------- programs several entries share

# the gradient kernels' own gradients (rows of their own, as TensorFlow's ReluGrad): gradients of gradients
SECOND_ORDER_RELUS = program("y = gradients(reduce_sum(relu(a) * b * b), a)[0] * b"
                             " + gradients(reduce_sum(leaky_relu(a) * b), a)[0]")
SECOND_ORDER_ROOTS = program("y = gradients(reduce_sum(sqrt(a) * b + rsqrt(a) * b + reciprocal(a) * b), a)[0] * b",
                             a=POS)
SECOND_ORDER_ELUS = program("y = gradients(reduce_sum(elu(a) * b + selu(a) * b * b), a)[0] * b")
DIV_NO_NAN = program("y = div_no_nan(a, b) + divide_no_nan(b, a)", shapes=((2, 3), (3,)))
EXPM1_ASINH = program("y = expm1(a) * b + asinh(a) * b")
INVERSE_TRIG = program("y = asin(a * 0.3) + acos(a * 0.3) * b + atanh(a * 0.3) * b")
ERF_ERFC = program("y = erf(a) * b + erfc(a * b)")
LGAMMA_DIGAMMA = program("y = lgamma(a) * b + digamma(a * b)", a=POS, b=POS)
NAN_SAFE_PRODUCTS = program("y = mul_no_nan(a, b) + xlogy(a, b * b) + xlog1py(a, b * b) + xdivy(a, b)",
                            shapes=((2, 3), (3,)))
IDENTITY_CAST = program("y = identity(a) * b + cast(a, float32) * b + cast(cast(a * 3, int32), float32) * b"
                        " + cast(a, bool) * b")
ELU_SELU = program("y = elu(a) * b + selu(a * b)")
SWISH_SILU = program("y = swish(a) * b + silu(a, beta=b)")
EUCLIDEAN_NORMS = program("y = reduce_euclidean_norm(a, axis=1) * b + norm(a * expand_dims(b, 1))",
                          shapes=((2, 3), (2,)))
NORMS_L2_LOSS = program("y = norm(a, ord=1, axis=[0, 1]) * b + norm(a, ord=3) + l2_loss(a * b)", shapes=((2, 3), ()))
CUMSUM_CUMPROD = program("y = cumsum(a, axis=1, exclusive=True) * b + cumprod(a, reverse=True) * b",
                         shapes=((2, 3), (3,)))
TOP_K = program("y = top_k(a * b, 2)[0] + argmin(a, 1)", shapes=((2, 3), (3,)))
REGRESSION_LOSSES = program("y = huber(a, b) + huber(a, b * 3, delta=2.0) + mean_absolute_error(a, b)"
                            " + log_cosh(a, b)", shapes=((2, 3), (3,)))
MAE_LOGCOSH = program("y = mae(a, b) + logcosh(a, b)", shapes=((2, 3), (3,)))
MATMUL_TRACE = program("y = matmul(a, b, transpose_a=True) * trace(a)", shapes=((2, 2), (2, 2)))
DIAG = program("y = diag(diag_part(a) * b)", shapes=((2, 3), (2,)))
SEGMENT_SUMS = program("y = segment_sum(a * b, [0, 0, 2]) + segment_mean(a, [0, 1, 2])", shapes=((3, 2), (2,)))
COND = program("def t() = a * b\ndef f() = exp(a)\n"
               "y = cond(reduce_sum(b * b) > 0.0, t, f) + cond(b[0] * 0.0 > 1.0, t, f)", shapes=((2,), (2,)))


SPECS = [
    # ---------------------------------------------------------------- elementwise
    OpSpec("add", domain=binary(normal, normal),
           forward=[("add(a, b)", A + B), ("a + c", A + C)],
           verify=[program("y = add(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("add_n", domain=domains.add_n,
           forward=[("add_n([a, a, a])", A + A + A), ("add_n([c])", C)],
           verify=[program("y = add_n([a, a * b, b * b])", shapes=((2, 3), (2, 3)))]),
    OpSpec("subtract", domain=binary(normal, normal),
           forward=[("subtract(a, c)", A - C), ("b - a", B - A)],
           verify=[program("y = subtract(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("multiply", domain=binary(normal, normal), second=True,
           forward=[("multiply(a, b)", A * B)],
           verify=[program("y = multiply(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("divide", domain=binary(normal, magnitudes(0.5, 2.0)), second=True,
           forward=[("divide(a, p)", A / P), ("a / 2", A / 2)],
           verify=[program("y = a / b", shapes=((2, 3), (2, 3)))]),
    OpSpec("pow", domain=binary(uniform(0.4, 2.0), uniform(-2, 2)), second=True,
           forward=[("pow(p, a)", P ** A), ("p ** 2.5", P ** 2.5), ("a ** 2", A ** 2), ("a ** 3", A ** 3)],
           verify=[program("y = pow(a, b)", a=POS), program("y = a ** 2 + b ** 3", shapes=((), ()))]),
    OpSpec("negative", domain=unary(normal), forward=[("negative(a)", -A)], verify=[program("y = negative(a) * b")]),
    OpSpec("abs", domain=unary(away_from_zero), forward=[("abs(a)", np.abs(A))], verify=[program("y = abs(a) * b")]),
    OpSpec("sign", domain=unary(away_from_zero),        # gradient 0, finite differences 0 away from 0
           forward=[("sign(a)", np.sign(A)), ("sign([0.0, -0.0])", [0.0, 0.0])],
           verify=[program("y = sign(a) * b")]),
    OpSpec("sqrt", domain=unary(uniform(0.3, 3.0)), second=True,
           forward=[("sqrt(p)", np.sqrt(P))],
           verify=[program("y = sqrt(a) * b", a=POS)]),
    OpSpec("square", domain=unary(normal), forward=[("square(a)", A * A)], verify=[program("y = square(a) * b")]),
    OpSpec("reciprocal", domain=unary(magnitudes(0.5, 2.0)), second=True,
           forward=[("reciprocal(p)", 1 / P)],
           verify=[program("y = reciprocal(a) * b", a=POS)]),
    OpSpec("maximum", domain=domains.extreme_pair,
           forward=[("maximum(a, b)", np.maximum(A, B))],
           verify=[program("y = maximum(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("minimum", domain=domains.extreme_pair,
           forward=[("minimum(a, c)", np.minimum(A, C))],
           verify=[program("y = minimum(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("exp", domain=unary(uniform(-2, 2)), second=True,
           forward=[("exp(a)", np.exp(A))],
           verify=[program("y = exp(a) * b")]),
    OpSpec("log", domain=unary(uniform(0.3, 3.0)), second=True,
           forward=[("log(p)", np.log(P))],
           verify=[program("y = log(a) * b", a=POS)]),
    OpSpec("log1p", domain=unary(uniform(-0.6, 2.0)),
           forward=[("log1p(p)", np.log1p(P))],
           verify=[program("y = log1p(a) * b", a=POS)]),
    OpSpec("sin", domain=unary(uniform(-4, 4)), second=True,
           forward=[("sin(a)", np.sin(A))],
           verify=[program("y = sin(a) * b")]),
    OpSpec("cos", domain=unary(uniform(-4, 4)),
           forward=[("cos(a)", np.cos(A))],
           verify=[program("y = cos(a) * b")]),
    OpSpec("tan", domain=unary(uniform(-1.2, 1.2)),
           forward=[("tan(a)", np.tan(A))],
           verify=[program("y = tan(a * 0.5) * b")]),
    OpSpec("tanh", domain=unary(uniform(-2.5, 2.5)), second=True,
           forward=[("tanh(a)", np.tanh(A))],
           verify=[program("y = tanh(a) * b")]),
    OpSpec("sinh", domain=unary(uniform(-2, 2)),
           forward=[("sinh(a)", np.sinh(A))],
           verify=[program("y = sinh(a) * b")]),
    OpSpec("cosh", domain=unary(uniform(-2, 2)),
           forward=[("cosh(a)", np.cosh(A))],
           verify=[program("y = cosh(a) * b")]),
    OpSpec("atan", domain=unary(uniform(-3, 3)), second=True,
           forward=[("atan(a)", np.arctan(A))],
           verify=[program("y = atan(a) * b")]),
    OpSpec("sigmoid", domain=unary(uniform(-5, 5)), second=True,
           forward=[("sigmoid(a)", 1 / (1 + np.exp(-A))), ("sigmoid([-800.0, 800.0])", [0.0, 1.0])],
           verify=[program("y = sigmoid(a) * b")]),
    OpSpec("relu", domain=unary(away_from_zero),
           forward=[("relu(a)", np.where(A > 0, A, 0.0))],
           verify=[program("y = relu(a) * b")]),
    OpSpec("softplus", domain=unary(uniform(-5, 5)), second=True,
           forward=[("softplus(a)", np.log1p(np.exp(A))), ("softplus([-800.0, 800.0])", [0.0, 800.0])],
           verify=[program("y = softplus(a) * b")]),
    OpSpec("round",
           forward=[("round(a * 3)", np.round(A * 3)), ("round([0.5, 1.5, 2.5, -2.5])", [0.0, 2.0, 2.0, -2.0])],
           verify=[program("y = round(a) * b")],
           excluded="no gradient (TensorFlow: NotDifferentiable); checked to give None in test_kinks.py"),
    OpSpec("floor",
           forward=[("floor(a)", np.floor(A))],
           verify=[program("y = floor(a) * b")],
           excluded="no gradient; checked to give None in test_kinks.py"),
    OpSpec("ceil",
           forward=[("ceil(a)", np.ceil(A))],
           verify=[program("y = ceil(a) * b")],
           excluded="no gradient; checked to give None in test_kinks.py"),
    OpSpec("where", domain=domains.where,
           forward=[("where(a > 0, a, b)", np.where(A > 0, A, B)),
                    ("where(c > 0, 1.0, 2.0)", np.where(C > 0, 1.0, 2.0))],
           verify=[program("y = where(a > b, a * b, b - a)")]),
    OpSpec("stop_gradient",
           forward=[("stop_gradient(a)", A)],
           verify=[program("y = stop_gradient(a * b) * a")],
           excluded="no gradient by definition; checked in test_kinks.py"),
    OpSpec("rsqrt", domain=unary(uniform(0.3, 3.0)), second=True,
           forward=[("rsqrt(p)", 1 / np.sqrt(P))],
           verify=[program("y = rsqrt(a) * b", a=POS)]),
    OpSpec("relu6", domain=unary(relu6_domain),
           forward=[("relu6(a * 4)", np.minimum(np.maximum(A * 4, 0), 6))],
           verify=[program("y = relu6(a * 4) * b")]),
    OpSpec("leaky_relu", domain=domains.leaky_relu,
           forward=[("leaky_relu(a)", np.where(A > 0, A, 0.2 * A)),
                    ("leaky_relu(a, alpha=0.5)", np.where(A > 0, A, 0.5 * A))],
           verify=[program("y = leaky_relu(a, alpha=0.3) * b")]),
    OpSpec("div_no_nan", domain=binary(normal, magnitudes(0.5, 2.0)), second=True,
           forward=[("div_no_nan(a, [0.0, 1.0, 2.0, 0.0])", np.where([0, 1, 1, 0], A / np.array([1, 1, 2, 1]), 0.0))],
           verify=[DIV_NO_NAN]),
    OpSpec("divide_no_nan", forward=[("divide_no_nan(b, 0.0)", np.zeros(4))], verify=[DIV_NO_NAN]),
    OpSpec("clip_by_value",
           forward=[("clip_by_value(a, -0.5, 0.5)", np.clip(A, -0.5, 0.5)),
                    ("clip_by_value(t=a, clip_value_min=b, clip_value_max=1.0)", np.maximum(np.minimum(A, 1.0), B))],
           verify=[program("y = clip_by_value(a, -0.5 * b, b)", b=POS)]),
    OpSpec("expm1", domain=unary(uniform(-2, 2)), second=True,
           forward=[("expm1(a)", np.expm1(A))],
           verify=[EXPM1_ASINH]),
    OpSpec("asin", domain=unary(uniform(-0.9, 0.9)), second=True,
           forward=[("asin(a / 3)", np.arcsin(A / 3))],
           verify=[INVERSE_TRIG]),
    OpSpec("acos", domain=unary(uniform(-0.9, 0.9)), second=True,
           forward=[("acos(a / 3)", np.arccos(A / 3))],
           verify=[INVERSE_TRIG]),
    OpSpec("asinh", domain=unary(uniform(-3, 3)), second=True,
           forward=[("asinh(a)", np.arcsinh(A))],
           verify=[EXPM1_ASINH]),
    OpSpec("acosh", domain=unary(uniform(1.2, 4)), second=True,
           forward=[("acosh(p + 1)", np.arccosh(P + 1))],
           verify=[program("y = acosh(a + 1.0) * b", a=POS)]),
    OpSpec("atanh", domain=unary(uniform(-0.9, 0.9)), second=True,
           forward=[("atanh(a / 3)", np.arctanh(A / 3))],
           verify=[INVERSE_TRIG]),
    OpSpec("erf", domain=unary(uniform(-2, 2)), second=True,
           forward=[("erf(a)", np.vectorize(math.erf)(A))],
           verify=[ERF_ERFC]),
    OpSpec("erfc", domain=unary(uniform(-2, 2)), second=True,
           forward=[("erfc(a)", np.vectorize(math.erfc)(A))],
           verify=[ERF_ERFC]),
    OpSpec("erfinv", domain=unary(uniform(-0.9, 0.9)), second=True,
           forward=[("erfinv([0.3, 0.5, 0.9, -0.5])", [0.27246271472675443, 0.4769362762044699, 1.1630871536766743,
                                                      -0.4769362762044699]),
                    ("erfinv([-1.0, 1.0, 1.5])", [-np.inf, np.inf, np.nan])],
           verify=[program("y = erfinv(a) * b", a=st.floats(-0.9, 0.9))]),
    OpSpec("ndtri", domain=unary(uniform(0.05, 0.95)), second=True,
           forward=[("ndtri([0.3, 0.5, 0.9, 0.975])", [-0.5244005127080407, 0.0, 1.2815515655446004,
                                                      1.959963984540054]),
                    ("ndtri([0.0, 1.0, -0.5])", [-np.inf, np.inf, np.nan])],
           verify=[program("y = ndtri(a) * b", a=st.floats(0.05, 0.95))]),
    OpSpec("lgamma", domain=unary(uniform(0.2, 5)), second=True,
           forward=[("lgamma(p)", np.vectorize(math.lgamma)(P)), ("lgamma(a * 3)", np.vectorize(math.lgamma)(A * 3))],
           verify=[LGAMMA_DIGAMMA]),
    OpSpec("digamma", domain=unary(uniform(0.3, 5)),
           forward=[("digamma([1.0, 0.5, 2.0])", [-EULER, -EULER - 2 * math.log(2), 1 - EULER])],
           verify=[LGAMMA_DIGAMMA]),
    OpSpec("polygamma", domain=domains.polygamma,
           forward=[("polygamma(1.0, [1.0, 0.5])", [math.pi ** 2 / 6, math.pi ** 2 / 2])],
           verify=[program("y = polygamma(1.0, a) * b + polygamma(2.0, a * b)", a=POS, b=POS)]),
    OpSpec("atan2", domain=binary(away_from_zero, away_from_zero), second=True,
           forward=[("atan2(a, c)", np.arctan2(A, C)), ("atan2(y=1.0, x=-1.0)", 0.75 * math.pi)],
           verify=[program("y = atan2(a, b) * b", shapes=((2, 3), (3,)))]),
    OpSpec("squared_difference", domain=binary(normal, normal), second=True,
           forward=[("squared_difference(a, b)", (A - B) ** 2)],
           verify=[program("y = squared_difference(a, b)", shapes=((2, 3), (3,)))]),
    OpSpec("floordiv",
           forward=[("floordiv(a * 5, c)", np.floor(A * 5 / C)), ("a * 5 // 2", np.floor(A * 5 / 2))],
           excluded="no gradient (TensorFlow: FloorDiv is NotDifferentiable); values in test_ops_tf.py"),
    OpSpec("floormod", domain=domains.floormod,
           forward=[("floormod(a * 5, c)", A * 5 - np.floor(A * 5 / C) * C), ("a * 5 % 2", np.mod(A * 5, 2))],
           verify=[program("y = a % (b * 0.1 + 10.0) + (a // 10.0) * b")]),
    OpSpec("mod", forward=[("mod([-7.0, 7.0, -7.0], [2.0, -2.0, -2.0])", [1.0, -1.0, -1.0])]),
    OpSpec("truncatediv",
           forward=[("truncatediv(a * 5, c)", np.trunc(A * 5 / C))],
           excluded="no gradient (TruncateDiv is NotDifferentiable); values in test_ops_tf.py"),
    OpSpec("mul_no_nan", domain=binary(normal, away_from_zero), second=True,
           forward=[("mul_no_nan(1e400, [0.0, 2.0])", [0.0, np.inf])],
           verify=[NAN_SAFE_PRODUCTS]),
    OpSpec("multiply_no_nan", forward=[("multiply_no_nan(a, b)", A * B)]),
    OpSpec("xlogy", domain=binary(away_from_zero, uniform(0.3, 3)),
           forward=[("xlogy([0.0, 2.0, 0.0], [0.0, 3.0, -1.0])", [0.0, 2 * math.log(3), 0.0])],
           verify=[NAN_SAFE_PRODUCTS]),
    OpSpec("xlog1py", domain=binary(away_from_zero, uniform(-0.5, 3)),
           forward=[("xlog1py([0.0, 2.0], [-1.0, 3.0])", [0.0, 2 * math.log(4)])],
           verify=[NAN_SAFE_PRODUCTS]),
    OpSpec("xdivy", domain=binary(away_from_zero, magnitudes(0.5, 2.0)),
           forward=[("xdivy([0.0, 2.0], [0.0, 4.0])", [0.0, 0.5])],
           verify=[NAN_SAFE_PRODUCTS]),
    OpSpec("identity", domain=unary(normal), forward=[("identity(a)", A)], verify=[IDENTITY_CAST]),
    OpSpec("cast",
           forward=[("cast(a * 3, int32)", np.trunc(A * 3) + 0.0),
                    ("cast(a, float32)", A),
                    ("cast(a, 'float64')", A),
                    ("cast(a > 0, float32)", (A > 0).astype(float)),
                    ("cast(c, bool)", C != 0)],
           verify=[IDENTITY_CAST]),
    OpSpec("elu", domain=unary(away_from_zero), second=True,
           forward=[("elu(a)", np.where(A < 0, np.exp(A) - 1, A))],
           verify=[ELU_SELU]),
    OpSpec("selu", domain=unary(away_from_zero), second=True,
           forward=[("selu(a)", np.where(A < 0, 1.7580993408473768 * (np.exp(A) - 1), 1.0507009873554805 * A))],
           verify=[ELU_SELU]),
    OpSpec("softsign", domain=unary(away_from_zero),
           forward=[("softsign(a)", A / (1 + np.abs(A)))],
           verify=[program("y = softsign(a) * b + gradients(reduce_sum(softsign(a) * b), b)[0]")]),
    OpSpec("gelu",
           forward=[("gelu(a)", 0.5 * A * (1 + np.vectorize(math.erf)(A / math.sqrt(2)))),
                    ("gelu(a, approximate=True)",
                     0.5 * A * (1 + np.tanh(math.sqrt(2 / math.pi) * (A + 0.044715 * A ** 3))))],
           verify=[program("y = gelu(a) * b + gelu(a * b, approximate=True)")]),
    OpSpec("swish",
           forward=[("swish(a)", A / (1 + np.exp(-A))), ("swish(a, beta=2.0)", A / (1 + np.exp(-2 * A)))],
           verify=[SWISH_SILU]),
    OpSpec("silu", forward=[("silu(a)", A / (1 + np.exp(-A)))], verify=[SWISH_SILU]),
    OpSpec("hard_sigmoid",
           forward=[("hard_sigmoid(a * 4)", np.clip(A * 4 / 6 + 0.5, 0, 1))],
           verify=[program("y = hard_sigmoid(a) * b")]),
    OpSpec("round_float32",
           excluded="float32 rounding the TensorFlow package inserts when it lowers a snippet's graph (no .ag "
                    "program makes it); its gradient passes dy unchanged by definition (finite differences "
                    "would see the rounding steps): tests/tensorflow/test_float32.py"),
    OpSpec("cast_to_int", excluded="cast to an integer dtype: no gradient (TensorFlow's _CastGrad); test_ops_tf.py"),
    OpSpec("to_float", excluded="internal bool -> 0/1 conversion; its input is boolean, no gradient"),
    OpSpec("less", excluded="comparison: boolean output, no gradient"),
    OpSpec("less_equal", excluded="comparison: boolean output, no gradient"),
    OpSpec("greater", excluded="comparison: boolean output, no gradient"),
    OpSpec("greater_equal", excluded="comparison: boolean output, no gradient"),
    OpSpec("equal", excluded="comparison: boolean output, no gradient"),
    OpSpec("not_equal", excluded="comparison: boolean output, no gradient"),
    OpSpec("relu_grad", domain=binary(normal, away_from_zero), verify=[SECOND_ORDER_RELUS]),
    OpSpec("relu6_grad", domain=binary(normal, relu6_domain),
           verify=[program("y = gradients(reduce_sum(relu6(a * 4) * b * b), a)[0] * b")]),
    OpSpec("leaky_relu_grad", domain=domains.leaky_relu_grad, verify=[SECOND_ORDER_RELUS]),
    OpSpec("sqrt_grad", domain=binary(uniform(0.3, 3.0), normal), verify=[SECOND_ORDER_ROOTS]),
    OpSpec("rsqrt_grad", domain=binary(magnitudes(0.5, 2.0), normal),
           verify=[SECOND_ORDER_ROOTS]),
    OpSpec("reciprocal_grad", domain=binary(magnitudes(0.5, 2.0), normal),
           verify=[SECOND_ORDER_ROOTS]),
    OpSpec("elu_grad",
           domain=binary(normal, lambda r, s: np.where(away_from_zero(r, s) < 0, r.uniform(-0.9, -0.1, s),
                                                       r.uniform(0.1, 2, s))),
           verify=[SECOND_ORDER_ELUS]),
    OpSpec("selu_grad",
           domain=binary(normal, lambda r, s: np.where(away_from_zero(r, s) < 0, r.uniform(-1.7, -0.1, s),
                                                       r.uniform(0.1, 2, s))),
           verify=[SECOND_ORDER_ELUS]),
    OpSpec("softsign_grad",
           excluded="TensorFlow's SoftsignGrad has no gradient (the second derivative is None); test_ops_tf.py"),
    # ---------------------------------------------------------------- reductions
    OpSpec("reduce_sum", domain=reduction(normal),
           forward=[("reduce_sum(a)", A.sum()),
                    ("reduce_sum(t, axis=[0, 2])", T.sum(axis=(0, 2))),
                    ("reduce_sum(t, axis=-1, keepdims=True)", T.sum(axis=-1, keepdims=True))],
           verify=[*reduction_programs("reduce_sum"),
                   program("y = reduce_sum(a, axis=1, keepdims=True) * b", shapes=((2, 3), (2, 1)))]),
    OpSpec("reduce_mean", domain=reduction(normal),
           forward=[("reduce_mean(a, axis=0)", A.mean(axis=0)), ("reduce_mean(t)", T.mean())],
           verify=reduction_programs("reduce_mean")),
    OpSpec("reduce_max", domain=reduction(distinct),
           forward=[("reduce_max(a, axis=1)", A.max(axis=1)), ("reduce_max(t, keepdims=True)", T.max(keepdims=True))],
           verify=reduction_programs("reduce_max")),
    OpSpec("reduce_min", domain=reduction(distinct),
           forward=[("reduce_min(a, 0, True)", A.min(axis=0, keepdims=True))],
           verify=reduction_programs("reduce_min")),
    OpSpec("reduce_prod", domain=domains.reduce_prod, second=True,
           forward=[("reduce_prod(a, axis=1)", A.prod(axis=1)), ("reduce_prod(t)", T.prod())],
           verify=reduction_programs("reduce_prod")),
    OpSpec("reduce_logsumexp", domain=reduction(lambda r, s: r.normal(size=s) * 2), second=True,
           forward=[("reduce_logsumexp(a, axis=1)", np.log(np.exp(A).sum(axis=1))),
                    ("reduce_logsumexp([1000.0, 1000.0])", 1000.0 + np.log(2.0))],
           verify=reduction_programs("reduce_logsumexp")),
    OpSpec("argmax",
           forward=[("argmax(a)", A.argmax(axis=0)),
                    ("argmax(a, axis=1)", A.argmax(axis=1)),
                    ("argmax([1.0, 3.0, 3.0])", 1.0)],                       # first of a tie
           verify=[program("y = argmax(a, 0) * b", shapes=((3,), ()))],
           excluded="integer-valued output, no gradient"),
    OpSpec("reduce_any",
           forward=[("reduce_any(a > 1)", np.any(A > 1)), ("reduce_any(c, axis=0)", np.any(C != 0, axis=0))],
           excluded="boolean output, no gradient"),
    OpSpec("reduce_all",
           forward=[("reduce_all(a > -1, axis=1, keepdims=True)", np.all(A > -1, axis=1, keepdims=True))],
           excluded="boolean output, no gradient"),
    OpSpec("reduce_euclidean_norm", domain=reduction(away_from_zero), second=True,
           forward=[("reduce_euclidean_norm(a, axis=1)", np.sqrt((A * A).sum(axis=1)))],
           verify=[EUCLIDEAN_NORMS]),
    OpSpec("norm",
           forward=[("norm(a)", np.sqrt((A * A).sum())),
                    ("norm(t, axis=-1, keepdims=True)", np.linalg.norm(T, axis=-1, keepdims=True)),
                    ("norm(a, ord=1, axis=1)", np.abs(A).sum(axis=1)),
                    ("norm(a, ord='inf', axis=0)", np.abs(A).max(axis=0)),
                    ("norm(a, ord=3)", (np.abs(A) ** 3).sum() ** (1 / 3)),
                    ("norm(a, ord='fro', axis=[0, 1])", np.linalg.norm(A, "fro")),
                    ("norm(a, ord=1, axis=[0, 1])", np.linalg.norm(A, 1)),
                    ("norm(t, ord='inf', axis=[1, 2])", np.linalg.norm(T, np.inf, axis=(1, 2)))],
           verify=[EUCLIDEAN_NORMS, NORMS_L2_LOSS]),
    OpSpec("l2_loss", forward=[("l2_loss(a)", (A * A).sum() / 2)], verify=[NORMS_L2_LOSS]),
    OpSpec("cumsum", domain=cumulative(normal),
           forward=[("cumsum(a)", np.cumsum(A, axis=0)),
                    ("cumsum(a, axis=1, exclusive=True)",
                     np.concatenate([np.zeros((3, 1)), np.cumsum(A, axis=1)[:, :-1]], 1)),
                    ("cumsum(a, axis=-1, reverse=True)", np.cumsum(A[:, ::-1], axis=1)[:, ::-1])],
           verify=[CUMSUM_CUMPROD]),
    OpSpec("cumprod", domain=cumulative(magnitudes(0.5, 1.5)), second=True,   # TensorFlow's rule divides by x
           forward=[("cumprod(a, 1)", np.cumprod(A, axis=1)),
                    ("cumprod(b, exclusive=True, reverse=True)", np.append(np.cumprod(B[::-1])[::-1][1:], 1.0))],
           verify=[CUMSUM_CUMPROD]),
    OpSpec("argmin",
           forward=[("argmin(a)", A.argmin(axis=0)),
                    ("argmin(a, axis=1)", A.argmin(axis=1)),
                    ("argmin([2.0, 1.0, 1.0])", 1.0)],
           verify=[TOP_K],
           excluded="integer-valued output, no gradient"),
    OpSpec("top_k",
           forward=[("top_k(b, 2)[0]", np.sort(B)[::-1][:2]),
                    ("top_k(a, k=3)[1]", np.argsort(-A, axis=1, kind="stable")[:, :3]),
                    ("top_k([1.0, 3.0, 3.0, 2.0], 2)[1]", [1.0, 2.0])],
           verify=[TOP_K]),
    OpSpec("top_k_indices", excluded="integer-valued output, no gradient"),
    OpSpec("take_along_last", domain=domains.take_along_last, verify=[TOP_K]),
    OpSpec("put_along_last", domain=domains.put_along_last,
           excluded="made only by gradients (top_k's rule): verify checks its value inside top_k's gradients"),
    # ---------------------------------------------------------------- arrays
    OpSpec("reshape", domain=domains.reshape,
           forward=[("reshape(a, [2, -1])", A.reshape(2, -1)), ("reshape(a, [12])", A.reshape(12))],
           verify=[program("y = reshape(a, [3, 2]) * b", shapes=((2, 3), (2,)))]),
    OpSpec("transpose", domain=domains.transpose,
           forward=[("transpose(t)", T.transpose()), ("transpose(t, perm=[1, 0, 2])", T.transpose(1, 0, 2))],
           verify=[program("y = transpose(a) * b", shapes=((2, 3), (2,)))]),
    OpSpec("expand_dims", domain=domains.expand_dims,
           forward=[("expand_dims(b, 0)", B[None]), ("expand_dims(b, -1)", B[:, None])],
           verify=[program("y = expand_dims(a, 0) * b", shapes=((3,), (2, 3)))]),
    OpSpec("squeeze", domain=domains.squeeze,
           forward=[("squeeze(c)", C[:, 0]), ("squeeze(expand_dims(c, 0), axis=0)", C)],
           verify=[program("y = squeeze(a) * b", shapes=((1, 3), (3,)))]),
    OpSpec("concat", domain=domains.concat,
           forward=[("concat([a, c], 1)", np.concatenate([A, C], axis=1)),
                    ("concat([a, a], axis=0)", np.vstack([A, A]))],
           verify=[program("y = concat([a, b], 0)", shapes=((2, 3), (1, 3)))]),
    OpSpec("stack", domain=domains.stack,
           forward=[("stack([b, b * 2])", np.stack([B, B * 2])), ("stack([b, b], axis=1)", np.stack([B, B], axis=1))],
           verify=[program("y = stack([a, b], axis=1) * transpose(stack([b, a]))")]),
    OpSpec("shape", forward=[("shape(t)", [2.0, 3.0, 4.0])], excluded="a constant: no gradient"),
    OpSpec("size", forward=[("size(t)", 24.0)], excluded="a constant: no gradient"),
    OpSpec("tile", domain=domains.tile, second=True,
           forward=[("tile(c, [2, 3])", np.tile(C, (2, 3)))],
           verify=[program("y = tile(a, [2, 1]) * b", shapes=((1, 3), (3,)))]),
    OpSpec("broadcast_to", domain=domains.broadcast_to,
           forward=[("broadcast_to(b, [2, 4])", np.broadcast_to(B, (2, 4)))],
           verify=[program("y = broadcast_to(a, [2, 3]) * b", shapes=((3,), (2, 3)))]),
    OpSpec("slice",
           forward=[("slice(t, [1, 0, 1], [1, -1, 2])", T[1:2, 0:, 1:3])],
           verify=[program("y = slice(a, [0, 1], [2, 2]) * b", shapes=((2, 3), (2,)))]),
    OpSpec("split",
           forward=[("split(a, 2, axis=1)", np.stack(np.split(A, 2, axis=1))), ("split(b, [1, -1, 1])[1]", B[1:3])],
           verify=[program("y = split(a, 3, axis=1)[1] * b", shapes=((2, 3), (2, 1)))]),
    OpSpec("unstack",
           forward=[("unstack(t, axis=1)", np.stack([T[:, k] for k in range(3)]))],
           verify=[program("y = unstack(a)[1] * b", shapes=((2, 3), (3,)))]),
    OpSpec("reverse",
           forward=[("reverse(t, [0, -1])", T[::-1, :, ::-1])],
           verify=[program("y = reverse(a, [0]) * b", shapes=((2, 3), (3,)))]),
    OpSpec("rank", forward=[("rank(t)", 3.0)], excluded="a constant: no gradient"),
    OpSpec("pad", domain=domains.pad,
           forward=[("pad(a, [[1, 0], [0, 2]], constant_values=-1)", np.pad(A, [(1, 0), (0, 2)], constant_values=-1)),
                    ("pad(a, [[2, 2], [1, 3]], 'REFLECT')", np.pad(A, [(2, 2), (1, 3)], mode="reflect")),
                    ("pad(a, [[3, 0], [4, 1]], mode='symmetric')", np.pad(A, [(3, 0), (4, 1)], mode="symmetric"))],
           verify=[program("y = pad(a * b, [[1, 0], [0, 2]], constant_values=2.0)", shapes=((2, 2), (2,)))]),
    OpSpec("getitem", domain=domains.getitem,
           verify=[program("y = a[1:, 0] * b[0] + a[0, 2]", shapes=((2, 3), (2,))),
                   program("y = a[..., 0] * b[:, None] + a[::-1, ::2][0, 0]", shapes=((3, 2), (3,)))]),
    OpSpec("scatter", domain=domains.scatter,
           excluded="made only by gradients (getitem's rule): verify checks its value inside getitem's gradients"),
    OpSpec("take", domain=domains.take, verify=[program("y = a[step] * b", shapes=((3,), ()))]),
    OpSpec("untake", domain=domains.untake,
           excluded="made only by gradients (take's rule): verify checks its value inside take's gradients"),
    # ---------------------------------------------------------------- indexing
    OpSpec("gather", domain=domains.gather, second=True,
           forward=[("gather(a, [2, 0, 2])", A[[2, 0, 2]]),
                    ("gather(a, [[1], [3]], axis=1)", np.take(A, [[1], [3]], axis=1))],
           verify=[program("y = gather(a, [2, 0, 2]) * b", shapes=((3, 2), (2,))),
                   program("y = gather(a, [[1, 0], [2, 2]], axis=1, batch_dims=1) * b", shapes=((2, 3), (2,))),
                   program("y = a[[1, -1, 1]] * b", shapes=((3, 2), (2,)))]),
    OpSpec("gather_nd", domain=domains.gather_nd,
           forward=[("gather_nd(a, [[0, 1], [2, 3]])", A[[0, 2], [1, 3]])],
           verify=[program("y = gather_nd(a * b, [[0, 1], [1, 0], [0, 1]])", shapes=((2, 3), (3,)))]),
    OpSpec("scatter_nd", domain=domains.scatter_nd,
           forward=[("scatter_nd([[1], [1]], [b, b], [3, 4])", np.array([np.zeros(4), 2 * B, np.zeros(4)]))],
           verify=[program("y = scatter_nd([[1], [0], [1]], a * b, [3, 2])", shapes=((3, 2), (2,)))]),
    OpSpec("boolean_mask", domain=domains.boolean_mask,
           forward=[("boolean_mask(b, [True, False, True, True])", B[[0, 2, 3]])],
           verify=[program("y = boolean_mask(a, [True, False, True]) * b", shapes=((3, 2), (2,)))]),
    OpSpec("gather_add", domain=domains.gather_add,
           excluded="made only by gradients (gather's rule): verify checks its value inside gather's gradients"),
    OpSpec("boolean_unmask", domain=domains.boolean_unmask,
           excluded="made only by gradients (boolean_mask's rule): verify checks its value inside "
                    "boolean_mask's gradients"),
    # ---------------------------------------------------------------- linalg
    OpSpec("matmul", domain=domains.matmul, second=True,
           forward=[("matmul(a, m)", A @ M),
                    ("t @ m", T @ M),
                    ("matmul(a=a, b=m)", A @ M),
                    ("matmul(m, a, transpose_a=True, transpose_b=True)", M.T @ A.T),
                    ("matmul(t, a, transpose_b=True)", T @ A.T)],
           verify=[program("y = matmul(a, b)", shapes=((2, 3), (3, 2))),
                   program("y = a @ b @ a", shapes=((2, 2), (2, 2))),
                   MATMUL_TRACE]),
    OpSpec("tensordot",
           forward=[("tensordot(t, a, [[1, 2], [0, 1]])", np.tensordot(T, A, [[1, 2], [0, 1]])),
                    ("tensordot(a, m, 1)", np.tensordot(A, M, 1))],
           verify=[program("y = tensordot(a, b, 1)", shapes=((2, 3), (3, 2)))]),
    OpSpec("einsum", domain=domains.einsum, second=True,
           forward=[("einsum('bij,kj->bik', t, a)", np.einsum("bij,kj->bik", T, A)),
                    ("einsum('...j,j', t, b)", np.einsum("...j,j", T, B)),
                    ("einsum('ii', a[:, :3])", np.trace(A[:, :3]))],
           verify=[program("y = einsum('ij,jk->ik', a, b) + einsum('ii', a)", shapes=((2, 2), (2, 3)))]),
    OpSpec("trace", forward=[("trace(t)", np.trace(T, axis1=-2, axis2=-1))], verify=[MATMUL_TRACE]),
    OpSpec("diag", forward=[("diag(b)", np.diag(B))], verify=[DIAG]),
    OpSpec("diag_part", domain=domains.diag_part,
           forward=[("diag_part(t)", np.diagonal(T, axis1=-2, axis2=-1))],
           verify=[DIAG]),
    OpSpec("matrix_inverse", domain=domains.inverse, second=True,
           forward=[("matrix_inverse(a[:, :3])", np.linalg.inv(A[:, :3]))],
           verify=[program("y = matrix_inverse(a + 3.0 * eye(2)) * b", a=POS, shapes=((2, 2), (2,)))]),
    OpSpec("inv",
           forward=[("inv(a[:, 1:])", np.linalg.inv(A[:, 1:]))],
           verify=[program("y = inv(a + 3.0 * eye(2)) * b", a=POS, shapes=((2, 2), (2,)))]),
    OpSpec("matrix_determinant", domain=domains.inverse, second=True,
           forward=[("matrix_determinant(a[:, :3])", np.linalg.det(A[:, :3]))],
           verify=[program("y = matrix_determinant(a + 3.0 * eye(2)) * b", a=POS, shapes=((2, 2), ()))]),
    OpSpec("det",
           forward=[("det(t[:, :, 1:])", np.linalg.det(T[:, :, 1:]))],
           verify=[program("y = det(a + 3.0 * eye(2)) * b", a=POS, shapes=((2, 2), ()))]),
    OpSpec("cholesky", domain=domains.cholesky, second=True,
           forward=[(f"cholesky({SQ.tolist()})", np.linalg.cholesky(SQ))],
           verify=[program("y = cholesky(matmul(a, a, transpose_b=True) + eye(2)) * b", shapes=((2, 2), (2,)))]),
    OpSpec("matrix_diag", domain=domains.matrix_diag,
           excluded="made only by gradients (diag_part's rule): verify checks its value inside diag_part's gradients"),
    # (the TensorFlow package's decompositions: no .ag built-in, so no verify program; their values are
    # checked against NumPy and their gradients against finite differences in tests/tensorflow too)
    OpSpec("band_part", domain=domains.band_part, second=True, excluded=NO_AG),
    OpSpec("triangular_solve", domain=domains.triangular_solve, second=True, excluded=NO_AG),
    OpSpec("log_abs_det", domain=domains.inverse, second=True, excluded=NO_AG),
    OpSpec("det_sign", domain=domains.inverse, excluded=NO_AG),
    OpSpec("cross", domain=domains.cross, second=True, excluded=NO_AG),
    OpSpec("qr_q", domain=domains.qr, second=True, excluded=NO_AG),
    OpSpec("qr_r", domain=domains.qr, second=True, excluded=NO_AG),
    OpSpec("eigh_values", domain=domains.eigh_values, second=True, excluded=NO_AG),
    OpSpec("eigh_vectors", domain=domains.eigh_vectors, second=True, excluded=NO_AG),
    OpSpec("pinv", domain=domains.pinv, second=True, excluded=NO_AG),
    # ---------------------------------------------------------------- segments
    OpSpec("segment_sum", domain=domains.segment_sum,
           forward=[("segment_sum(a, [0, 0, 3])", np.array([A[0] + A[1], np.zeros(4), np.zeros(4), A[2]]))],
           verify=[SEGMENT_SUMS]),
    OpSpec("unsorted_segment_sum",
           forward=[("unsorted_segment_sum(a, [2, -1, 2], 4)",
                     np.array([np.zeros(4), np.zeros(4), A[0] + A[2], np.zeros(4)]))],
           verify=[program("y = unsorted_segment_sum(a, [1, -1, 0], 3) * b", shapes=((3, 2), (2,)))]),
    OpSpec("segment_mean",
           forward=[("segment_mean(a, [1, 1, 1])", np.array([np.zeros(4), A.mean(axis=0)]))],
           verify=[SEGMENT_SUMS]),
    OpSpec("segment_max", domain=domains.segment_max,
           forward=[("segment_max(a, [0, 1, 1])", np.array([A[0], np.maximum(A[1], A[2])]))],
           verify=[program("y = segment_max(a * b, [0, 0, 1])", shapes=((3, 2), (2,)))]),
    OpSpec("unsorted_segment_max",
           forward=[("unsorted_segment_max(a, [2, 0, 2], 4)",
                     np.array([A[1], np.full(4, -np.inf), np.maximum(A[0], A[2]), np.full(4, -np.inf)]))],
           verify=[program("y = unsorted_segment_max(a * b, [1, 0, 1], 2)", shapes=((3, 2), (2,)))]),
    OpSpec("unsorted_segment_min",
           forward=[("unsorted_segment_min(a, [1, 1, 0], 3, empty=5.0)",
                     np.array([A[2], np.minimum(A[0], A[1]), np.full(4, 5.0)]))],
           verify=[program("y = unsorted_segment_min(a * b, [1, 0, 1], 2)", shapes=((3, 2), (2,)))]),
    OpSpec("segment_gather", domain=domains.segment_gather,
           excluded="made only by gradients (the segment reductions' rule): verify checks its value inside "
                    "their gradients"),
    # ---------------------------------------------------------------- creation
    OpSpec("constant",
           forward=[("constant([[1, 2]])", [[1.0, 2.0]]), ("constant(3)", 3.0)],
           excluded="a constant: no gradient"),
    OpSpec("zeros", forward=[("zeros([2, 3])", np.zeros((2, 3)))], excluded="a constant: no gradient"),
    OpSpec("ones", forward=[("ones([3])", np.ones(3)), ("ones(2)", np.ones(2))], excluded="a constant: no gradient"),
    OpSpec("fill",
           forward=[("fill([2, 2], 7.5)", np.full((2, 2), 7.5))],
           verify=[program("y = fill([2, 2], a) * b", shapes=((), (2, 2)))]),
    OpSpec("eye", forward=[("eye(3)", np.eye(3))], excluded="a constant: no gradient"),
    OpSpec("linspace", forward=[("linspace(0.0, 1.0, 5)", np.linspace(0, 1, 5))], excluded="a constant: no gradient"),
    OpSpec("ones_like",
           forward=[("ones_like(a)", np.ones((3, 4))), ("ones_like(b, dtype=int32)", np.ones(4))],
           excluded="a constant: no gradient"),
    OpSpec("zeros_like", forward=[("zeros_like(t)", np.zeros((2, 3, 4)))], excluded="a constant: no gradient"),
    # ---------------------------------------------------------------- random
    OpSpec("random_normal",
           forward=[("random_normal([2, 3], seed=7)", np.random.default_rng(7).normal(0, 1, (2, 3))),
                    ("random_normal([4], mean=2, stddev=0.5, seed=1)", np.random.default_rng(1).normal(2, 0.5, (4,)))],
           verify=[program("y = random_normal([3], mean=a, stddev=b, seed=1)", shapes=((), ()))]),
    OpSpec("random_uniform",
           forward=[("random_uniform([3], minval=-1, maxval=2, seed=3)",
                     np.random.default_rng(3).uniform(-1, 2, (3,)))],
           verify=[program("y = random_uniform([3], minval=a, maxval=a + b * b + 1.0, seed=2)", shapes=((), ()))]),
    OpSpec("random_int",
           forward=[("random_int(0, 10, [5], seed=4)", np.random.default_rng(4).integers(0, 10, (5,)).astype(float))],
           excluded="a constant: no gradient"),
    # ---------------------------------------------------------------- learning
    OpSpec("one_hot",
           forward=[("one_hot([0, 2], depth=3)", np.eye(3)[[0, 2]]), ("one_hot([[1]], 2)", [[[0.0, 1.0]]])],
           excluded="integer indices in, no gradient"),
    OpSpec("softmax", domain=domains.softmax, second=True,
           forward=[("softmax(a)", _softmax(A)), ("softmax(a, axis=0)", _softmax(A, axis=0))],
           verify=[program("y = softmax(a) * b", shapes=((2, 3), (3,)))]),
    OpSpec("log_softmax", domain=domains.softmax, second=True,
           forward=[("log_softmax(a)", np.log(_softmax(A)))],
           verify=[program("y = log_softmax(a, axis=0) * b", shapes=((2, 3), (3,)))]),
    OpSpec("categorical_crossentropy",
           forward=[("categorical_crossentropy(labels, softmax(a))",   # from the logits (Keras)
                     -np.sum(LABELS * _log_softmax(A), axis=-1)),
                    ("categorical_crossentropy(labels, p)", _crossentropy(LABELS, P))],
           verify=[program("y = categorical_crossentropy(one_hot([0, 2], depth=3), softmax(a * b))",
                           shapes=((2, 3), (3,))),
                   program("y = categorical_crossentropy(one_hot([1, 0], 3), softmax(a * b))"
                           " + categorical_crossentropy(softmax(b), a * a, from_logits=True)", shapes=((2, 3), (3,))),
                   program("y = categorical_crossentropy(one_hot([1, 0], 3), a * a + 0.1, label_smoothing=0.1)",
                           shapes=((2, 3), (3,)))]),
    OpSpec("mean_squared_error",
           forward=[("mean_squared_error(a, b)", np.mean((B - A) ** 2, axis=-1))],
           verify=[program("y = mean_squared_error(a, b * b)", shapes=((2, 3), (2, 3)))]),
    OpSpec("softmax_cross_entropy_with_logits", domain=domains.softmax_xent,
           forward=[("softmax_cross_entropy_with_logits(labels, a)", -np.sum(LABELS * _log_softmax(A), axis=-1)),
                    ("softmax_cross_entropy_with_logits(labels=p, logits=a)", -np.sum(P * _log_softmax(A), axis=-1))],
           verify=[program("y = softmax_cross_entropy_with_logits(one_hot([0, 2], 3), a * b)", shapes=((2, 3), (3,))),
                   program("y = softmax_cross_entropy_with_logits(softmax(b), a)", shapes=((2, 3), (3,)))]),
    OpSpec("softmax_xent_backprop", domain=domains.softmax_xent_backprop,
           excluded="the cross-entropy kernel's backprop, made only by its gradient (no .ag function): its "
                    "values in softmax_cross_entropy_with_logits' verify programs and the float32 fixture"),
    OpSpec("sigmoid_cross_entropy_with_logits",
           forward=[("sigmoid_cross_entropy_with_logits(labels=labels, logits=a)", _sigmoid_xent(LABELS, A))],
           verify=[program("y = sigmoid_cross_entropy_with_logits(labels=sigmoid(b), logits=a)")]),
    OpSpec("binary_crossentropy",
           forward=[("binary_crossentropy(labels, sigmoid(a))", np.mean(_sigmoid_xent(LABELS, A), axis=-1)),  # from the logits
                    ("binary_crossentropy(labels, p / 4)",
                     np.mean(-(LABELS * np.log(P / 4) + (1 - LABELS) * np.log(1 - P / 4)), axis=-1)),
                    ("binary_crossentropy(labels, a, from_logits=True)", np.mean(_sigmoid_xent(LABELS, A), axis=-1))],
           verify=[program("y = binary_crossentropy(sigmoid(b), sigmoid(a))"
                           " + binary_crossentropy(sigmoid(b), sigmoid(a) * 0.5)", shapes=((2, 3), (3,)))]),
    OpSpec("sparse_softmax_cross_entropy_with_logits",
           forward=[("sparse_softmax_cross_entropy_with_logits(labels=[0, 3, 1], logits=a)",
                     -np.sum(LABELS * _log_softmax(A), axis=-1))],
           verify=[program("y = sparse_softmax_cross_entropy_with_logits(labels=[0, 2], logits=a * b)",
                           shapes=((2, 3), (3,)))]),
    OpSpec("sparse_categorical_crossentropy",
           forward=[("sparse_categorical_crossentropy([0, 3, 1], softmax(a))", -np.sum(LABELS * _log_softmax(A), axis=-1)),
                    ("sparse_categorical_crossentropy([[0], [3], [1]], a, from_logits=True)",
                     -np.sum(LABELS * _log_softmax(A), axis=-1)),
                    ("sparse_categorical_crossentropy([0, 3, 1], p / 4)",   # clipped, renormalised
                     -np.log((P / P.sum(axis=-1, keepdims=True))[[0, 1, 2], [0, 3, 1]])),
                    ("sparse_categorical_crossentropy([0, 3, 1], p)",
                     -np.log((np.minimum(P, KERAS_HIGH) / np.minimum(P, KERAS_HIGH).sum(
                         axis=-1, keepdims=True))[[0, 1, 2], [0, 3, 1]]))],
           verify=[program("y = sparse_categorical_crossentropy([1, 0], softmax(a * b))"
                           " + sparse_categorical_crossentropy([[2], [0]], a * a * 0.1 + 0.2)", shapes=((2, 3), (3,)))]),
    OpSpec("huber",
           forward=[("huber(a, p)",
                     np.mean(np.where(np.abs(P - A) <= 1, 0.5 * (P - A) ** 2, np.abs(P - A) - 0.5), axis=-1)),
                    ("huber(a, p, delta=2.0)",
                     np.mean(np.where(np.abs(P - A) <= 2, 0.5 * (P - A) ** 2, 2 * np.abs(P - A) - 2), axis=-1))],
           verify=[REGRESSION_LOSSES]),
    OpSpec("mean_absolute_error",
           forward=[("mean_absolute_error(a, p)", np.mean(np.abs(A - P), axis=-1))],
           verify=[REGRESSION_LOSSES]),
    OpSpec("mae", forward=[("mae(c, [1.0, 2.0, 3.0])", np.abs(C[:, 0] - [1.0, 2.0, 3.0]))],   # Keras: (3, 1) with (3,) -> (3, 1)
           verify=[MAE_LOGCOSH]),
    OpSpec("log_cosh",
           forward=[("log_cosh(a, p)", np.mean(np.log(np.cosh(P - A)), axis=-1))],
           verify=[REGRESSION_LOSSES]),
    OpSpec("logcosh", forward=[("logcosh(b, b * 2)", np.mean(np.log(np.cosh(B))))], verify=[MAE_LOGCOSH]),
    # ---------------------------------------------------------------- control
    OpSpec("branch", domain=domains.branch, verify=[COND]),
    OpSpec("custom_gradient", domain=domains.custom_gradient,
           excluded="its rule defines the derivative, so verify skips it: test_control_flow.py"),
    OpSpec("py_function",
           excluded="no gradient (TensorFlow's PyFunc has none); the oracle corpus checks it (graph_py_func, "
                    "graph_numpy_function_runs)"),
    OpSpec("cond", verify=[COND], excluded="control flow taking defs: its values in test_control_flow.py"),
    OpSpec("while_loop",
           verify=[program("def c(i, v) = i < 3.0\ndef s(i, v) = [i + 1.0, v * a + b]\nn, y = while_loop(c, s, [0.0, b])",
                           shapes=((2,), (2,)))],
           excluded="control flow taking defs: its values in test_control_flow.py"),
    # ---------------------------------------------------------------- autodiff
    OpSpec("gradients",
           excluded="autodiff itself: test_kinks.py, test_language.py, test_ops_gradients.py and verify's own tests"),
    OpSpec("hessians", excluded="autodiff itself: test_kinks.py and test_verify.py's hessians test"),
    OpSpec("jacobian", excluded="autodiff itself: test_kinks.py and test_verify.py's jacobian test"),
    # ---------------------------------------------------------------- state
    OpSpec("const", excluded="a leaf (a value, not a function)"),
    OpSpec("variable", excluded="a leaf (a value, not a function); state: test_run.py"),
    OpSpec("placeholder", excluded="a leaf (a value, not a function); state: test_run.py"),
    OpSpec("input", excluded="a leaf (a value, not a function)"),
    OpSpec("step", excluded="a leaf (a value, not a function)"),
    OpSpec("assign",
           excluded="an update, run at the end of each step, with no gradient (TensorFlow's Assign is "
                    "NotDifferentiable): its values and None gradient in test_run.py"),
    OpSpec("assign_add",
           excluded="an update, run at the end of each step, with no gradient (AssignAdd is "
                    "NotDifferentiable): values in test_run.py"),
    OpSpec("assign_sub",
           excluded="an update, run at the end of each step, with no gradient (AssignSub is "
                    "NotDifferentiable): values in test_run.py"),
    OpSpec("group", excluded="evaluates to None; the updates it groups run at the end of each step: test_run.py"),
]
