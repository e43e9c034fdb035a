"""The compiled schedule (Python-float path, constant folding, in-place reuse, fused
scatters, selective NaN checks) gives the same numbers and warnings as the plain
evaluator, node by node, on random programs and on every sample. No timing here."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograd_cli import api
from autograd_cli.evaluate import Schedule, run, run_plain
import autograd_cli.evaluate.schedule  # noqa: F401 (the module, for monkeypatch below)
from autograd_cli.evaluate.schedule import BIG

ROOT = Path(__file__).resolve().parents[2]

UNARY = ["sin", "cos", "sqrt", "abs", "square", "exp", "log", "tanh", "negative", "reciprocal",
         "sigmoid", "relu", "stop_gradient"]
BINARY = ["+", "-", "*", "/", "**", "maximum", "minimum"]


def same(a, b) -> bool:
    """Equal as numbers, NaN equal to NaN, shapes equal (a zero's sign may differ)."""
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype.kind == b.dtype.kind and bool(
        np.all((a == b) | (np.isnan(a) & np.isnan(b)) if a.dtype.kind == "f" else a == b))


def compare(source: str, sets=None):
    built = api.build(source, sets=sets)
    nodes = built.graph.nodes
    plain_warnings, fast_warnings, kept_warnings = [], [], []
    plain = run_plain(nodes, warnings=plain_warnings)
    fast = Schedule(nodes).run(warnings=fast_warnings)
    kept = Schedule(nodes).run(warnings=kept_warnings, keep=api.result_ids(built))
    assert [str(w) for w in fast_warnings] == [str(w) for w in plain_warnings]
    assert [str(w) for w in kept_warnings] == [str(w) for w in plain_warnings]
    for node in nodes:   # every node, also the released ones (recomputed when read)
        assert same(fast[node.id], plain[node.id]), (node, fast[node.id], plain[node.id])
        assert same(kept[node.id], plain[node.id]), (node, kept[node.id], plain[node.id])
    return plain, fast, plain_warnings


@st.composite
def programs(draw, size=None):
    """A random straight-line program over scalars or vectors, with its gradients."""
    n = size if size is not None else draw(st.sampled_from([(), (3,), (BIG + 7,)]))
    shape = "" if n == () else f"[{n[0]}]"
    lines = []
    for k in range(3):
        value = draw(st.floats(-3, 3, allow_nan=False).filter(lambda v: abs(v) > 1e-3))
        if shape:
            lines.append(f"v{k} = variable(random_uniform({shape}, minval={value - 1}, maxval={value}, seed={k}))")
        else:
            lines.append(f"v{k} = variable({value!r})")
    names = ["v0", "v1", "v2"]
    for k in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["unary", "binary", "const"]))
        a = draw(st.sampled_from(names))
        if kind == "unary":
            expr = f"{draw(st.sampled_from(UNARY))}({a})"
        elif kind == "const":
            c = draw(st.sampled_from(["0.0", "1.0", "2.0", "-1.5", "0.3"]))
            op = draw(st.sampled_from(BINARY))
            expr = f"maximum({a}, {c})" if op in ("maximum", "minimum") else f"({a} {op} {c})"
            if draw(st.booleans()) and op not in ("maximum", "minimum"):
                expr = f"({c} {op} {a})"
        else:
            b = draw(st.sampled_from(names))
            op = draw(st.sampled_from(BINARY))
            expr = f"{op}({a}, {b})" if op in ("maximum", "minimum") else f"({a} {op} {b})"
        name = f"t{k}"
        lines.append(f"{name} = {expr}")
        names.append(name)
    y = names[-1]
    if shape:
        lines.append(f"y = reduce_sum({y}[1:] * {y}[:-1]) + reduce_sum({y}**2)")
        y = "y"
    lines.append(f"g0, g1, g2 = gradients({y}, [v0, v1, v2], unconnected_gradients=\"zero\")")
    if draw(st.booleans()):
        lines.append("h = gradients(g0, [v0, v1])")
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None)
@given(programs(size=()))
def test_scalar_programs_same_numbers(source):
    compare(source)


