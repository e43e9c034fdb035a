"""Every §4 built-in's value against a NumPy reference written here (TensorFlow's
semantics), at random float64 points given through --set. The gradient tests
check the gradient rules against each op's forward; these check the forwards."""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from autograd_cli import evaluate
from autograd_cli.library.functions import BUILTINS

rng = np.random.default_rng(2024)
A = rng.normal(size=(3, 4))
B = rng.normal(size=(4,))
C = rng.normal(size=(3, 1))
P = rng.uniform(0.2, 3.0, size=(3, 4))
M = rng.normal(size=(4, 2))
T = rng.normal(size=(2, 3, 4))


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis=-1):
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


# Keras clips float32 probabilities: its upper bound 1 - 1e-7 is float32's 0.99999988
KERAS_LOW, KERAS_HIGH = float(np.float32(1e-7)), float(np.float32(1 - 1e-7))


def _crossentropy(y_true, y_pred):
    """keras.losses.categorical_crossentropy: one loss per sample."""
    p = np.clip(y_pred / y_pred.sum(axis=-1, keepdims=True), KERAS_LOW, KERAS_HIGH)
    return -np.sum(y_true * np.log(p), axis=-1)


LABELS = np.eye(4)[[0, 3, 1]]
EULER = 0.5772156649015329

