"""Every differentiable op in the table: its reverse-mode gradient equals central
finite differences (computed here) at random points and random shapes, float64.

The cases are the `domain`s of the op_specs.py entries (the samplers are in
op_domains.py); test_op_specs.py fails when an op row has neither a domain nor a
stated exclusion.

Each check builds a tiny graph: leaves -> op -> reduce_sum(op(...) * W) with
random weights W, asks `autodiff.gradients` for d/d(each leaf), evaluates it,
and compares with a central difference of the same scalar function computed
from NumPy arrays (the op's forward, perturbing one element at a time).
Points stay away from kinks, ties and domain edges; those are checked exactly
in test_kinks.py.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from op_domains import Case
from op_specs import SPECS

from autograd_cli.core import autodiff
from autograd_cli.core.graph import Graph, NoGradient
from autograd_cli.evaluate import run
from autograd_cli.ops import OPS

CASES = {spec.name: spec.domain for spec in SPECS if spec.domain is not None}

MAX_EXAMPLES = 30
SETTINGS = settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------- the check

def build(name, c: Case):
    g = Graph()
    leaves = [g.apply("input", value=a) for a in c.arrays]
    if c.make is not None:
        y = c.make(g, leaves)
    else:
        y = g.apply(name, *leaves, **c.params)
    forward = c.forward or (lambda *arrays: OPS[name].forward(*arrays, **y.params))
    return g, leaves, y, forward


def central_difference(f, arrays, k, eps=1e-6):
    """d f / d arrays[k], one element at a time; step scaled to the element's size."""
    base = [a.copy() for a in arrays]
    grad = np.zeros_like(base[k])
    flat = base[k].reshape(-1)
    for i in range(flat.size):
        h = eps * max(1.0, abs(flat[i]))
        keep = flat[i]
        flat[i] = keep + h
        up = f(*base)
        flat[i] = keep - h
        down = f(*base)
        flat[i] = keep
        grad.reshape(-1)[i] = (up - down) / (2 * h)
    return grad


def check_gradient(name, c: Case, rng):
    g, leaves, y, forward = build(name, c)
    weights = rng.normal(size=y.shape)
    loss = g.reduce_sum(g.multiply(y, g.const(weights)))
    grads = autodiff.gradients(g, [loss], leaves)
    values = run(g.nodes)

    def scalar(*arrays):
        with np.errstate(all="ignore"):
            return float(np.sum(np.asarray(forward(*arrays)) * weights))

    assert np.allclose(values[y.id], forward(*c.arrays)), "graph value differs from the op's forward"
    for k, (leaf, grad) in enumerate(zip(leaves, grads)):
        assert not isinstance(grad, NoGradient), f"{name}: input {k} got no gradient"
        ad = values[grad.id]
        assert ad.shape == c.arrays[k].shape, f"{name}: gradient shape {ad.shape} != input {c.arrays[k].shape}"
        fd = central_difference(scalar, c.arrays, k)
        np.testing.assert_allclose(ad, fd, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} input {k}, arrays {c.arrays}, params {c.params}")


@pytest.mark.parametrize("name", sorted(CASES))
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_gradient_matches_finite_differences(name, data, seed):
    rng = np.random.default_rng(seed)
    c = CASES[name](data.draw, rng)
    check_gradient(name, c, rng)


def test_gradients_of_broadcast_operands_are_summed_back():
    """(3, 1) * (4,) -> (3, 4): each gradient is summed back to its operand's shape."""
    rng = np.random.default_rng(0)
    for name in ("add", "subtract", "multiply", "divide", "pow", "maximum"):
        a = rng.uniform(0.5, 2.0, (3, 1))
        b = rng.uniform(2.5, 3.0, (4,))
        check_gradient(name, Case([a, b]), rng)


# ---------------------------------------------------------------- second derivatives

SECOND = [spec.name for spec in SPECS if spec.second]


@pytest.mark.parametrize("name", SECOND)
@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_second_derivative_matches_finite_differences_of_the_gradient(name, data, seed):
    """d/dx_j of reduce_sum(grad_j(x) * V) vs central differences of the first gradient."""
    rng = np.random.default_rng(seed)
    c = CASES[name](data.draw, rng)
    if name == "reduce_prod":  # the second derivative of TF's prod rule divides by x (cumprod)
        c.arrays = [np.where(a == 0, 0.7, a) for a in c.arrays]
    g, leaves, y, _ = build(name, c)
    loss = g.reduce_sum(g.multiply(y, g.const(rng.normal(size=y.shape))))
    first = autodiff.gradients(g, [loss], leaves)
    for k, leaf in enumerate(leaves):
        v = rng.normal(size=leaf.shape)
        second = autodiff.gradients(g, [g.reduce_sum(g.multiply(first[k], g.const(v)))], leaves,
                                    unconnected="zero")
        values = run(g.nodes)
        grad_first = first[k]

        def first_grad_dot_v(*arrays):
            overrides = {lf.id: a for lf, a in zip(leaves, arrays)}
            return float(np.sum(run(g.nodes[:grad_first.id + 1], overrides)[grad_first.id] * v))

        for j in range(len(leaves)):
            fd = central_difference(first_grad_dot_v, c.arrays, j, eps=1e-5)
            np.testing.assert_allclose(values[second[j].id], fd, rtol=1e-4, atol=1e-5,
                                       err_msg=f"{name}: d/dx{j} of gradient {k}")