@settings(max_examples=25, deadline=None)
@given(programs())
def test_tensor_programs_same_numbers(source):
    compare(source)


def test_chain_like_w1():
    lines = ["x0 = variable(0.5)", "x = x0"] + ["x = sin(x)*1.01 + x*0.3"] * 200 + ["g = gradients(x, x0)"]
    plain, fast, _ = compare("\n".join(lines))
    x = 0.5
    d = 1.0
    for _ in range(200):   # by hand, on Python floats
        d *= math.cos(x) * 1.01 + 0.3
        x = math.sin(x) * 1.01 + x * 0.3
    built = api.build("\n".join(lines))
    assert float(fast[built.named["x"].id]) == pytest.approx(x, rel=1e-12)
    assert float(fast[built.named["g"][0].id]) == pytest.approx(d, rel=1e-12)


def test_long_vector_chain_many_numpy_steps():
    # over 256 NumPy steps: the schedule's step codes outgrow one byte
    lines = ["x0 = variable([0.5, -1.0, 2.0])", "x = x0"] + ["x = sin(x)*1.01 + x*0.3"] * 100
    plain, fast, _ = compare("\n".join(lines + ["g = gradients(reduce_sum(x), x0)"]))
    x, d = np.array([0.5, -1.0, 2.0]), np.ones(3)
    for _ in range(100):   # by hand
        d = d * (np.cos(x) * 1.01 + 0.3)
        x = np.sin(x) * 1.01 + x * 0.3
    result = api.evaluate("\n".join(lines + ["g = gradients(reduce_sum(x), x0)"]))
    np.testing.assert_allclose(result.values["x"], x, rtol=1e-12)
    np.testing.assert_allclose(result.gradients[0].values[0], d, rtol=1e-12)


def test_rosenbrock_like_w3():
    source = ("x = variable(random_uniform([5000], minval=-2, maxval=2, seed=0))\n"
              "f = reduce_sum(100 * (x[1:] - x[:-1]**2)**2 + (1 - x[:-1])**2)\n"
              "g = gradients(f, x)\n")
    compare(source)
    x = np.random.default_rng(0).uniform(-2, 2, [5000])
    a, b = x[:-1], x[1:]
    grad = np.zeros_like(x)   # by hand
    grad[:-1] = -400 * (b - a**2) * a - 2 * (1 - a)
    grad[1:] += 200 * (b - a**2)
    result = api.evaluate(source)
    np.testing.assert_allclose(result.gradients[0].values[0], grad, rtol=1e-12)