# function -> [(expression, reference value)]
FORWARD = {
    "add": [("add(a, b)", A + B), ("a + c", A + C)],
    "add_n": [("add_n([a, a, a])", A + A + A), ("add_n([c])", C)],
    "subtract": [("subtract(a, c)", A - C), ("b - a", B - A)],
    "multiply": [("multiply(a, b)", A * B)],
    "divide": [("divide(a, p)", A / P), ("a / 2", A / 2)],
    "pow": [("pow(p, a)", P ** A), ("p ** 2.5", P ** 2.5), ("a ** 2", A ** 2), ("a ** 3", A ** 3)],
    "negative": [("negative(a)", -A)],
    "abs": [("abs(a)", np.abs(A))],
    "sign": [("sign(a)", np.sign(A)), ("sign([0.0, -0.0])", [0.0, 0.0])],
    "sqrt": [("sqrt(p)", np.sqrt(P))],
    "square": [("square(a)", A * A)],
    "reciprocal": [("reciprocal(p)", 1 / P)],
    "maximum": [("maximum(a, b)", np.maximum(A, B))],
    "minimum": [("minimum(a, c)", np.minimum(A, C))],
    "matmul": [("matmul(a, m)", A @ M), ("t @ m", T @ M), ("matmul(a=a, b=m)", A @ M)],
    "exp": [("exp(a)", np.exp(A))],
    "log": [("log(p)", np.log(P))],
    "log1p": [("log1p(p)", np.log1p(P))],
    "sin": [("sin(a)", np.sin(A))],
    "cos": [("cos(a)", np.cos(A))],
    "tan": [("tan(a)", np.tan(A))],
    "tanh": [("tanh(a)", np.tanh(A))],
    "sinh": [("sinh(a)", np.sinh(A))],
    "cosh": [("cosh(a)", np.cosh(A))],
    "atan": [("atan(a)", np.arctan(A))],
    "sigmoid": [("sigmoid(a)", 1 / (1 + np.exp(-A))), ("sigmoid([-800.0, 800.0])", [0.0, 1.0])],
    "relu": [("relu(a)", np.where(A > 0, A, 0.0))],
    "softplus": [("softplus(a)", np.log1p(np.exp(A))), ("softplus([-800.0, 800.0])", [0.0, 800.0])],
    "round": [("round(a * 3)", np.round(A * 3)), ("round([0.5, 1.5, 2.5, -2.5])", [0.0, 2.0, 2.0, -2.0])],
    "floor": [("floor(a)", np.floor(A))],
    "ceil": [("ceil(a)", np.ceil(A))],
    "where": [("where(a > 0, a, b)", np.where(A > 0, A, B)), ("where(c > 0, 1.0, 2.0)", np.where(C > 0, 1.0, 2.0))],
    "reduce_sum": [("reduce_sum(a)", A.sum()), ("reduce_sum(t, axis=[0, 2])", T.sum(axis=(0, 2))),
                   ("reduce_sum(t, axis=-1, keepdims=True)", T.sum(axis=-1, keepdims=True))],
    "reduce_mean": [("reduce_mean(a, axis=0)", A.mean(axis=0)), ("reduce_mean(t)", T.mean())],
    "reduce_max": [("reduce_max(a, axis=1)", A.max(axis=1)), ("reduce_max(t, keepdims=True)", T.max(keepdims=True))],
    "reduce_min": [("reduce_min(a, 0, True)", A.min(axis=0, keepdims=True))],
    "reduce_prod": [("reduce_prod(a, axis=1)", A.prod(axis=1)), ("reduce_prod(t)", T.prod())],
    "reduce_logsumexp": [("reduce_logsumexp(a, axis=1)", np.log(np.exp(A).sum(axis=1))),
                         ("reduce_logsumexp([1000.0, 1000.0])", 1000.0 + np.log(2.0))],
    "argmax": [("argmax(a)", A.argmax(axis=0)), ("argmax(a, axis=1)", A.argmax(axis=1)),
               ("argmax([1.0, 3.0, 3.0])", 1.0)],                       # first of a tie
    "reshape": [("reshape(a, [2, -1])", A.reshape(2, -1)), ("reshape(a, [12])", A.reshape(12))],
    "transpose": [("transpose(t)", T.transpose()), ("transpose(t, perm=[1, 0, 2])", T.transpose(1, 0, 2))],
    "expand_dims": [("expand_dims(b, 0)", B[None]), ("expand_dims(b, -1)", B[:, None])],
    "squeeze": [("squeeze(c)", C[:, 0]), ("squeeze(expand_dims(c, 0), axis=0)", C)],
    "concat": [("concat([a, c], 1)", np.concatenate([A, C], axis=1)), ("concat([a, a], axis=0)", np.vstack([A, A]))],
    "stack": [("stack([b, b * 2])", np.stack([B, B * 2])), ("stack([b, b], axis=1)", np.stack([B, B], axis=1))],
    "shape": [("shape(t)", [2.0, 3.0, 4.0])],
    "size": [("size(t)", 24.0)],
    "constant": [("constant([[1, 2]])", [[1.0, 2.0]]), ("constant(3)", 3.0)],
    "zeros": [("zeros([2, 3])", np.zeros((2, 3)))],
    "ones": [("ones([3])", np.ones(3)), ("ones(2)", np.ones(2))],
    "fill": [("fill([2, 2], 7.5)", np.full((2, 2), 7.5))],
    "eye": [("eye(3)", np.eye(3))],
    "linspace": [("linspace(0.0, 1.0, 5)", np.linspace(0, 1, 5))],
    "one_hot": [("one_hot([0, 2], depth=3)", np.eye(3)[[0, 2]]), ("one_hot([[1]], 2)", [[[0.0, 1.0]]])],
    "random_normal": [("random_normal([2, 3], seed=7)", np.random.default_rng(7).normal(0, 1, (2, 3))),
                      ("random_normal([4], mean=2, stddev=0.5, seed=1)",
                       np.random.default_rng(1).normal(2, 0.5, (4,)))],
    "random_uniform": [("random_uniform([3], minval=-1, maxval=2, seed=3)",
                        np.random.default_rng(3).uniform(-1, 2, (3,)))],
    "random_int": [("random_int(0, 10, [5], seed=4)",
                    np.random.default_rng(4).integers(0, 10, (5,)).astype(float))],
    "softmax": [("softmax(a)", _softmax(A)), ("softmax(a, axis=0)", _softmax(A, axis=0))],
    "log_softmax": [("log_softmax(a)", np.log(_softmax(A)))],
    "categorical_crossentropy": [("categorical_crossentropy(labels, softmax(a))",   # from the logits (Keras)
                                  -np.sum(LABELS * _log_softmax(A), axis=-1)),
                                 ("categorical_crossentropy(labels, p)", _crossentropy(LABELS, P))],
    "mean_squared_error": [("mean_squared_error(a, b)", np.mean((B - A) ** 2, axis=-1))],
    "stop_gradient": [("stop_gradient(a)", A)],
}

