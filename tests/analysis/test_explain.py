"""explain: paths, contributions, cuts and None sentences, checked against hand
derivations, the engine's gradient and finite differences written here."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograd_cli.api import evaluate
from autograd_cli.analysis.explain import MAX_PATHS, explain
from conftest import cli, cli_json


def explained(source, **kw):
    result = evaluate(source, **kw)
    return result, explain(result)


def by_text(item):
    return {p_text(p, item): float(p.contribution) for p in item.paths}


def p_text(path, item):
    return " → ".join(n.label or n.op.name for n in path.nodes)


# ---------------------------------------------------------------- seed examples

def test_reference_example_three_is_one_plus_two():
    src = "a = 0.0\nb = 2 * a\ng = gradients(a + b, [a, b])\n"
    _, [rec] = explained(src)
    a, b = rec.xs
    # d(a + 2a)/da: the direct edge carries 1, the edge through b carries 2 (hand derivation)
    assert sorted(float(p.contribution) for p in a.paths) == [1.0, 2.0]
    assert a.space.total == a.space.live == 2 and a.complete
    assert float(a.listed_sum) == 3.0 == float(a.gradient)
    via_b = [p for p in a.paths if any(n.label == "b" for n in p.nodes)]
    assert float(via_b[0].contribution) == 2.0
    assert [float(p.contribution) for p in b.paths] == [1.0]


def test_reference_example_with_stop_gradients_is_one_one():
    src = "a = 0.0\nb = 2 * a\ng = gradients(a + b, [a, b], stop_gradients=[a, b])\n"
    _, [rec] = explained(src)
    a, b = rec.xs
    assert [float(p.contribution) for p in a.paths] == [1.0]
    assert len(a.cut_paths) == 1 and a.cut_paths[0].cuts[0].kind == "stop_gradients"
    assert "held by stop_gradients (b, line 2)" in a.cut_paths[0].cuts[0].describe()
    assert float(b.gradient) == 1.0


W1_SEED = """w1 = variable(2.0)
w2 = variable(2.0)
a = w1 * 3.0
a_stoped = stop_gradient(a)
b = a_stoped * w2
g = gradients(b, [w1, w2])
"""


def test_w1_none_is_cut_at_the_stop_gradient_line():
    result, [rec] = explained(W1_SEED)
    w1, w2 = rec.xs
    assert w1.gradient is None
    assert w1.sentence == ("w1 reaches b only through stop_gradient(a) on line 4, "
                           "so no gradient flows back to it.")
    assert w1.space.total == 1 and w1.space.live == 0
    [path] = w1.cut_paths
    assert [n.label for n in path.nodes] == ["w1", "a", "a_stoped", "b"]
    assert path.cuts[0].kind == "stop_gradient" and path.cuts[0].node.line == 4
    # eval's None reason and explain's come from the same module
    assert w1.reason == result.gradients[0].unconnected["w1"] == "cut by stop_gradient at line 4"
    assert float(w2.gradient) == 6.0 and [float(p.contribution) for p in w2.paths] == [6.0]


def test_stop_gradient_of_sum_plus_sum_has_one_cut_and_one_live_path_per_input():
    src = "a = variable(1.0)\nb = variable(1.0)\nc = a + b\nc_stoped = stop_gradient(c)\n" \
          "d = a + b\ne = c_stoped + d\ng = gradients(e, [a, b])\n"
    _, [rec] = explained(src)
    for item, name in zip(rec.xs, "ab"):
        assert item.space.total == 2 and item.space.live == 1 and item.space.cut == 1
        [live] = item.paths
        assert [n.label for n in live.nodes] == [name, "d", "e"] and float(live.contribution) == 1.0
        [cut] = item.cut_paths
        assert [n.label for n in cut.nodes] == [name, "c", "c_stoped", "e"]
        assert cut.cuts[0].describe() == "cut by stop_gradient at line 4"
        assert float(item.gradient) == 1.0


def test_cli_text_shows_paths_sum_and_sentence(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    proc = cli("explain", f)
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.split())
    assert "w1 reaches b only through stop_gradient(a) on line 4, so no gradient flows back to it." in out
    assert "w1 (line 1) → a (line 3) → a_stoped (line 4) → b (line 5)" in out
    assert "w2 (line 2) → b (line 5)" in out
    f.write_text("a = 0.0\nb = 2 * a\ng = gradients(a + b, [a, b])\n")
    out = " ".join(cli("explain", f).stdout.split())
    assert "a (line 1) → b (line 2) → a + b (line 3) contributes 2" in out and "a (line 1) → a + b (line 3) contributes 1" in out
    assert "2 + 1 = 3" in out and "✓" in out


def test_cli_json_is_strict_and_complete(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    proc = cli("explain", f, "--json")
    assert proc.returncode == 0, proc.stderr

    def bad(name):
        raise AssertionError(name)
    doc = json.loads(proc.stdout, parse_constant=bad)
    [rec] = doc["gradients"]
    w1, w2 = rec["xs"]
    assert w1["gradient"] is None and w1["path_count"] == 1 and w1["live_path_count"] == 0
    assert w1["cut_paths"][0]["reason"] == "cut by stop_gradient at line 4"
    assert [n["name"] for n in w1["cut_paths"][0]["nodes"]] == ["w1", "a", "a_stoped", "b"]
    assert [n["line"] for n in w1["cut_paths"][0]["nodes"]] == [1, 3, 4, 5]
    assert w1["cuts"] == [{"kind": "stop_gradient", "op": "stop_gradient", "line": 4,
                           "reason": "cut by stop_gradient at line 4", "paths": 1}]
    assert w2["paths"][0]["contribution"] == 6.0 and w2["contributions_sum"] == 6.0
    assert w2["edge_flows"] == [{"from": {"name": "w2", "op": "variable", "line": 2},
                                 "to": {"name": "b", "op": "multiply", "line": 5},
                                 "operand": 1, "flow": 6.0}]


# ---------------------------------------------------------------- cuts of every kind

def test_op_without_gradient_cuts_its_path():
    src = "x = variable(1.3)\nr = round(x)\ny = r * x\ng = gradients(y, x)\n"
    _, [rec] = explained(src)
    [item] = rec.xs
    assert item.space.total == 2 and item.space.live == 1
    assert [float(p.contribution) for p in item.paths] == [1.0]     # d(r*x)/dx with r frozen = r = 1
    [cut] = item.cut_paths
    assert cut.cuts[0].describe() == "round has no gradient (line 2)"


def test_only_round_path_gives_round_sentence():
    src = "x = variable(1.3)\n\n\n\nr = round(x)\ny = r * 2\ng = gradients(y, x)\n"
    _, [rec] = explained(src)
    [item] = rec.xs
    assert item.gradient is None
    assert item.sentence == "x reaches y only through round(x) on line 5, which has no gradient, " \
                            "so no gradient flows back to it."


def test_unconnected_and_downstream_sentences():
    src = "w1 = variable([[1, 2]])\nw2 = variable([[3, 4]])\nres = w1 @ [[2], [1]]\n" \
          "later = res * 2\ng = gradients(res, [w1, w2, later])\n"
    _, [rec] = explained(src)
    w1, w2, later = rec.xs
    assert np.array_equal(w1.gradient, [[2.0, 1.0]])
    assert w2.gradient is None and w2.space.total == 0
    assert w2.sentence == "res is not computed from w2 at all, so no gradient flows back to it."
    assert later.sentence.startswith("later is computed from res, not the other way round")


def test_tensor_paths_are_vector_jacobian_products():
    # y = sum(x * x + 3 * x): the two operand edges of x * x each carry x, the other path 3
    src = "x = variable([1.0, -2.0])\ns = x * x\nt = 3 * x\ny = s + t\ng = gradients(y, x)\n"
    _, [rec] = explained(src)
    [item] = rec.xs
    got = sorted(tuple(p.contribution.tolist()) for p in item.paths)
    assert got == sorted([(1.0, -2.0), (1.0, -2.0), (3.0, 3.0)])
    assert np.array_equal(item.listed_sum, [5.0, -1.0])


def test_grad_ys_scale_the_contributions():
    src = "x = variable(2.0)\ny = x * x\ng = gradients(y, x, grad_ys=[10.0])\n"
    _, [rec] = explained(src)
    assert [float(p.contribution) for p in rec.xs[0].paths] == [20.0, 20.0]


def test_grad_and_wrt_options_are_explained():
    _, recs = explained("x = variable(2.0)\ny = x * x * x\n", grads=["y"], wrt=["x"])
    [item] = recs[0].xs
    assert float(item.listed_sum) == pytest.approx(12.0)
    assert item.space.total == 3


# ---------------------------------------------------------------- large path counts

def diamond(levels, p=0.6, q=0.5):
    lines = ["x = variable(1.0)", "v0 = x"]
    for i in range(1, levels + 1):
        lines += [f"p{i} = v{i - 1} * {p}", f"q{i} = v{i - 1} * {q}", f"v{i} = p{i} + q{i}"]
    lines.append(f"g = gradients(v{levels}, x)")
    return "\n".join(lines) + "\n"


def test_sixty_level_diamond_counts_two_to_the_sixty_within_budget():
    _, [rec] = explained(diamond(60))
    [item] = rec.xs
    assert item.space.total == 2 ** 60 and item.space.live == 2 ** 60
    assert not item.complete and len(item.paths) == MAX_PATHS
    assert float(item.gradient) == pytest.approx(1.1 ** 60, rel=1e-12)
    # every path multiplies one factor per level: 0.6**k * 0.5**(60-k)
    for path in item.paths:
        k = sum(1 for n in path.nodes if n.label and n.label.startswith("p"))
        assert float(path.contribution) == pytest.approx(0.6 ** k * 0.5 ** (60 - k), rel=1e-12)
    # edge flows: one reverse sweep; x -> p1 carries 0.6 * 1.1**59 (hand derivation)
    flows = {(e.source.label, e.target.label): float(e.flow) for e in rec.edge_flows}
    assert len(rec.edge_flows) == 60 * 4
    assert flows[("x", "p1")] == pytest.approx(0.6 * 1.1 ** 59, rel=1e-12)
    assert flows[("q60", "v60")] == pytest.approx(1.0)
    # x's own edges split its gradient: 0.6 * 1.1**59 + 0.5 * 1.1**59
    assert sorted(float(e.flow) for e in item.edge_flows) == pytest.approx(
        [0.5 * 1.1 ** 59, 0.6 * 1.1 ** 59], rel=1e-12)


def test_sixty_level_diamond_on_the_cli(tmp_path):
    f = tmp_path / "d.ag"
    f.write_text(diamond(60))
    doc = cli_json("explain", f)
    item = doc["gradients"][0]["xs"][0]
    assert item["path_count"] == 2 ** 60 and item["complete"] is False
    assert len(item["paths"]) == MAX_PATHS and len(item["edge_flows"]) == 2
    assert len(doc["gradients"][0]["edge_flows"]) == 240
    from autograd_cli.cli.terminal import console
    from autograd_cli.render.explainout import text

    out = console()
    with out.capture() as captured:
        text(explained(diamond(60))[1], out)
    assert "1,152,921,504,606,846,976 paths from x to v60" in " ".join(captured.get().split())


def test_long_chain_has_one_path_and_no_recursion():
    n = 3000
    src = "x0 = variable(1.0)\n" + "".join(f"x{i} = x{i - 1} * 1.001\n" for i in range(1, n + 1)) \
        + f"g = gradients(x{n}, x0)\n"
    _, [rec] = explained(src)
    [item] = rec.xs
    assert item.space.total == 1 and item.complete
    assert float(item.paths[0].contribution) == pytest.approx(1.001 ** n, rel=1e-9)


def test_cut_counts_by_first_cut_add_up():
    # a diamond with a stop_gradient in the middle level of one branch
    src = diamond(4).replace("q2 = v1 * 0.5", "q2 = stop_gradient(v1) * 0.5")
    _, [rec] = explained(src)
    [item] = rec.xs
    assert item.space.total == 16 and item.space.live == 8
    assert sum(n for _, n in item.space.first_cuts) == item.space.cut == 8
    assert len(item.cut_paths) == 8 and item.complete


# ---------------------------------------------------------------- property: contributions sum to the gradient

UNARY = {
    "sin({a})": np.sin,
    "tanh({a})": np.tanh,
    "exp(0.3 * {a})": lambda v: np.exp(0.3 * v),
    "{a} * 2.5": lambda v: v * 2.5,
    "stop_gradient({a})": None,     # frozen
    "round({a})": None,             # frozen
}
BINARY = {
    "{a} + {b}": np.add,
    "{a} - {b}": np.subtract,
    "{a} * {b}": np.multiply,
    "{a} / (1.5 + {b} * {b})": lambda a, b: a / (1.5 + b * b),
}


@st.composite
def programs(draw):
    n = draw(st.integers(2, 7))
    stmts = []
    for i in range(n):
        names = ["x0", "x1"] + [f"v{k}" for k in range(i)]
        if draw(st.booleans()):
            form = draw(st.sampled_from(sorted(UNARY)))
            args = (draw(st.sampled_from(names)),)
        else:
            form = draw(st.sampled_from(sorted(BINARY)))
            args = (draw(st.sampled_from(names)), draw(st.sampled_from(names)))
        stmts.append((form, args))
    second_y = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    vector = draw(st.booleans())
    x0 = draw(st.lists(st.floats(0.3, 1.7), min_size=2, max_size=2)) if vector else draw(st.floats(0.3, 1.7))
    x1 = draw(st.floats(-1.2, 1.2))
    held = draw(st.sets(st.integers(0, n - 1), max_size=2))          # stop_gradients= entries
    weights = draw(st.lists(st.sampled_from([1.0, -2.0, 0.5]), min_size=2, max_size=2))  # grad_ys
    return stmts, second_y, x0, x1, sorted(held), weights


def reference(stmts, ys, point, frozen=None, held=(), weights=(1.0, 1.0)):
    """Plain NumPy evaluation of sum(weight * y); with `frozen`, stop_gradient/round and
    the stop_gradients entries keep their values from `frozen`."""
    env = {"x0": np.asarray(point[0], float), "x1": np.asarray(point[1], float)}
    seen = {}
    for i, (form, args) in enumerate(stmts):
        vals = [env[a] for a in args]
        fn = UNARY.get(form) if len(args) == 1 else BINARY[form]
        if fn is None:
            value = np.round(vals[0]) if form.startswith("round") else vals[0]
            value = frozen[i] if frozen is not None else value
        else:
            value = fn(*vals)
        if frozen is not None and i in held:
            value = frozen[i]
        env[f"v{i}"] = value
        seen[i] = value
    return sum(w * float(np.sum(env[y])) for y, w in zip(ys, weights)), seen


def source_of(stmts, ys, x0, x1, held=(), weights=None):
    lines = [f"x0 = variable({json.dumps(x0)})", f"x1 = variable({x1!r})"]
    for i, (form, args) in enumerate(stmts):
        lines.append(f"v{i} = " + form.format(a=args[0], b=args[-1]))
    extra = f", grad_ys=[{', '.join(map(repr, weights[:len(ys)]))}]" if weights else ""
    if held:
        extra += f", stop_gradients=[{', '.join(f'v{i}' for i in held)}]"
    lines.append(f"g = gradients([{', '.join(ys)}], [x0, x1]{extra})")
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_path_contributions_sum_to_the_gradient(program):
    stmts, second_y, x0, x1, held, weights = program
    ys = [f"v{len(stmts) - 1}"] + ([f"v{second_y}"] if second_y is not None else [])
    src = source_of(stmts, ys, x0, x1, held, weights)
    result, [rec] = explained(src)
    _, frozen = reference(stmts, ys, (x0, x1))
    for k, item in enumerate(rec.xs):
        engine = result.gradients[0].values[k]
        assert item.complete
        assert item.space.live == len(item.paths) and item.space.cut == len(item.cut_paths)
        assert sum(n for _, n in item.space.first_cuts) == item.space.cut
        # finite differences of the program with stop_gradient/round frozen at their values
        base = [np.asarray(x0, float), np.asarray(x1, float)]
        fd = np.zeros_like(base[k])
        for idx in np.ndindex(base[k].shape):
            h = 1e-6 * max(1.0, abs(float(base[k][idx])))
            hi = [b.copy() for b in base]
            lo = [b.copy() for b in base]
            hi[k][idx] += h
            lo[k][idx] -= h
            fd[idx] = (reference(stmts, ys, hi, frozen, held, weights)[0]
                       - reference(stmts, ys, lo, frozen, held, weights)[0]) / (2 * h)
        if engine is None:
            assert item.gradient is None and item.space.live == 0 and item.sentence
            assert item.reason == result.gradients[0].unconnected[rec.xs[k].x_text]   # eval agrees
            assert np.allclose(fd, 0.0, atol=1e-6)
            continue
        total = item.listed_sum if item.paths else np.zeros_like(engine)
        assert np.allclose(total, engine, rtol=1e-9, atol=1e-12), src
        assert np.allclose(total, fd, rtol=1e-5, atol=1e-6), src


def test_astronomical_path_counts_print_and_serialise():
    # x = sin(x)*1.01 + x*0.3 repeated: 2**n paths, above BIG_COUNT_BITS: written as 1.234e933
    n = 3100
    src = "x0 = variable(0.5)\nx = x0\n" + "x = sin(x)*1.01 + x*0.3\n" * n + "g = gradients(x, x0)\n"
    from autograd_cli.render.explainout import document
    from autograd_cli.render.jsonout import dumps

    _, recs = explained(src)
    item = recs[0].xs[0]
    assert item.space.total == 2 ** n and not item.complete
    assert item.stopped_by and "MAX_PATH_NODES" in item.stopped_by
    doc = json.loads(dumps(document(recs)))["gradients"][0]["xs"][0]
    mantissa, exponent = doc["path_count"].split("e")
    digits = str(2 ** n)
    assert int(exponent) == len(digits) - 1 == 933
    assert abs(float(mantissa) - int(digits[:6]) / 1e5) < 1e-3
    # 2**20000 has more digits than Python will print (4,300): still a count, no ValueError
    from autograd_cli.analysis.explain import count_text
    assert count_text(2 ** 20000) == "≈ 3.980e6020"
    assert count_text(2 ** 60) == "1,152,921,504,606,846,976"
    assert all(p["length"] == len(p["nodes"]) or "elided" in p for p in doc["paths"])


def test_readme_demo_sample(samples):
    # b = h * w2 + w2 * w2 with h = 6 frozen, w2 = 3: paths contribute h = 6 and w2 = 3 twice
    _, [rec] = explained((samples / "explain_demo.ag").read_text())
    w1, w2 = rec.xs
    assert w1.sentence == "w1 reaches b only through stop_gradient(a) on line 5, so no gradient flows back to it."
    assert sorted(float(p.contribution) for p in w2.paths) == [3.0, 3.0, 6.0]
    assert float(w2.gradient) == 12.0


def test_readme_shows_the_current_explain_output(samples):
    readme = (samples.parent / "README.md").read_text()
    block = readme.split("$ autograd-cli explain samples/explain_demo.ag\n", 1)[1].split("```", 1)[0]
    proc = cli("explain", samples / "explain_demo.ag")
    assert proc.returncode == 0 and proc.stdout == block


def test_budget_serves_the_cheapest_xs_first_and_stays_bounded(monkeypatch):
    import autograd_cli.analysis.explain as ex

    monkeypatch.setattr(ex, "MAX_PULLS", 300)
    n = 60      # s = s * 0.9 + v_i: v_i has one path of 2 * (n - i) edges
    src = "s = variable(0.0)\n" + "".join(f"v{i} = variable(1.0)\ns = s * 0.9 + v{i}\n" for i in range(n)) \
        + "g = gradients(s, [" + ", ".join(f"v{i}" for i in range(n)) + "])\n"
    _, [rec] = explained(src)
    listed = [k for k, item in enumerate(rec.xs) if item.paths]
    assert listed == list(range(n - len(listed), n)) and 5 < len(listed) < n     # the nearest ones
    for k, item in enumerate(rec.xs):
        assert item.space.total == item.space.live == 1
        assert float(item.gradient) == pytest.approx(0.9 ** (n - 1 - k))        # hand: d s / d v_k
        if item.paths:
            assert float(item.paths[0].contribution) == pytest.approx(0.9 ** (n - 1 - k))
        else:
            assert item.stopped_by and "MAX_PULLS" in item.stopped_by and not item.complete
    assert [x.x_text for x in rec.xs] == [f"v{i}" for i in range(n)]            # program order kept


def test_a_keras_fit_is_explained_as_the_gradient_of_its_loss(tmp_path):
    """fit's gradient has no call text of its own: it is d(loss)/dx (explain indexed the ys'
    texts and ended in an IndexError). By hand, one step at kernel 1, bias 0 on x = 1, 2, 3,
    y = 2x + 1: the error is -x - 1, d(mean(err^2))/dw = mean(2 err x) = -40/3, d/db = -6."""
    f = tmp_path / "fit.py"
    f.write_text("import numpy as np\nimport tensorflow as tf\n"
                 "x = np.array([[1.0], [2.0], [3.0]], dtype=np.float32)\ny = 2 * x + 1\n"
                 "model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), "
                 "tf.keras.layers.Dense(1, kernel_initializer='ones')])\n"
                 "model.compile(optimizer='sgd', loss='mse')\nmodel.fit(x, y, epochs=1, verbose=0)\n")
    proc = cli("explain", f)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert "(line 7): d(loss)/dx" in proc.stdout
    assert f"d(loss)/d(kernel) = [[{-40 / 3:.10f}]]" in proc.stdout and "d(loss)/d(bias) = [-6.]" in proc.stdout