CHAIN_PROGRAMS = [
    # W3's shape: the gradient's last add takes [:-1], [:-1], [1:] parts (sunk into the chain)
    "f = reduce_sum(100 * (x[1:] - x[:-1]**2)**2 + (1 - x[:-1])**2)\ng = gradients(f, x)\n",
    # the third part 2 or 3 after the pair's slice, or 1 or 2 before it
    "f = reduce_sum(100 * (x[2:] - x[:-2]**2)**2 + (1 - x[:-2])**2)\ng = gradients(f, x)\n",
    "f = reduce_sum((x[3:] + 1)**2 * 3 + x[:-3]**2 + (1 - x[:-3])**2)\ng = gradients(f, x)\n",
    "f = reduce_sum(100 * (x[:-1] - x[1:]**2)**2 + (1 - x[1:])**2)\ng = gradients(f, x)\n",
    "f = reduce_sum((x[:-2] - 1)**2 * 3 + x[2:]**2 + (1 - x[2:])**2)\ng = gradients(f, x)\n",
    # the third part further after the pair's slice than a block is long: added after the chain
    "f = reduce_sum(100 * (x[1200:] - x[:-1200]**2)**2 + (1 - x[:-1200])**2)\ng = gradients(f, x)\n",
    # steps between members that read the chain's values run after it (the sum, sin), unless
    # a member or a float-path step needs them first
    "a = x * x + 1\nf = reduce_sum(a)\nb = (a - 2) * f\nh = f * 3\ng = gradients(reduce_sum(b * a), x)\n",
    "a = x * x\nb = sin(a)\nc = a * 3 - 1\nd = c * b\ne = c * c\ng = gradients(reduce_sum(d + e), x)\n",
    "a = x * 2\nb = a[::-1]\nc = a * a + 1\nd = reduce_max(c)\ne = c - b\nf = reduce_sum(e * e) + d\n"
    "g = gradients(f, x)\n",
    # found by a random search: a part read by two scatters; a scatter's gradient also read
    # after the fused add's other scatter; a deferred step reading the chain's own input
    "t1 = x[1:] * (x[1:] + x[1:])\nf = reduce_sum(t1 * t1)\ng = gradients(f, x)\n",
    "y = variable(random_uniform([5003], minval=0.5, maxval=2, seed=2))\nt0 = reduce_sum(x)\n"
    "t1 = y[:-1] + x[1:]\nf = reduce_sum(t1 * t1) + t0\ng = gradients(f, [x, y])\n",
    "y = variable(random_uniform([5003], minval=0.5, maxval=2, seed=2))\nt2 = y[:-1] * y[:-1]\n"
    "t6 = x[1:] + t2 - y[:-1]\nf = reduce_sum(t6 * t6)\ng = gradients(f, [x, y])\n",
    # parts of different slices (no pair)
    "f = reduce_sum(x[:-2] * x[2:] - x[1:-1]**2 * 3)\ng = gradients(f, x)\n",
    "f = reduce_sum((x[2:] - 1) * (x[:-2] + 2) / (x[1:-1]**2 + 1))\ng = gradients(f, x)\n",
    "f = reduce_sum(x[3:] * x[3:] - x[:-3] * 2 + x[:-3])\ng = gradients(f, x)\n",
    # NaN/inf made inside a chain (sqrt of negatives, a zero divisor): the same warnings
    "a = x - 1\nb = sqrt(a) * 2 + 1\nc = 1 / (x * 0)\nd = reduce_sum(b + c * 0)\ng = gradients(d, x)\n",
    "a = abs(x) * x - x\nb = maximum(a, 0.5) / (a + 3)\ng = gradients(reduce_sum(b * b), x)\n",
]


@pytest.mark.parametrize("block", [1000, 4096, 1 << 17])
@pytest.mark.parametrize("body", CHAIN_PROGRAMS)
def test_chains_block_by_block_same_numbers(body, block, monkeypatch):
    # chains of exact elementwise steps run block by block (several blocks, a short last
    # one), some adds of slice gradients summed inside the chain: every node the same
    monkeypatch.setattr(sys.modules["autograd_cli.evaluate.schedule"], "CHAIN_BLOCK", block)
    source = "x = variable(random_uniform([5003], minval=-2, maxval=2, seed=0))\n" + body
    compare(source)


def test_w3_is_one_chain_with_its_sum_deferred():
    source = ("x = variable(random_uniform([5000], minval=-2, maxval=2, seed=0))\n" + CHAIN_PROGRAMS[0])
    built = api.build(source)
    schedule = Schedule(built.graph.nodes)
    found = {}
    chains = schedule._chains
    schedule._chains = lambda *args: found.setdefault("chains", chains(*args))
    schedule._numpy_steps(api.result_ids(built))
    [chain] = [c for c in {id(c): c for c in found["chains"].values()}.values() if c.shape == (4999,)]
    assert [schedule.order[d].op.name for d in chain.deferred] == ["reduce_sum"]
    assert len(chain.members) > 10       # the forward and the gradient