# issue 12: TensorFlow's further functions (more in test_ops_tf.py)
FORWARD.update({
    "rsqrt": [("rsqrt(p)", 1 / np.sqrt(P))],
    "relu6": [("relu6(a * 4)", np.minimum(np.maximum(A * 4, 0), 6))],
    "leaky_relu": [("leaky_relu(a)", np.where(A > 0, A, 0.2 * A)),
                   ("leaky_relu(a, alpha=0.5)", np.where(A > 0, A, 0.5 * A))],
    "div_no_nan": [("div_no_nan(a, [0.0, 1.0, 2.0, 0.0])", np.where([0, 1, 1, 0], A / np.array([1, 1, 2, 1]), 0.0))],
    "divide_no_nan": [("divide_no_nan(b, 0.0)", np.zeros(4))],
    "clip_by_value": [("clip_by_value(a, -0.5, 0.5)", np.clip(A, -0.5, 0.5)),
                      ("clip_by_value(t=a, clip_value_min=b, clip_value_max=1.0)", np.maximum(np.minimum(A, 1.0), B))],
    "softmax_cross_entropy_with_logits": [("softmax_cross_entropy_with_logits(labels, a)",
                                           -np.sum(LABELS * _log_softmax(A), axis=-1)),
                                          ("softmax_cross_entropy_with_logits(labels=p, logits=a)",
                                           -np.sum(P * _log_softmax(A), axis=-1))],
    "sigmoid_cross_entropy_with_logits": [("sigmoid_cross_entropy_with_logits(labels=labels, logits=a)",
                                           LABELS * np.log1p(np.exp(-A)) + (1 - LABELS) * np.log1p(np.exp(A)))],
    "binary_crossentropy": [("binary_crossentropy(labels, sigmoid(a))",   # from the logits
                             np.mean(LABELS * np.log1p(np.exp(-A)) + (1 - LABELS) * np.log1p(np.exp(A)), axis=-1)),
                            ("binary_crossentropy(labels, p / 4)",
                             np.mean(-(LABELS * np.log(P / 4) + (1 - LABELS) * np.log(1 - P / 4)), axis=-1)),
                            ("binary_crossentropy(labels, a, from_logits=True)",
                             np.mean(LABELS * np.log1p(np.exp(-A)) + (1 - LABELS) * np.log1p(np.exp(A)), axis=-1))],
    "expm1": [("expm1(a)", np.expm1(A))],
    "asin": [("asin(a / 3)", np.arcsin(A / 3))],
    "acos": [("acos(a / 3)", np.arccos(A / 3))],
    "asinh": [("asinh(a)", np.arcsinh(A))],
    "acosh": [("acosh(p + 1)", np.arccosh(P + 1))],
    "atanh": [("atanh(a / 3)", np.arctanh(A / 3))],
    "erf": [("erf(a)", np.vectorize(math.erf)(A))],
    "erfc": [("erfc(a)", np.vectorize(math.erfc)(A))],
    "lgamma": [("lgamma(p)", np.vectorize(math.lgamma)(P)), ("lgamma(a * 3)", np.vectorize(math.lgamma)(A * 3))],
    "digamma": [("digamma([1.0, 0.5, 2.0])", [-EULER, -EULER - 2 * math.log(2), 1 - EULER])],
    "polygamma": [("polygamma(1.0, [1.0, 0.5])", [math.pi ** 2 / 6, math.pi ** 2 / 2])],
    "atan2": [("atan2(a, c)", np.arctan2(A, C)), ("atan2(y=1.0, x=-1.0)", 0.75 * math.pi)],
    "squared_difference": [("squared_difference(a, b)", (A - B) ** 2)],
    "floordiv": [("floordiv(a * 5, c)", np.floor(A * 5 / C)), ("a * 5 // 2", np.floor(A * 5 / 2))],
    "floormod": [("floormod(a * 5, c)", A * 5 - np.floor(A * 5 / C) * C), ("a * 5 % 2", np.mod(A * 5, 2))],
    "mod": [("mod([-7.0, 7.0, -7.0], [2.0, -2.0, -2.0])", [1.0, -1.0, -1.0])],
    "truncatediv": [("truncatediv(a * 5, c)", np.trunc(A * 5 / C))],
    "mul_no_nan": [("mul_no_nan(1e400, [0.0, 2.0])", [0.0, np.inf])],
    "multiply_no_nan": [("multiply_no_nan(a, b)", A * B)],
    "xlogy": [("xlogy([0.0, 2.0, 0.0], [0.0, 3.0, -1.0])", [0.0, 2 * math.log(3), 0.0])],
    "xlog1py": [("xlog1py([0.0, 2.0], [-1.0, 3.0])", [0.0, 2 * math.log(4)])],
    "xdivy": [("xdivy([0.0, 2.0], [0.0, 4.0])", [0.0, 0.5])],
    "identity": [("identity(a)", A)],
    "ones_like": [("ones_like(a)", np.ones((3, 4))), ("ones_like(b, dtype=int32)", np.ones(4))],
    "zeros_like": [("zeros_like(t)", np.zeros((2, 3, 4)))],
    "cast": [("cast(a * 3, int32)", np.trunc(A * 3) + 0.0), ("cast(a, float32)", A), ("cast(a, 'float64')", A),
             ("cast(a > 0, float32)", (A > 0).astype(float)), ("cast(c, bool)", C != 0)],
    "elu": [("elu(a)", np.where(A < 0, np.exp(A) - 1, A))],
    "selu": [("selu(a)", np.where(A < 0, 1.7580993408473768 * (np.exp(A) - 1), 1.0507009873554805 * A))],
    "softsign": [("softsign(a)", A / (1 + np.abs(A)))],
    "gelu": [("gelu(a)", 0.5 * A * (1 + np.vectorize(math.erf)(A / math.sqrt(2)))),
             ("gelu(a, approximate=True)", 0.5 * A * (1 + np.tanh(math.sqrt(2 / math.pi) * (A + 0.044715 * A ** 3))))],
    "swish": [("swish(a)", A / (1 + np.exp(-A))), ("swish(a, beta=2.0)", A / (1 + np.exp(-2 * A)))],
    "silu": [("silu(a)", A / (1 + np.exp(-A)))],
    "hard_sigmoid": [("hard_sigmoid(a * 4)", np.clip(A * 4 / 6 + 0.5, 0, 1))],
    "reduce_any": [("reduce_any(a > 1)", np.any(A > 1)), ("reduce_any(c, axis=0)", np.any(C != 0, axis=0))],
    "reduce_all": [("reduce_all(a > -1, axis=1, keepdims=True)", np.all(A > -1, axis=1, keepdims=True))],
    "reduce_euclidean_norm": [("reduce_euclidean_norm(a, axis=1)", np.sqrt((A * A).sum(axis=1)))],
    "norm": [("norm(a)", np.sqrt((A * A).sum())), ("norm(t, axis=-1, keepdims=True)", np.linalg.norm(T, axis=-1, keepdims=True)),
             ("norm(a, ord=1, axis=1)", np.abs(A).sum(axis=1)), ("norm(a, ord='inf', axis=0)", np.abs(A).max(axis=0)),
             ("norm(a, ord=3)", (np.abs(A) ** 3).sum() ** (1 / 3)),
             ("norm(a, ord='fro', axis=[0, 1])", np.linalg.norm(A, "fro")),
             ("norm(a, ord=1, axis=[0, 1])", np.linalg.norm(A, 1)), ("norm(t, ord='inf', axis=[1, 2])",
                                                                   np.linalg.norm(T, np.inf, axis=(1, 2)))],
    "l2_loss": [("l2_loss(a)", (A * A).sum() / 2)],
    "cumsum": [("cumsum(a)", np.cumsum(A, axis=0)), ("cumsum(a, axis=1, exclusive=True)",
                                                    np.concatenate([np.zeros((3, 1)), np.cumsum(A, axis=1)[:, :-1]], 1)),
               ("cumsum(a, axis=-1, reverse=True)", np.cumsum(A[:, ::-1], axis=1)[:, ::-1])],
    "cumprod": [("cumprod(a, 1)", np.cumprod(A, axis=1)), ("cumprod(b, exclusive=True, reverse=True)",
                                                          np.append(np.cumprod(B[::-1])[::-1][1:], 1.0))],
    "argmin": [("argmin(a)", A.argmin(axis=0)), ("argmin(a, axis=1)", A.argmin(axis=1)), ("argmin([2.0, 1.0, 1.0])", 1.0)],
    "top_k": [("top_k(b, 2)[0]", np.sort(B)[::-1][:2]), ("top_k(a, k=3)[1]", np.argsort(-A, axis=1, kind="stable")[:, :3]),
              ("top_k([1.0, 3.0, 3.0, 2.0], 2)[1]", [1.0, 2.0])],
    "sparse_softmax_cross_entropy_with_logits": [("sparse_softmax_cross_entropy_with_logits(labels=[0, 3, 1], logits=a)",
                                                  -np.sum(LABELS * _log_softmax(A), axis=-1))],
    "sparse_categorical_crossentropy": [("sparse_categorical_crossentropy([0, 3, 1], softmax(a))",
                                         -np.sum(LABELS * _log_softmax(A), axis=-1)),
                                        ("sparse_categorical_crossentropy([[0], [3], [1]], a, from_logits=True)",
                                         -np.sum(LABELS * _log_softmax(A), axis=-1)),
                                        ("sparse_categorical_crossentropy([0, 3, 1], p / 4)",   # clipped, renormalised
                                         -np.log((P / P.sum(axis=-1, keepdims=True))[[0, 1, 2], [0, 3, 1]])),
                                        ("sparse_categorical_crossentropy([0, 3, 1], p)",
                                         -np.log((np.minimum(P, KERAS_HIGH) / np.minimum(P, KERAS_HIGH).sum(
                                             axis=-1, keepdims=True))[[0, 1, 2], [0, 3, 1]]))],
    "huber": [("huber(a, p)", np.mean(np.where(np.abs(P - A) <= 1, 0.5 * (P - A) ** 2, np.abs(P - A) - 0.5), axis=-1)),
              ("huber(a, p, delta=2.0)", np.mean(np.where(np.abs(P - A) <= 2, 0.5 * (P - A) ** 2, 2 * np.abs(P - A) - 2), axis=-1))],
    "mean_absolute_error": [("mean_absolute_error(a, p)", np.mean(np.abs(A - P), axis=-1))],
    "mae": [("mae(c, [1.0, 2.0, 3.0])", np.abs(C[:, 0] - [1.0, 2.0, 3.0]))],   # Keras: (3, 1) with (3,) -> (3, 1)
    "log_cosh": [("log_cosh(a, p)", np.mean(np.log(np.cosh(P - A)), axis=-1))],
    "logcosh": [("logcosh(b, b * 2)", np.mean(np.log(np.cosh(B))))],
})

