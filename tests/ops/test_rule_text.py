"""The formula `functions` shows for an elementwise op's gradient is the rule itself:
evaluated with NumPy (each name in it bound to that op's forward), it equals the
central finite difference of the op's forward at random points."""
import numpy as np
import pytest

from autograd_cli.ops import OPS
from autograd_cli.ops.rule_text import rule_formulas, rule_text

ROWS = sorted(name for name, op in OPS.items() if rule_formulas(op))


def _namespace():
    names = {name: op.forward for name, op in OPS.items()}
    names.update(to_float=lambda v: np.asarray(v, dtype=np.float64))
    return names


def _point(op, rng):
    """Inputs inside the op's domain (the forward finite there), away from kinks."""
    flows = [formula is not None for _, formula in rule_formulas(op)]
    for low, high in ((0.2, 0.8), (1.2, 1.8), (-0.8, -0.2)):
        # an input no gradient reaches is an order or a condition: 1 (polygamma's a, where's condition)
        values = [rng.uniform(low, high, size=4) if flow else np.ones(4) for flow in flows]
        with np.errstate(all="ignore"):
            out = np.asarray(op.forward(*values), dtype=np.float64)
        if np.all(np.isfinite(out)):
            return values, out
    pytest.skip(f"{op.name}: no finite test domain")


def test_the_elementwise_rows_have_formulas():
    assert {"sin", "tanh", "multiply", "divide", "pow", "maximum", "sigmoid"} <= set(ROWS)
    assert rule_text(OPS["sin"]) == "dx = grad * cos(x)"
    assert rule_text(OPS["multiply"]) == "dx = grad * y; dy = grad * x"


@pytest.mark.parametrize("name", ROWS)
def test_the_formula_is_the_derivative(name):
    op = OPS[name]
    rng = np.random.default_rng(7)
    values, out = _point(op, rng)
    grad = rng.uniform(0.5, 1.5, size=4)
    scope = dict(_namespace(), out=out, grad=grad, **dict(zip(op.args, values)))
    for i, (arg, formula) in enumerate(rule_formulas(op)):
        if formula is None:
            continue
        with np.errstate(all="ignore"):
            shown = np.broadcast_to(np.asarray(eval(formula, {"__builtins__": {}}, scope), dtype=np.float64), (4,))
        h = 1e-6
        up = [v.copy() for v in values]
        down = [v.copy() for v in values]
        up[i] += h
        down[i] -= h
        numeric = grad * (np.asarray(op.forward(*up), dtype=np.float64)
                          - np.asarray(op.forward(*down), dtype=np.float64)) / (2 * h)
        np.testing.assert_allclose(shown, numeric, rtol=1e-4, atol=1e-6, err_msg=f"{name}: d{arg} = {formula}")


def test_functions_shows_the_formula_and_kernels_in_words():
    from autograd_cli.library.catalog import catalog

    notes = {e.name: e.gradient for e in catalog()}
    assert notes["sin"] == "dx = grad * cos(x)"
    assert notes["relu"] == "dfeatures = grad where out > 0, else 0"
    plain = [name for name in ROWS if name in notes and notes[name] == "differentiable"]
    assert plain == [], f"elementwise rows still described as merely 'differentiable': {plain}"