def test_w3_gradient_add_is_summed_inside_the_chain():
    source = ("x = variable(random_uniform([5000], minval=-2, maxval=2, seed=0))\n" + CHAIN_PROGRAMS[0])
    built = api.build(source)
    schedule = Schedule(built.graph.nodes)
    schedule._numpy_steps(api.result_ids(built))
    [(_, _, _, pair, rest)] = schedule._sinks.values()
    assert pair == (0, 4999) and rest and rest[0][1] == 1
    shifts = []
    for body in CHAIN_PROGRAMS[1:5]:   # (the default block: all four added in the chain)
        built = api.build(source.splitlines()[0] + "\n" + body)
        schedule = Schedule(built.graph.nodes)
        schedule._numpy_steps(api.result_ids(built))
        shifts += [shift for *_, rest in schedule._sinks.values() for _, shift in rest]
    assert sorted(shifts) == [-2, -1, 2, 3]     # (the cases the test above runs)


def test_repeated_runs_reuse_buffers_without_touching_earlier_results():
    # Released buffers go to a pool that later runs write into: a result handed out by
    # one run must never be one of them.
    source = ("x = variable(random_uniform([5000], minval=-2, maxval=2, seed=0))\n"
              "f = reduce_sum(100 * (x[1:] - x[:-1]**2)**2 + (1 - x[:-1])**2)\n"
              "g = gradients(f, x)\nh = tanh(x) * 2 + x\n")
    built = api.build(source)
    x, g, h = built.leaves["x"], built.named["g"][0], built.named["h"]
    schedule = Schedule(built.graph.nodes)
    keep = {g.id, h.id}
    runs = []
    for seed in range(4):
        value = np.random.default_rng(seed).uniform(-2, 2, [5000])
        out = schedule.run({x.id: value}, [], keep=keep)
        runs.append((value, out[g.id], out[h.id]))
    for value, grad, tanh_part in runs:
        plain = run_plain(built.graph.nodes, {x.id: value})
        assert same(grad, plain[g.id]) and same(tanh_part, plain[h.id])
        np.testing.assert_allclose(tanh_part, np.tanh(value) * 2 + value, rtol=1e-15)


@pytest.mark.parametrize("source, line, what", [
    ("a = 1.0\nb = 0.0\nc = a / b\nd = c * 0\n", 3, "inf"),
    ("a = variable(-1.0)\nb = sqrt(a)\nc = exp(-b)\n", 2, "nan"),
    ("a = variable(1000.0)\nb = exp(a)\nc = 1 / b\ng = gradients(c, a)\n", 2, "inf"),
    ("x = variable([1.0, 0.0, 2.0])\ny = log(x)\nz = exp(y)\ns = reduce_sum(z)\n", 2, "inf"),
    ("x = variable(zeros([5000]))\ny = where(x > 1, 1 / x, x)\n", 2, "inf"),
    # a small array's step is checked after the run: the inf where() hides is still found
    ("x = variable([1.0, 0.0, 2.0])\ny = where(x > 1, 1 / x, x)\nz = y * 2\n", 2, "inf"),
    # a reduction's 0-d value read by Python-float steps: found where they end
    ("x = variable([1.0, 0.0])\ns = reduce_sum(log(x))\nt = s * 2 + 1\n", 2, "inf"),
])
def test_non_finite_warnings_on_the_fast_path(source, line, what):
    _, _, warnings = compare(source)
    assert warnings and warnings[0].line == line and what in warnings[0].message
    result = api.evaluate(source)
    assert result.warnings[0].startswith(f"line {line}:")


def test_a_value_converted_to_a_python_float_is_checked_where_its_readers_end():
    # float(x) keeps NaN/inf, so the float steps reading the reduction's conversion carry it
    # to the end, where it is checked: the reduction needs no check of its own
    source = "x = variable([1.0, 2.0])\ns = reduce_sum(x * x)\nt = s * 2 + 1\n"
    built = api.build(source)
    nodes = built.graph.nodes
    schedule = Schedule(nodes)
    _, _, float_checks, array_checks = schedule._numpy_steps(api.result_ids(built))[:4]
    reduction = next(node.id for node in nodes if node.op.name == "reduce_sum")
    assert reduction not in array_checks and float_checks