# issue 12 (ops2): indexing, shape, linear algebra (NumPy references)
SQ = A[:, :3] @ A[:, :3].T + 3 * np.eye(3)        # symmetric positive definite
FORWARD.update({
    "gather": [("gather(a, [2, 0, 2])", A[[2, 0, 2]]), ("gather(a, [[1], [3]], axis=1)", np.take(A, [[1], [3]], axis=1))],
    "gather_nd": [("gather_nd(a, [[0, 1], [2, 3]])", A[[0, 2], [1, 3]])],
    "scatter_nd": [("scatter_nd([[1], [1]], [b, b], [3, 4])", np.array([np.zeros(4), 2 * B, np.zeros(4)]))],
    "boolean_mask": [("boolean_mask(b, [True, False, True, True])", B[[0, 2, 3]])],
    "tile": [("tile(c, [2, 3])", np.tile(C, (2, 3)))],
    "broadcast_to": [("broadcast_to(b, [2, 4])", np.broadcast_to(B, (2, 4)))],
    "slice": [("slice(t, [1, 0, 1], [1, -1, 2])", T[1:2, 0:, 1:3])],
    "split": [("split(a, 2, axis=1)", np.stack(np.split(A, 2, axis=1))),
              ("split(b, [1, -1, 1])[1]", B[1:3])],
    "unstack": [("unstack(t, axis=1)", np.stack([T[:, k] for k in range(3)]))],
    "reverse": [("reverse(t, [0, -1])", T[::-1, :, ::-1])],
    "rank": [("rank(t)", 3.0)],
    "pad": [("pad(a, [[1, 0], [0, 2]], constant_values=-1)", np.pad(A, [(1, 0), (0, 2)], constant_values=-1)),
            ("pad(a, [[2, 2], [1, 3]], 'REFLECT')", np.pad(A, [(2, 2), (1, 3)], mode="reflect")),
            ("pad(a, [[3, 0], [4, 1]], mode='symmetric')", np.pad(A, [(3, 0), (4, 1)], mode="symmetric"))],
    "matmul": [("matmul(a, m)", A @ M), ("matmul(m, a, transpose_a=True, transpose_b=True)", M.T @ A.T),
               ("matmul(t, a, transpose_b=True)", T @ A.T)],
    "tensordot": [("tensordot(t, a, [[1, 2], [0, 1]])", np.tensordot(T, A, [[1, 2], [0, 1]])),
                  ("tensordot(a, m, 1)", np.tensordot(A, M, 1))],
    "einsum": [("einsum('bij,kj->bik', t, a)", np.einsum("bij,kj->bik", T, A)),
               ("einsum('...j,j', t, b)", np.einsum("...j,j", T, B)), ("einsum('ii', a[:, :3])", np.trace(A[:, :3]))],
    "trace": [("trace(t)", np.trace(T, axis1=-2, axis2=-1))],
    "diag": [("diag(b)", np.diag(B))],
    "diag_part": [("diag_part(t)", np.diagonal(T, axis1=-2, axis2=-1))],
    "matrix_inverse": [("matrix_inverse(a[:, :3])", np.linalg.inv(A[:, :3]))],
    "inv": [("inv(a[:, 1:])", np.linalg.inv(A[:, 1:]))],
    "matrix_determinant": [("matrix_determinant(a[:, :3])", np.linalg.det(A[:, :3]))],
    "det": [("det(t[:, :, 1:])", np.linalg.det(T[:, :, 1:]))],
    "cholesky": [(f"cholesky({SQ.tolist()})", np.linalg.cholesky(SQ))],
    "segment_sum": [("segment_sum(a, [0, 0, 3])", np.array([A[0] + A[1], np.zeros(4), np.zeros(4), A[2]]))],
    "unsorted_segment_sum": [("unsorted_segment_sum(a, [2, -1, 2], 4)",
                              np.array([np.zeros(4), np.zeros(4), A[0] + A[2], np.zeros(4)]))],
    "segment_mean": [("segment_mean(a, [1, 1, 1])", np.array([np.zeros(4), A.mean(axis=0)]))],
    "segment_max": [("segment_max(a, [0, 1, 1])", np.array([A[0], np.maximum(A[1], A[2])]))],
})

