"""Random expressions: the same text means the same thing in .ag and in Python.

Hypothesis builds an expression tree over x (a vector), y (a scalar) and number
literals, with + - * / ** @-free arithmetic, unary minus and a few functions,
and writes it out with only the parentheses Python's precedence needs (so the
text exercises precedence and associativity: `-x ** 2`, `a ** b ** c`, `a - b - c`).
The test evaluates that text with Python + NumPy (literals as float64) and with
`autograd_cli.evaluate`, and compares values, then the gradient of
reduce_sum(expr) w.r.t. x and y with central finite differences of the Python
function."""
from __future__ import annotations

import re

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from autograd_cli import evaluate

# precedence levels (Python's): higher binds tighter
ADD, MUL, UNARY, POW, ATOM = 1, 2, 3, 4, 5
FUNCS = {"sin": np.sin, "cos": np.cos, "tanh": np.tanh, "atan": np.arctan, "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
         "softplus": lambda v: np.logaddexp(0.0, v), "square": np.square, "exp": np.exp}
LITERALS = ["0.5", "1.5", "2", "3", ".25", "1e-1"]


@st.composite
def expression(draw, depth=0):
    """(ag_text, python_text, precedence)"""
    kind = draw(st.sampled_from(["leaf"] if depth >= 4 else ["leaf", "add", "mul", "pow", "neg", "func", "paren"]))
    if kind == "leaf":
        token = draw(st.sampled_from(["x", "y"] + LITERALS))
        return token, (token if token in ("x", "y") else f"F({token})"), ATOM
    if kind == "func":
        name = draw(st.sampled_from(sorted(FUNCS)))
        ag, py, _ = draw(expression(depth + 1))
        return f"{name}({ag})", f"{name}({py})", ATOM
    if kind == "paren":
        ag, py, _ = draw(expression(depth + 1))
        return f"({ag})", f"({py})", ATOM
    if kind == "neg":
        ag, py, prec = draw(expression(depth + 1))
        if prec < UNARY:
            ag, py = f"({ag})", f"({py})"
        return f"-{ag}", f"-{py}", UNARY
    left = draw(expression(depth + 1))
    right = draw(expression(depth + 1))
    if kind == "pow":
        # right-assoc: the left operand needs parentheses at POW or below, the right one below UNARY
        l_ag, l_py = _wrap(left, POW + 1)
        r_ag, r_py = _wrap(right, UNARY)
        return f"{l_ag} ** {r_ag}", f"{l_py} ** {r_py}", POW
    op = draw(st.sampled_from(["+", "-"] if kind == "add" else ["*", "/"]))
    prec = ADD if kind == "add" else MUL
    l_ag, l_py = _wrap(left, prec)          # left-assoc: same level is fine on the left
    r_ag, r_py = _wrap(right, prec + 1)     # ... but not on the right
    return f"{l_ag} {op} {r_ag}", f"{l_py} {op} {r_py}", prec


def _wrap(operand, needed):
    ag, py, prec = operand
    return (f"({ag})", f"({py})") if prec < needed else (ag, py)


def python_value(text, x, y):
    env = {"F": np.float64, "x": x, "y": y, **FUNCS, "__builtins__": {}}
    with np.errstate(all="ignore"):
        return np.asarray(eval(text, env), dtype=np.float64)  # noqa: S307 - test-written text


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(expr=expression(), x=st.lists(st.floats(0.3, 1.7), min_size=3, max_size=3), y=st.floats(0.3, 1.7))
def test_random_expression_values_and_gradients(expr, x, y):
    ag, py, _ = expr
    x, y = np.array(x), np.float64(y)
    expected = python_value(py, x, y)
    assume(np.all(np.isfinite(expected)) and np.max(np.abs(expected), initial=0) < 1e6)

    source = f"out = {ag}\ng = gradients(reduce_sum(out), [x, y], unconnected_gradients=\"zero\")\n"
    used = set(re.findall(r"\b[xy]\b", ag))
    sets = {name: value for name, value in (("x", x), ("y", np.asarray(y))) if name in used}
    unused = {"x": "x = constant([0.0, 0.0, 0.0])\n", "y": "y = 0.0\n"}
    source = "".join(line for name, line in unused.items() if name not in used) + source
    result = evaluate(source, sets=sets)
    got = np.asarray(result.values["out"])
    assert got.shape == expected.shape, (ag, got.shape, expected.shape)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12, err_msg=ag)

    gx, gy = (np.asarray(v) for v in result.values["g"])
    assert gx.shape == (3,) and gy.shape == ()

    def total(xv, yv):
        return float(np.sum(python_value(py, xv, yv)))

    h = 1e-6
    fd_x = np.array([(total(x + h * e, y) - total(x - h * e, y)) / (2 * h) for e in np.eye(3)])
    fd_y = (total(x, y + h) - total(x, y - h)) / (2 * h)
    assume(np.all(np.isfinite(fd_x)) and np.isfinite(fd_y))
    scale = 1 + np.max(np.abs(expected))
    np.testing.assert_allclose(gx, fd_x, rtol=1e-5, atol=1e-6 * scale, err_msg=ag)
    np.testing.assert_allclose(gy, fd_y, rtol=1e-5, atol=1e-6 * scale, err_msg=ag)