def test_python_float_errors_fall_back_to_numpy():
    # x/0, sin(inf), sqrt(-1): Python raises, NumPy gives inf/nan; the schedule agrees with NumPy
    source = "a = variable(0.0)\nb = 1 / a\nc = sin(b)\nd = sqrt(-1 - a)\n"
    _, _, warnings = compare(source)
    assert [w.line for w in warnings] == [2, 4]     # line 3's nan comes from line 2's inf
    values = api.evaluate(source).values
    assert values["b"] == np.inf and np.isnan(values["c"]) and np.isnan(values["d"])


@pytest.mark.parametrize("kept_steps", [0, 1 << 18])
def test_kept_and_streamed_steps_give_the_same_numbers_run_after_run(kept_steps, monkeypatch):
    # A small schedule keeps its steps as one list for the next runs; a big one makes them
    # as it runs. Both, run three times with other leaf values, against math written here:
    # a gradient summed from four paths (one float step of four inputs), a division by
    # zero (Python raises, NumPy gives inf).
    monkeypatch.setattr(sys.modules["autograd_cli.evaluate.schedule"], "KEPT_STEPS", kept_steps)
    built = api.build("a = variable(1.0)\nb = variable(2.0)\ns = a * b + a * a + sin(a) + a\n"
                      "q = 1 / (a - 1)\ng = gradients(s, [a, b])\n")
    a, b = built.leaves["a"], built.leaves["b"]
    s, q = built.named["s"], built.named["q"]
    ga, gb = built.named["g"]
    assert any(node.op.name == "add_n" and len(node.inputs) > 2 for node in built.graph.nodes)
    compiled = Schedule(built.graph.nodes)
    for x, y in ((1.0, 2.0), (3.0, -0.5), (0.25, 4.0)):
        values = compiled.run({a.id: np.float64(x), b.id: np.float64(y)}, keep=api.result_ids(built))
        assert float(values[s.id]) == pytest.approx(x * y + x * x + math.sin(x) + x, rel=1e-15)
        assert float(values[q.id]) == (math.inf if x == 1.0 else 1 / (x - 1))
        assert float(values[ga.id]) == pytest.approx(y + 2 * x + math.cos(x) + 1, rel=1e-15)
        assert float(values[gb.id]) == x


def test_run_reuses_a_cached_schedule_with_overrides():
    built = api.build("w = variable(2.0)\ny = w * w + sin(w)\ng = gradients(y, w)\n")
    w, g = built.leaves["w"], built.named["g"][0]
    for value in (0.5, -1.0, 3.0):
        ours = run(built.graph.nodes, {w.id: np.float64(value)}, [])
        assert float(ours[g.id]) == 2 * value + math.cos(value)


@pytest.mark.parametrize("path", sorted((ROOT / "samples").glob("*.ag")), ids=lambda p: p.name)
def test_every_sample_same_numbers(path):
    source = path.read_text()
    try:
        api.build(source)
    except Exception:  # noqa: BLE001 - samples needing --set / --feed are covered by their own tests
        pytest.skip("needs inputs")
    compare(source)


@pytest.mark.parametrize("source", [
    "v0 = variable(0.5)\ny = sqrt(v0 * 0.0)\ng = gradients(y, v0)\n",
    "v0 = variable(0.0)\ny = sqrt(v0)\nz = y * y\ng = gradients(z, v0)\n",
    "v0 = variable(0.0)\ny = reciprocal(v0)\ng = gradients(y, v0)\nh = gradients(g[0], v0)\n",
    "v0 = variable(0.0)\ny = rsqrt(v0)\ng = gradients(y, v0)\n",
])
def test_gradient_kernels_at_zero_on_python_floats(source):
    # the 0-d float path hands Python floats to the NumPy kernels: 1 / 0 must give inf, not raise
    plain, fast, _ = compare(source)