NOT_HERE = {
    "gradients": "autodiff: test_kinks.py, test_language.py, test_ops_gradients.py",
    "hessians": "autodiff: test_kinks.py", "jacobian": "autodiff: test_kinks.py",
    "variable": "state", "placeholder": "state", "assign": "state (run)", "assign_add": "state (run)",
    "assign_sub": "state (run)", "group": "state (run)",
    "cond": "control flow, takes defs: test_control_flow.py", "while_loop": "control flow: test_control_flow.py",
}

SETS = {"a": A, "b": B, "c": C, "p": P, "m": M, "t": T, "labels": LABELS}


def test_every_builtin_has_a_forward_reference():
    missing = sorted(set(BUILTINS) - set(FORWARD) - set(NOT_HERE))
    assert not missing, f"built-ins without a NumPy reference here: {missing}"


CASES = [(name, expr, ref) for name, rows in FORWARD.items() for expr, ref in rows]


@pytest.mark.parametrize("name, expr, reference", CASES, ids=[c[1] for c in CASES])
def test_forward_matches_numpy(name, expr, reference):
    names = re.findall(r"(?<![\w.])([A-Za-z_]\w*)(?!\w|\s*\(|\s*=[^=])", expr)   # not calls or keywords
    used = {k: SETS[k] for k in names if k in SETS}
    result = evaluate(f"y = {expr}", sets=used)
    got = np.asarray(result.values["y"], dtype=np.float64)
    reference = np.asarray(reference, dtype=np.float64)
    assert got.shape == reference.shape, (got.shape, reference.shape)
    np.testing.assert_allclose(got, reference, rtol=1e-12, atol=1e-14)
