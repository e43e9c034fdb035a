"""Every row's facts for the compiled evaluator agree with what its forward does (the facts
are described in ops/table.py; evaluate/schedule.py relies on them: a wrong `fresh` lets a
ufunc write into a buffer a live value still views, a wrong `nonfinite_flows` skips the
check that warns about a NaN).

The inputs are the rows' own test cases: each op_specs.py entry's `domain` (drawn as the
gradient tests draw it) and the graphs of every entry's `.ag` forward expressions, where
every node of a row is an example (gradient kernels, comparisons and casts appear there).
Each example's node is computed from its inputs' values as the reference evaluator computes
them, and each fact the row states is checked against its forward:
- `dtype`: the result is float64 for a float row, bool for a bool row;
- `elementwise`: the result has the inputs' broadcast shape, each element the forward of
  the inputs' elements there (to a few ulps: SIMD loops round an array's tail differently);
- `exact`: ... to the bit;
- `ufunc`: the ufunc with an `out=` buffer gives the forward's result (the schedule calls it
  without the node's params);
- `scalar`: the Python-float function gives the forward's bits on each element and on the
  special values (or raises where NumPy gives inf/NaN, which the schedule catches);
- `fresh`: the result shares no memory with an input or a param, nor with the result of a
  second call, and is writeable (the schedule may give it to a ufunc as `out=`);
- `rearranges`: the result's elements are elements of the first input, of its dtype (all
  of them, once each, when the sizes agree);
- `nonfinite_flows`: a NaN, inf or -inf put in any element of a claimed float input leaves
  a non-finite element in a non-empty result.
"""
from __future__ import annotations

import math
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from op_specs import SETS, SPECS

from autograd_cli.api import build
from autograd_cli.core.graph import Graph
from autograd_cli.evaluate import needed, run_plain
from autograd_cli.ops import OPS

SPEC = {spec.name: spec for spec in SPECS}
ERRORS = (ValueError, ZeroDivisionError, OverflowError)    # what the schedule's float path catches
SPECIAL = (0.0, -0.0, 1.0, -2.5, 1e300, math.inf, -math.inf, math.nan)
BAD = (math.nan, math.inf, -math.inf)


def forward(row, xs, params):
    with np.errstate(all="ignore"):
        return row.forward(*xs, **params)


def bits(value) -> bytes:
    """A float's bits (every NaN alike)."""
    value = np.float64(value)
    return b"nan" if value != value else value.tobytes()


def param_arrays(params):
    return [v for v in params.values() if isinstance(v, np.ndarray)]


def check_facts(row, xs, params, kinds):
    """Each fact of `row` against its forward at inputs `xs` (float inputs where kinds[i] is
    "float"); a failure names the row and the fact."""
    out = forward(row, xs, params)
    result = np.asarray(out)
    where = f"{row.name} at shapes {[np.shape(x) for x in xs]} {params}"

    assert result.dtype == (np.float64 if row.dtype == "float" else np.bool_), f"{where}: dtype {result.dtype}"
    if row.elementwise:
        check_elementwise(row, xs, params, result, where)
    if row.ufunc is not None:
        buffer = np.empty(result.shape)
        with np.errstate(all="ignore"):
            row.ufunc(*xs, out=buffer)
        assert np.array_equal(buffer, result, equal_nan=True), f"{where}: the ufunc with out= differs"
    if row.scalar is not None:
        check_scalar(row, xs, params, where)
    if row.fresh and isinstance(out, np.ndarray):
        others = [x for x in xs if isinstance(x, np.ndarray)] + param_arrays(params)
        assert not any(np.shares_memory(out, x) for x in others), f"{where}: fresh, but shares an input's memory"
        again = forward(row, xs, params)
        assert out.size == 0 or not np.shares_memory(out, again), f"{where}: fresh, but two calls share a buffer"
        assert out.flags.writeable or out.size == 0, f"{where}: fresh, but not writeable"
    if row.rearranges:
        first = np.asarray(xs[0])
        assert result.dtype == first.dtype, f"{where}: rearranges, but the dtype changed"
        assert np.isin(result, first).all(), f"{where}: rearranges, but makes values of its own"
        if result.size == first.size:
            assert np.array_equal(np.sort(result, axis=None), np.sort(first, axis=None)), \
                f"{where}: rearranges, but not each element once"
    if result.size:
        check_nonfinite(row, xs, params, kinds, where)


def check_elementwise(row, xs, params, result, where):
    shape = np.broadcast_shapes(*[np.shape(x) for x in xs])
    assert result.shape == shape, f"{where}: elementwise, but shaped {result.shape}, not {shape}"
    spread = [np.broadcast_to(x, shape) for x in xs]
    for index in np.ndindex(shape):
        one = np.asarray(forward(row, [np.asarray(x[index]) for x in spread], params))
        got = result[index]
        if row.exact:
            assert bits(one) == bits(got), f"{where}: exact, but element {index} is {got!r} alone {one!r}"
        elif result.dtype == np.float64:
            assert np.allclose(one, got, rtol=1e-14, atol=0, equal_nan=True), \
                f"{where}: elementwise, but element {index} is {got!r}, alone {one!r}"
        else:
            assert one == got, f"{where}: elementwise, but element {index} is {got!r}, alone {one!r}"


