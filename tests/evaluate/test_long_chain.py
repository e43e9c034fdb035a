"""A straight chain of 100,000 statements evaluates and differentiates (spec §2:
no recursion per node). The gradient is checked against forward-mode
differentiation written here in plain Python (value and derivative carried
through the same loop). No time is asserted."""
from __future__ import annotations

import math

from autograd_cli import evaluate

N = 100_000


def test_chain_of_100000_statements_evaluates_and_differentiates():
    # each step multiplies the derivative by about 1 +- 1e-5, so it neither under- nor overflows
    source = ("x0 = variable(0.7)\nc = 0.00001\nx = x0\n"
              + "x = x + sin(x) * c\n" * N
              + "g = gradients(x, [x0, c])\n")
    result = evaluate(source)

    value, d_x0, d_c = 0.7, 1.0, 0.0
    for _ in range(N):
        # forward mode: d(next)/dv = (1 + cos(x) * c) * dx/dv (+ sin(x) for v = c)
        factor = 1.0 + math.cos(value) * 0.00001
        d_x0, d_c = factor * d_x0, factor * d_c + math.sin(value)
        value = value + math.sin(value) * 0.00001

    assert math.isclose(float(result.values["x"]), value, rel_tol=1e-12)
    g_x0, g_c = (float(v) for v in result.values["g"])
    assert math.isclose(g_x0, d_x0, rel_tol=1e-9), (g_x0, d_x0)
    assert math.isclose(g_c, d_c, rel_tol=1e-9), (g_c, d_c)
    assert not math.isclose(d_x0, 1.0, rel_tol=1e-3)   # the chain really changed the derivative
    assert result.warnings == []
