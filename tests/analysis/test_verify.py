"""`autograd-cli verify`: AD, SymPy and finite differences agree; disagreements and blow-ups are caught.

References here are independent of the code under test: hand derivations, SymPy
run by the test, and the verify command's own finite differences only where the
point is that verify reports them.
"""
import json
import math
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from conftest import ROOT, SRC, cli

from autograd_cli.analysis import verify as V
from autograd_cli.ops import OPS
from autograd_cli.support.records import replace

sys.path.insert(0, str(ROOT / "tests" / "ops"))   # the per-op spec
from op_specs import SPECS, program_text  # noqa: E402

SAMPLES = sorted((ROOT / "samples").glob("*.ag"))


class Ran:
    def __init__(self, returncode, stdout):
        self.returncode, self.stdout = returncode, stdout


def run_verify(tmp_path, source, *args, timeout=None):
    """`verify --json` in process (typer's runner; the SymPy children are still forked)."""
    from typer.testing import CliRunner

    from autograd_cli.cli.app import app

    path = tmp_path / "prog.ag"
    path.write_text(source)
    result = CliRunner().invoke(app, ["verify", str(path), "--json", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return Ran(result.exit_code, result.stdout), (json.loads(result.stdout) if result.stdout.strip() else None)


def by_x(doc, gradient=None):
    return {c["x"]: c for c in doc["checks"] if gradient is None or c["gradient"] == gradient}


# ---------------------------------------------------------------- samples and seeds

@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_verifies(sample, tmp_path):
    proc, doc = run_verify(tmp_path, sample.read_text())
    assert proc.returncode == 0, proc.stdout
    assert doc["ok"] is True
    assert doc["checks"], "a sample should compute at least one gradient"
    for check in doc["checks"]:
        assert check["ok"], check


def test_samples_exist():
    assert SAMPLES


SEED = """\
w1 = variable(2.0)
w2 = variable(2.0)
a = multiply(w1, 3.0)
a_stoped = stop_gradient(a)
b = multiply(a_stoped, w2)
gradients = gradients(b, xs=[w1, w2])
"""


def test_seed_stop_gradient_none_agrees_with_symbolic_zero(tmp_path):
    proc, doc = run_verify(tmp_path, SEED)
    assert proc.returncode == 0 and doc["ok"] is True
    checks = by_x(doc)
    w1, w2 = checks["w1"], checks["w2"]
    # TensorFlow answers None for w1; SymPy's derivative of stop_gradient(3*w1)*w2 is exactly 0
    assert w1["ad"] is None and w1["symbolic"] == 0 and w1["formula"] == "0"
    assert w1["ok"] is True and w1["skipped"] is None
    assert any("no live path" in n and "stop_gradient at line 4" in n and "exactly 0" in n
               for n in w1["notes"])
    # d/dw2 = stop_gradient(3*w1) = 6 by hand; the formula keeps the stop_gradient
    assert w2["ad"] == 6.0 and w2["symbolic"] == 6.0
    assert w2["formula"] == "stop_gradient(3*w1)"
    assert abs(w2["finite_difference"] - 6.0) < 1e-6


def test_seed_experiment_two_and_spec_stop_gradients(tmp_path):
    source = """\
a = variable(1.0)
b = variable(1.0)
c = add(a, b)
c_stoped = stop_gradient(c)
d = add(a, b)
e = add(c_stoped, d)
g = gradients(e, xs=[a, b])
p = 0.
q = 2 * p
h1 = gradients(p + q, [p, q])
h2 = gradients(p + q, [p, q], stop_gradients=[p, q])
"""
    proc, doc = run_verify(tmp_path, source)
    assert proc.returncode == 0, proc.stdout
    got = {(c["gradient"], c["x"]): (c["ad"], c["symbolic"]) for c in doc["checks"]}
    assert got == {("g", "a"): (1.0, 1.0), ("g", "b"): (1.0, 1.0),
                   ("h1", "p"): (3.0, 3.0), ("h1", "q"): (1.0, 1.0),
                   ("h2", "p"): (1.0, 1.0), ("h2", "q"): (1.0, 1.0)}


# ---------------------------------------------------------------- disagreements are caught

WRONG = """\
a = variable(0.7)
b = variable(1.3)
y = sin(a) * b
g = gradients(y, [a, b])
"""


@pytest.fixture
def wrong_sin(monkeypatch):
    """sin's gradient rule replaced by a wrong one (sin instead of cos)."""
    bad = replace(OPS["sin"], vjp=(lambda g, n, dy: g.multiply(dy, g.sin(n.inputs[0])),))
    monkeypatch.setitem(OPS, "sin", bad)


def test_wrong_gradient_rule_is_caught_api(wrong_sin):
    report = V.verify(WRONG)
    checks = {c.x: c for c in report.checks}
    assert report.ok is False
    assert checks["a"].ok is False and checks["b"].ok is True
    # AD follows the wrong rule; SymPy and finite differences give b*cos(a)
    assert checks["a"].ad == pytest.approx(math.sin(0.7) * 1.3)
    assert checks["a"].symbolic[0] == pytest.approx(1.3 * math.cos(0.7), rel=1e-12)
    assert checks["a"].finite_difference[0] == pytest.approx(1.3 * math.cos(0.7), rel=1e-6)
    assert checks["a"].formulas[0] == "b*cos(a)"


def test_wrong_gradient_rule_is_caught_cli(wrong_sin, tmp_path):
    from typer.testing import CliRunner

    from autograd_cli.cli.app import app

    path = tmp_path / "wrong.ag"
    path.write_text(WRONG)
    result = CliRunner().invoke(app, ["verify", str(path), "--json"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.output)
    assert doc["ok"] is False
    assert [(c["x"], c["ok"]) for c in doc["checks"]] == [("a", False), ("b", True)]

    table = CliRunner().invoke(app, ["verify", str(path)], env={"COLUMNS": "160"})
    assert table.exit_code == 1
    rows = {line.split("│")[1].strip(): line for line in table.output.splitlines() if line.count("│") > 6}
    assert "✗" in rows["a"] and "✓" in rows["b"]


def test_none_with_a_live_path_is_caught(monkeypatch):
    # a rule that silently drops its contribution makes AD answer None although a path is live
    bad = replace(OPS["multiply"], vjp=(lambda g, n, dy: None, OPS["multiply"].vjp[1]))
    monkeypatch.setitem(OPS, "multiply", bad)
    report = V.verify("a = variable(2.0)\nb = variable(3.0)\ny = a * b\ng = gradients(y, [a, b])")
    checks = {c.x: c for c in report.checks}
    assert checks["a"].ad is None and checks["a"].ok is False
    assert any("live path" in n for n in checks["a"].notes)
    assert checks["b"].ok is True and report.ok is False


# ---------------------------------------------------------------- limits: never a hang

def nested(depth):
    expr = "x"
    for _ in range(depth):
        expr = f"exp(sin({expr}))"
    return f"x = variable(0.5)\ny = {expr}\ng = gradients(y, x)\n"


def run_cli_verify(tmp_path, source, *args):
    path = tmp_path / "prog.ag"
    path.write_text(source)
    proc = cli("verify", path, "--json", *args, timeout=120)   # a hang fails here
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc, json.loads(proc.stdout)


def test_swelling_derivative_is_skipped_not_a_hang(tmp_path):
    proc, doc = run_cli_verify(tmp_path, nested(40))
    assert proc.returncode == 0
    check = doc["checks"][0]
    assert check["ok"] is True and check["symbolic"] is None and check["formula"] is None
    assert "SymPy" in check["skipped"]
    assert check["finite_difference"] is not None       # finite differences still shown
    # the AD value itself: d/dx of the nested chain, by the chain rule in plain Python
    value, derivative = 0.5, 1.0
    for _ in range(40):
        derivative *= math.cos(value) * math.exp(math.sin(value))
        value = math.exp(math.sin(value))
    assert check["ad"] == pytest.approx(derivative, rel=1e-9)


def test_a_sympy_run_cut_short_by_the_total_budget_names_budget(monkeypatch):
    # SymPy made to take 30 s; --timeout is generous, so what stops it is --budget
    import autograd_cli.analysis.verify.checks as checks

    monkeypatch.setattr(checks, "_warm_up", lambda: None)
    monkeypatch.setattr(checks, "symbolic", lambda *args: time.sleep(30))
    start = time.monotonic()
    report = checks.verify("x = variable(0.5)\ng = gradients(sin(x), x)\n", timeout=600, budget=1.0)
    assert time.monotonic() - start < 20
    (skipped,) = [s for s in report.checks[0].skipped if s.startswith("SymPy")]
    assert "ran past its time budget" in skipped and skipped.endswith("(--budget)"), skipped


def test_time_budget_kills_sympy(tmp_path):
    # 12 entries, each differentiating a product of 12 softplus terms: SymPy needs seconds
    source = ("x = variable(linspace(0.1, 1.2, 12))\n"
              "y = reduce_prod(softplus(x * x) + exp(sin(x))) * reduce_logsumexp(x * x)\n"
              "g = gradients(y, x)\n")
    proc, doc = run_cli_verify(tmp_path, source, "--timeout", "0.05")
    assert proc.returncode == 0, proc.stdout
    check = doc["checks"][0]
    assert "time budget of 0.05 s" in check["skipped"]
    assert check["symbolic"] is None and check["ok"] is True
    assert all(isinstance(v, float) for v in check["finite_difference"])


def test_symbolic_size_limit_on_tensors(tmp_path):
    source = "x = variable(linspace(0.0, 1.0, 2000))\ny = reduce_sum(x * x)\ng = gradients(y, x)\n"
    proc, doc = run_verify(tmp_path, source)
    assert proc.returncode == 0
    check = doc["checks"][0]
    assert "SYMBOLIC_MAX_ELEMENTS" in check["skipped"]
    fd = check["finite_difference"]
    sampled = [i for i, v in enumerate(fd) if v is not None]
    assert len(sampled) == V.common.SAMPLE and sampled[0] == 0 and sampled[-1] == 1999
    expected = 2 * np.linspace(0.0, 1.0, 2000)
    assert np.allclose([fd[i] for i in sampled], expected[sampled], atol=1e-6)


# ---------------------------------------------------------------- second order, jacobians, tensors

SECOND = """\
x = variable([[1.0], [2.0], [0.5]])
W = variable([[1.0, -2.0, 0.3], [0.5, 0.1, -1.0]])
y = reduce_sum(tanh(W @ x) ** 2) + reduce_prod(x)
h = hessians(y, [x])
J = jacobian(softmax(reshape(W @ x, [2])), W)
g = gradients(y, x)[0]
gg = gradients(reduce_sum(g * g), [x, W])
"""


def test_hessians_jacobians_and_gradients_of_gradients(tmp_path):
    proc, doc = run_verify(tmp_path, SECOND)
    assert proc.returncode == 0, proc.stdout
    kinds = [(c["kind"], c["gradient"], c["x"]) for c in doc["checks"]]
    assert kinds == [("hessians", "h", "x"), ("jacobian", "J", "W"), ("gradients", "gradients(y, x)", "x"),
                     ("gradients", "gg", "x"), ("gradients", "gg", "W")]
    for c in doc["checks"]:
        assert c["ok"] and c["skipped"] is None, c
    # independent reference: SymPy in the test, differentiating the same function by hand-built formula
    import sympy as sp

    xs = sp.symbols("x0:3")
    Wv = [[1.0, -2.0, 0.3], [0.5, 0.1, -1.0]]
    y = sum(sp.tanh(sum(Wv[i][j] * xs[j] for j in range(3))) ** 2 for i in range(2)) + xs[0] * xs[1] * xs[2]
    point = dict(zip(xs, [1.0, 2.0, 0.5]))
    hess = [[float(sp.diff(y, a, b).subs(point)) for b in xs] for a in xs]
    got = np.array(doc["checks"][0]["ad"]).reshape(3, 3)
    assert np.allclose(got, hess, rtol=1e-10)
    grad = [sp.diff(y, a) for a in xs]
    gg = [float(sp.diff(sum(t * t for t in grad), a).subs(point)) for a in xs]
    assert np.allclose(np.array(doc["checks"][3]["ad"]).reshape(3), gg, rtol=1e-10)


def test_grad_ys_and_intermediate_x(tmp_path):
    source = """\
w = variable([1.0, -2.0])
v = w * w
y = sin(v)
s = variable([3.0, 0.5])
g = gradients(y, [w, v], grad_ys=[s * w])
"""
    proc, doc = run_verify(tmp_path, source)
    assert proc.returncode == 0, proc.stdout
    checks = by_x(doc)
    w = np.array([1.0, -2.0])
    seed = np.array([3.0, 0.5]) * w
    assert np.allclose(checks["w"]["ad"], np.cos(w * w) * 2 * w * seed)
    assert np.allclose(checks["v"]["ad"], np.cos(w * w) * seed)
    assert all(c["ok"] and c["skipped"] is None for c in doc["checks"])


def test_grad_wrt_options_and_kinks(tmp_path):
    # relu at exactly 0: TensorFlow says 0, SymPy's Heaviside(0) says 1/2; both lie between the slopes
    source = "x = variable([0.0, 1.5, -2.0])\ny = reduce_sum(relu(x) * 3)\nz = abs(x[0])\n"
    proc, doc = run_verify(tmp_path, source, "--grad", "y", "--grad", "z", "--wrt", "x")
    assert proc.returncode == 0, proc.stdout
    y, z = doc["checks"]
    assert y["gradient"] == "--grad y" and y["ad"] == [0.0, 3.0, 0.0] and y["ok"]
    assert any("kink" in n for n in y["notes"])
    assert z["ad"] == [0.0, 0.0, 0.0] and z["ok"]


def test_cli_errors_exit_2(tmp_path):
    assert cli("verify", tmp_path / "missing.ag").returncode == 2
    path = tmp_path / "p.ag"
    path.write_text("x = variable(1.0)\ny = x * x\n")
    proc = cli("verify", path, "--timeout", "0")
    assert proc.returncode == 2 and "--timeout" in proc.stderr and "Traceback" not in proc.stderr
    proc = cli("verify", path, "--wrt", "x")
    assert proc.returncode == 2 and "--wrt needs --grad" in proc.stderr


def test_table_output(tmp_path, samples):
    proc = cli("verify", samples / "linear_model.ag")
    assert proc.returncode == 0
    assert "SymPy formula" in proc.stdout and "✓" in proc.stdout and "all agree" in proc.stdout


def test_json_is_strict_with_nan(tmp_path):
    proc, doc = run_verify(tmp_path, "x = variable(-1.0)\ny = sqrt(x)\ng = gradients(y, x)\n")
    json.loads(proc.stdout, parse_constant=lambda c: pytest.fail(f"non-strict JSON constant {c}"))
    check = doc["checks"][0]
    assert check["ad"] == "nan" and check["symbolic"] == "nan"


# ---------------------------------------------------------------- eval stays SymPy-free

def test_eval_does_not_import_sympy(samples):
    code = ("import sys, io, contextlib\n"
            "from autograd_cli.cli.app import app\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
            f"    app(['eval', {str(samples / 'linear_model.ag')!r}, '--json'])\n"
            "print('sympy' in sys.modules)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(SRC), "PATH": ""}, timeout=60)
    assert proc.stdout.strip() == "False", proc.stderr
    timed = subprocess.run([sys.executable, "-X", "importtime", "-m", "autograd_cli", "eval",
                            str(samples / "linear_model.ag")], capture_output=True, text=True,
                           env={"PYTHONPATH": str(SRC), "PATH": ""}, timeout=60)
    assert timed.returncode == 0 and "sympy" not in timed.stderr


# ---------------------------------------------------------------- every differentiable op, random points

# The programs of the op_specs.py entries (a program several entries list runs once).
PROGRAMS = list(dict.fromkeys(program for spec in SPECS for program in spec.verify))


def _verifies_at_random_points(data, body, elem_a, elem_b, shape_a, shape_b):
    a = np.array(data.draw(st.lists(elem_a, min_size=int(np.prod(shape_a)),
                                    max_size=int(np.prod(shape_a))))).reshape(shape_a)
    b = np.array(data.draw(st.lists(elem_b, min_size=int(np.prod(shape_b)),
                                    max_size=int(np.prod(shape_b))))).reshape(shape_b)
    report = V.verify(program_text(body, a, b))
    assert len(report.checks) >= 2   # the final gradients call, and any inner ones a body makes
    for check in report.checks:
        assert check.ok, (check.x, check.ad, check.symbolic, check.finite_difference, check.notes, check.skipped)
        assert not check.skipped, check.skipped


# One derandomized point per op in the default run (the suite stays quick); `-m fuzz` tries 20
# random points per op.
@pytest.mark.parametrize("body, elem_a, elem_b, shape_a, shape_b", PROGRAMS, ids=[p[0] for p in PROGRAMS])
@settings(max_examples=1, deadline=None, derandomize=True,
          phases=(Phase.explicit, Phase.reuse, Phase.generate))  # a failure prints its program; no slow shrinking
@given(data=st.data())
def test_every_op_verifies_at_random_points(data, body, elem_a, elem_b, shape_a, shape_b):
    _verifies_at_random_points(data, body, elem_a, elem_b, shape_a, shape_b)


@pytest.mark.fuzz
@pytest.mark.parametrize("body, elem_a, elem_b, shape_a, shape_b", PROGRAMS, ids=[p[0] for p in PROGRAMS])
@settings(max_examples=20, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(data=st.data())
def test_every_op_verifies_at_many_random_points(data, body, elem_a, elem_b, shape_a, shape_b):
    _verifies_at_random_points(data, body, elem_a, elem_b, shape_a, shape_b)


def test_placeholders_step_index_no_gradient_ops_and_nan(tmp_path):
    source = """\
xs = placeholder()
i = variable(1.0)
t = variable([1.0, 2.0, 3.0])
u = t[step] * xs + t[1] * i
v = log(-t) * xs
n = round(t) * t
k = argmax(t, 0) * xs
gradients(u, [t, xs, i, k])
gradients(reduce_sum(v), [t])
gradients(reduce_sum(n), [t], unconnected_gradients="zero")
"""
    proc, doc = run_verify(tmp_path, source, "--set", "xs=2")
    assert proc.returncode == 0, proc.stdout
    u = by_x(doc, "gradients(u, [t, xs, i, k])")
    # by hand: du/dt = [xs, i, 0], du/dxs = t[0], du/di = t[1]; k does not reach u
    assert u["t"]["ad"] == [2.0, 1.0, 0.0] and u["xs"]["ad"] == 1.0 and u["i"]["ad"] == 2.0
    assert u["k"]["ad"] is None and u["k"]["symbolic"] == 0 and u["k"]["ok"]
    v = doc["checks"][4]
    # log(-t) is NaN at t > 0, so finite differences are undefined; AD and SymPy still give xs/t
    assert np.allclose(v["ad"], [2.0, 1.0, 2.0 / 3.0]) and np.allclose(v["symbolic"], v["ad"])
    assert v["ok"] and any("finite differences undefined" in n for n in v["notes"])
    n = doc["checks"][5]
    assert n["ad"] == [1.0, 2.0, 3.0] and n["ok"]      # round is frozen: d(round(t)*t)/dt = round(t)


def test_without_fork_sympy_runs_in_process(monkeypatch):
    import multiprocessing

    def no_fork(method=None):
        raise ValueError("cannot find context for 'fork'")
    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    report = V.verify("x = variable(2.0)\ny = x * x * sin(x)\ng = gradients(y, x)")
    check = report.checks[0]
    assert check.ok and not check.skipped
    assert check.formulas[0] == "x**2*cos(x) + 2*x*sin(x)"
    assert check.symbolic[0] == pytest.approx(4 * math.cos(2) + 4 * math.sin(2), rel=1e-12)