def check_scalar(row, xs, params, where):
    shape = np.broadcast_shapes(*[np.shape(x) for x in xs])
    spread = [np.broadcast_to(x, shape).reshape(-1) for x in xs]
    points = [tuple(float(x[k]) for x in spread) for k in range(spread[0].size)] if spread else []
    points += [(v,) * len(xs) for v in SPECIAL] + [(v, w)[:len(xs)] for v in SPECIAL for w in SPECIAL]
    for point in points:
        try:
            with np.errstate(all="ignore"):
                got = row.scalar(*point)
        except ERRORS:
            continue
        expected = forward(row, [np.float64(v) for v in point], params)
        assert bits(got) == bits(expected), f"{where}: scalar({point}) is {got!r}, the forward {expected!r}"


def check_nonfinite(row, xs, params, kinds, where):
    for i, x in enumerate(xs):
        if not row.keeps_nonfinite(i) or kinds[i] != "float" or np.size(x) == 0:
            continue
        for k in range(np.size(x)):
            for bad in BAD:
                changed = np.array(x, dtype=np.float64)
                changed.reshape(-1)[k] = bad
                ys = [changed if j == i else y for j, y in enumerate(xs)]
                assert not np.isfinite(forward(row, ys, params)).all(), \
                    f"{where}: nonfinite_flows, but {bad} at element {k} of input {i} does not reach the result"


def check_graph(nodes, values, name=None):
    """check_facts for every node of a computed graph (of the row `name` only, if given);
    the names of the rows checked."""
    seen = set()
    for node in nodes:
        row = node.op
        if row.leaf or (name is not None and row.name != name) or node.id not in values:
            continue
        xs = [values[i.id] for i in node.inputs]
        if any(x is None for x in xs):
            continue
        check_facts(row, xs, node.params, [i.dtype for i in node.inputs])
        seen.add(row.name)
    return seen


# ---------------------------------------------------------------- the rows' domains

DOMAINS = [spec.name for spec in SPECS if spec.domain is not None and spec.name in OPS]


@pytest.mark.parametrize("name", DOMAINS)
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_each_rows_facts_hold_on_its_domain(name, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    case = SPEC[name].domain(data.draw, rng)
    g = Graph()
    leaves = [g.apply("input", value=a) for a in case.arrays]
    y = case.make(g, leaves) if case.make is not None else g.apply(name, *leaves, **case.params)
    order = needed([y])
    assert name in check_graph(order, run_plain(order), name), f"{name}: its domain's graph has no node of it"


# ---------------------------------------------------------------- every forward expression's graph

def forward_examples():
    """(expression, built program) for every .ag forward expression of the entries."""
    import re

    for spec in SPECS:
        for expr, _ in spec.forward:
            names = re.findall(r"(?<![\w.])([A-Za-z_]\w*)(?!\w|\s*\(|\s*=[^=])", expr)
            yield expr, build(f"y = {expr}", sets={k: SETS[k] for k in names if k in SETS})


# Programs computing the rows no entry's domain or forward expression computes
MORE = {
    "less": "y = [1.0, -2.0, 3.0] < [[0.5], [3.0]]",
    "softsign_grad": "x = variable([-1.5, 0.5, 3.0]); y = gradients(reduce_sum(softsign(x)), x)",
    "assign": "v = variable([1.0, 2.0]); y = assign(v, [3.0, -4.0]) + assign(v, 2.0)",
    "assign_add": "v = variable([[1.0, 2.0]]); y = assign_add(v, [3.0, -4.0])",
    "assign_sub": "v = variable(1.0); y = assign_sub(v, 3.0)",
}
# Rows only the TensorFlow package's graphs hold
DIRECT = {
    "round_float32": lambda g: g.apply("round_float32", g.apply("input", value=np.array([[0.1, -1e-8], [3e38, 7.0]]))),
}

# Rows no example computes, and why their facts go unchecked here
UNCHECKED = {
    "const": "a leaf", "variable": "a leaf", "placeholder": "a leaf", "input": "a leaf", "step": "a leaf",
    "py_function": "runs a snippet's Python function: the TensorFlow package's, no .ag graph",
}


def test_every_rows_facts_hold_in_the_forward_expressions_graphs():
    checked = set(DOMAINS)
    programs = [built for _, built in forward_examples()] + [build(text) for text in MORE.values()]
    for built in programs:
        order = needed(list(built.graph.nodes))
        checked |= check_graph(order, run_plain(order))
    for make in DIRECT.values():
        order = needed([make(Graph())])
        checked |= check_graph(order, run_plain(order))
    missing = sorted(set(OPS) - checked - set(UNCHECKED))
    assert not missing, f"rows whose facts no example checks (give them a domain or say why here): {missing}"
    assert not sorted(checked & set(UNCHECKED)), "UNCHECKED lists a row that is checked"


# ---------------------------------------------------------------- what the two wrong facts this test found did

def test_a_transposing_einsum_is_a_fresh_array():
    """einsum('ij->ji') was NumPy's view of its operand while the row said `fresh`: the
    compiled evaluator wrote exp's result into it, over u, and u * exp(u) was e * e."""
    from autograd_cli import evaluate

    result = evaluate("x = variable(zeros([64, 64]))\ndef f(u) = reduce_sum(exp(einsum('ij->ji', u)) * u)\n"
                      "w = f(x + 1.0)\n")
    assert np.isclose(result.values["w"], 64 * 64 * math.e, rtol=1e-12)


def test_a_nan_an_exclusive_cumsum_drops_is_still_reported():
    """The last element of an exclusive cumsum reaches no output: its NaN is checked where it
    is made (the row said `nonfinite_flows`, and the compiled evaluator skipped the check)."""
    from autograd_cli import evaluate

    result = evaluate("x = variable([1.0, -1.0])\ny = cumsum(log(x), exclusive=True)\n")
    assert result.values["y"].tolist() == [0.0, 0.0]
    assert result.warnings == ["line 2: log produced nan"]
