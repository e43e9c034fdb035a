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
    source = ("x0 = variable(0.7)\na = 0.3\nx = x0\n"
              + "x = x + sin(x) * 0.00001 + a * 0.000001\n" * N
              + "g = gradients(x, [x0, a])\n")
    result = evaluate(source)

    value, d_x0, d_a = 0.7, 1.0, 0.0
    for _ in range(N):
        # forward mode: d(next)/dv = (1 + cos(x) * 1e-5) * dx/dv (+ 1e-6 for a)
        factor = 1.0 + math.cos(value) * 0.00001
        d_x0, d_a = factor * d_x0, factor * d_a + 0.000001
        value = value + math.sin(value) * 0.00001 + 0.3 * 0.000001

    assert math.isclose(float(result.values["x"]), value, rel_tol=1e-12)
    g_x0, g_a = (float(v) for v in result.values["g"])
    assert math.isclose(g_x0, d_x0, rel_tol=1e-9), (g_x0, d_x0)
    assert math.isclose(g_a, d_a, rel_tol=1e-9), (g_a, d_a)
    assert not math.isclose(d_x0, 1.0, rel_tol=1e-3)   # the chain really changed the derivative
    assert result.warnings == []
