"""`run`: state, assigns, steps, feeds. Numbers are checked against plain NumPy loops
written here (same default_rng calls as the spec defines), never against the tool."""
import json
import os
import re
import signal
import subprocess
import sys

import numpy as np
import pytest

from conftest import SRC, cli


def run_json(*args, **kw):
    proc = cli("run", *args, "--json", **kw)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert "final" in lines[-1]
    return lines[:-1], lines[-1]["final"]


def run_src(tmp_path, source, *args):
    path = tmp_path / "prog.ag"
    path.write_text(source)
    return run_json(path, *args)


def fails(proc, *fragments):
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    for fragment in fragments:
        assert fragment in proc.stderr, proc.stderr
    return proc.stderr


def close(a, b, rtol=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rtol, atol=0.0)


# ---------------------------------------------------------------- seed 000: linear regression

def numpy_linear_regression(steps, n=1000, rate=0.01):
    """The sample's data and loop, by hand: loss = (y - (x w + b))^2 / 2."""
    x_pure = np.random.default_rng(1).integers(-10, 10, n).astype(np.float64)
    x_train = x_pure + np.random.default_rng(2).normal(0.0, 1.0, n) / 32
    y_train = 3 * x_pure + 2 + np.random.default_rng(3).normal(0.0, 1.0, n) / 32
    w, b = 2.0, 1.0
    rows = []
    for i in range(steps):
        x, y_true = x_train[i], y_train[i]
        err = y_true - (x * w + b)
        loss = err ** 2 / 2
        grad_w, grad_b = -err * x, -err
        rows.append({"w": w, "b": b, "loss_op": loss, "grad_w": grad_w, "grad_b": grad_b})
        w, b = w - rate * grad_w, b - rate * grad_b
    return rows, {"w": w, "b": b}, (x_train, y_train)


def test_linear_regression_matches_numpy_loop(samples):
    steps = 1000
    rows, final = run_json(samples / "linear_regression.ag", "--steps", steps)
    expect_rows, expect_final, _ = numpy_linear_regression(steps)
    assert [r["step"] for r in rows] == list(range(steps))
    for row, expect in zip(rows, expect_rows):
        for key, value in expect.items():
            assert close(row["values"][key], value), (row["step"], key, row["values"][key], value)
    assert close(final["w"], expect_final["w"]) and close(final["b"], expect_final["b"])
    assert abs(final["w"] - 3) < 0.05 and abs(final["b"] - 2) < 0.05   # it converges


def test_fed_linear_regression_matches_the_same_loop(samples):
    rows, final = run_json(samples / "feed" / "linear_regression_feed.ag", "--steps", 1000,
                           "--feed", samples / "feed" / "linear_regression.csv", "--fetch", "loss_op,grad_w,grad_b")
    expect_rows, expect_final, _ = numpy_linear_regression(1000)
    for row, expect in zip(rows, expect_rows):
        assert set(row["values"]) == {"loss_op", "grad_w", "grad_b"}
        for key in ("loss_op", "grad_w", "grad_b"):
            assert close(row["values"][key], expect[key])
    assert close(final["w"], expect_final["w"]) and close(final["b"], expect_final["b"])


def test_feed_rows_wrap_around(tmp_path):
    (tmp_path / "d.csv").write_text("x,unused\n1,0\n2,0\n3,0\n")
    rows, final = run_src(tmp_path, "x = placeholder()\ns = variable(0.0)\nt = assign_add(s, x)\n",
                          "--steps", 7, "--feed", tmp_path / "d.csv")
    assert [r["values"]["x"] for r in rows] == [1, 2, 3, 1, 2, 3, 1]
    assert final == {"s": 13.0}


def test_classifier_matches_numpy(samples):
    steps = 50
    rows, final = run_json(samples / "softmax_classifier.ag", "--steps", steps, "--fetch", "loss")
    m = 30
    X = np.concatenate([np.random.default_rng(1).normal(0, 1, (m, 2)) + [3.0, 0.0],
                        np.random.default_rng(2).normal(0, 1, (m, 2)) + [-3.0, 0.0],
                        np.random.default_rng(3).normal(0, 1, (m, 2)) + [0.0, 4.0]])
    Y = np.repeat(np.eye(3), m, axis=0)
    W, bias = np.zeros((2, 3)), np.zeros(3)
    for i in range(steps):
        logits = X @ W + bias
        p = np.exp(logits - logits.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        loss = -np.mean(np.sum(Y * np.log(np.clip(p, 1e-7, 1 - 1e-7)), axis=1))
        assert close(rows[i]["values"]["loss"], loss, 1e-10)
        d = (p - Y) / len(X)          # no clipping active: probabilities stay inside (1e-7, 1 - 1e-7)
        W, bias = W - 0.5 * X.T @ d, bias - 0.5 * d.sum(0)
    assert close(final["W"], W, 1e-10) and close(final["bias"], bias, 1e-10)


# ---------------------------------------------------------------- assign ordering rules

def test_reads_see_start_of_step_values(tmp_path):
    # applied immediately, r would read 2 at step 0
    rows, final = run_src(tmp_path, "v = variable(1.0)\na = assign(v, v + 1)\nr = v * 10\n", "--steps", 2)
    assert [row["values"]["r"] for row in rows] == [10, 20]
    assert [row["values"]["v"] for row in rows] == [1, 2]
    assert final == {"v": 3.0}


def test_later_assign_wins_each_from_start_of_step(tmp_path):
    # first-wins would give 2; applying in sequence (second reading the first) would give 20
    rows, final = run_src(tmp_path, "v = variable(1.0)\na = assign(v, v + 1)\nb = assign(v, v * 10)\n",
                          "--steps", 1)
    assert rows[0]["values"]["a"] == 2 and rows[0]["values"]["b"] == 10
    assert final == {"v": 10.0}


def test_later_assign_wins_reversed_order(tmp_path):
    # the same two assigns in the other order: now the +1 is last and wins
    _, final = run_src(tmp_path, "v = variable(1.0)\nb = assign(v, v * 10)\na = assign(v, v + 1)\n",
                       "--steps", 1)
    assert final == {"v": 2.0}


def test_two_assign_adds_do_not_accumulate(tmp_path):
    # each is computed from the start-of-step value: v + 2 wins (not v + 3)
    _, final = run_src(tmp_path, "v = variable(0.0)\nassign_add(v, 1)\nassign_add(v, 2)\n", "--steps", 2)
    assert final == {"v": 4.0}


def test_swap_through_start_of_step_values(tmp_path):
    # applied one after the other, both would end as 2
    rows, final = run_src(tmp_path, "a = variable(1.0)\nb = variable(2.0)\nassign(a, b)\nassign(b, a)\n",
                          "--steps", 3)
    assert [(r["values"]["a"], r["values"]["b"]) for r in rows] == [(1, 2), (2, 1), (1, 2)]
    assert final == {"a": 2.0, "b": 1.0}


def test_assign_value_used_later_in_the_step(tmp_path):
    # an assign evaluates to what it writes; a read of the variable still sees the old value
    rows, _ = run_src(tmp_path, "v = variable(5.0)\nw = assign_sub(v, 2)\nz = w * v\n", "--steps", 2)
    assert [r["values"]["z"] for r in rows] == [15, 3]


def test_unfetched_assigns_still_apply(tmp_path):
    rows, final = run_src(tmp_path, "v = variable(0.0)\nu = assign_add(v, step)\nc = v + 0\n",
                          "--steps", 4, "--fetch", "c")
    assert [r["values"] for r in rows] == [{"c": 0}, {"c": 0}, {"c": 1}, {"c": 3}]
    assert final == {"v": 6.0}


def test_tensor_variable_and_broadcast_write(tmp_path):
    _, final = run_src(tmp_path, "v = variable([1.0, 2.0])\nassign_add(v, 1)\n", "--steps", 2)
    assert final == {"v": [3.0, 4.0]}


def test_eval_is_step_zero_and_applies_nothing(tmp_path):
    path = tmp_path / "p.ag"
    path.write_text("v = variable(1.0)\na = assign(v, v + step + 1)\nb = assign_add(v, 5)\nr = v * 10\ns = step\n")
    proc = cli("eval", path, "--json")
    assert proc.returncode == 0, proc.stderr
    values = json.loads(proc.stdout)["values"]
    assert values == {"v": 1.0, "a": 2.0, "b": 6.0, "r": 10.0, "s": 0.0}
    first, _ = run_json(path, "--steps", 1)
    assert first[0]["values"] == values


def test_group_runs_assigns_and_is_none(tmp_path):
    rows, final = run_src(tmp_path, "v = variable(0.0)\nt = group(assign_add(v, 1), [v * 2])\n",
                          "--steps", 3, "--fetch", "t,v")
    assert [r["values"] for r in rows] == [{"t": None, "v": 0}, {"t": None, "v": 1}, {"t": None, "v": 2}]
    assert final == {"v": 3.0}


def test_no_gradient_flows_through_assign(tmp_path):
    # TensorFlow's Assign ops are NotDifferentiable: the gradient is None
    path = tmp_path / "p.ag"
    path.write_text("v = variable(3.0)\na = assign(v, v * v)\ng = gradients(a, v)\n")
    doc = json.loads(cli("eval", path, "--json").stdout)
    assert doc["values"]["g"] == [None]
    assert "assign has no gradient" in doc["gradients"][0]["unconnected"]["v"]


# ---------------------------------------------------------------- errors

def test_assign_needs_a_variable(tmp_path):
    for source, col in (("x = 2.0\nassign(x, 3)\n", 8), ("w = variable(1.0)\nassign_add(w * 2, 1)\n", 14)):
        (tmp_path / "p.ag").write_text(source)
        fails(cli("run", tmp_path / "p.ag", "--steps", 1), f"p.ag:2:{col}:", "needs a variable")
        fails(cli("eval", tmp_path / "p.ag"), f"p.ag:2:{col}:", "needs a variable")


def test_assign_shape_mismatch(tmp_path):
    (tmp_path / "p.ag").write_text("v = variable([1.0, 2.0])\nassign(v, [1.0, 2.0, 3.0])\n")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1), "p.ag:2:1:", "(3,)", "(2,)")


SEED_001_LAST = """\
w1 = variable(2.0)
w2 = variable(2.0)
a = w1 * 3.0
a_stoped = stop_gradient(a)
b = a_stoped * w2
grads = gradients(b, [w1, w2]{zero})
train = group(assign_sub(w1, 0.1 * grads[0]), assign_sub(w2, 0.1 * grads[1]))
"""


def test_none_gradient_in_update_is_a_build_time_error(tmp_path):
    (tmp_path / "p.ag").write_text(SEED_001_LAST.format(zero=""))
    proc = cli("run", tmp_path / "p.ag", "--steps", 3, "--json")
    fails(proc, "p.ag:7:", "w1", "stop_gradient at line 4", "unconnected_gradients")
    assert proc.stdout == ""          # before step 0 ran
    (tmp_path / "q.ag").write_text("w = variable(1.0)\nv = variable(2.0)\ng = gradients(v * 2, w)\n"
                                   "assign_sub(w, g[0])\n")
    fails(cli("run", tmp_path / "q.ag", "--steps", 1), "q.ag:4:15:", "cannot update w", "no path")


def test_zero_gradient_update_is_a_no_op(tmp_path):
    _, final = run_src(tmp_path, SEED_001_LAST.format(zero=', unconnected_gradients="zero"'), "--steps", 2)
    assert final == {"w1": 2.0, "w2": pytest.approx(2.0 - 0.1 * 6.0 - 0.1 * 6.0)}


def test_step_index_out_of_range_has_location(tmp_path):
    (tmp_path / "p.ag").write_text("data = [1.0, 2.0, 3.0]\nx = data[step]\n")
    proc = cli("run", tmp_path / "p.ag", "--steps", 5, "--json")
    err = fails(proc, "p.ag:2:5:", "out of range", "step 3")
    assert len(proc.stdout.splitlines()) == 3 and "^" in err


def test_placeholder_without_value(tmp_path):
    (tmp_path / "p.ag").write_text("x = placeholder()\ny = x * 2\n")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1), "p.ag:1:5:", "--set x=", "--feed")
    fails(cli("eval", tmp_path / "p.ag"), "p.ag:1:5:", "--set x=")
    assert cli("eval", tmp_path / "p.ag", "--set", "x=[1, 2]").returncode == 0


def test_placeholder_declared_shape(tmp_path):
    (tmp_path / "p.ag").write_text("x = placeholder(shape=[2])\ny = x * 2\n")
    fails(cli("eval", tmp_path / "p.ag", "--set", "x=[1, 2, 3]"), "p.ag:1:23:", "(2,)", "(3,)")
    assert cli("eval", tmp_path / "p.ag", "--set", "x=[1, 2]").returncode == 0
    (tmp_path / "d.csv").write_text("x\n1\n")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1, "--feed", tmp_path / "d.csv"), "shape (2,)", "d.csv")
    (tmp_path / "q.ag").write_text("x = placeholder(shape=[None, 2])\ny = x * 2\n")
    assert cli("eval", tmp_path / "q.ag", "--set", "x=[[1, 2], [3, 4], [5, 6]]").returncode == 0
    fails(cli("eval", tmp_path / "q.ag", "--set", "x=[1, 2]"), "(None, 2)")


@pytest.mark.parametrize("content, fragments", [
    ("", ["is empty"]),
    ("\n\n", ["is empty"]),
    ("x,y\n", ["d.csv:1:", "no data rows"]),
    ("x,y\n1,2\n3\n", ["d.csv:3:", "1 cell", "2 columns"]),
    ("x,y\n1,2\n3,4,5\n", ["d.csv:3:", "3 cells"]),
    ("x,y\n1,2\n3,abc\n", ["d.csv:3:", "column 'y'", "'abc' is not a number"]),
    ("x,y\n1,\n", ["d.csv:2:", "column 'y'", "'' is not a number"]),
    ("x,x\n1,2\n", ["d.csv:1:", "twice"]),
    ("x,,y\n1,2,3\n", ["d.csv:1:", "column 2"]),
    (b"x,y\n1,\xff\n", ["d.csv:2:", "UTF-8"]),
    ("x,y\r\n1,2\r\n3,4\r\n5,1e\r\n", ["d.csv:4:", "column 'y'", "'1e' is not a number"]),
    ("x,y,c1,c2,c3,c1\n1,2,3,4,5,6\n", ["d.csv:1:", "column 'c1' appears twice"]),
    ("x,y\n1,2\n3\n4,5,6\n", ["d.csv:3:", "1 cell", "2 columns"]),
])
def test_feed_errors(tmp_path, content, fragments):
    feed = tmp_path / "d.csv"
    feed.write_bytes(content if isinstance(content, bytes) else content.encode())
    (tmp_path / "p.ag").write_text("x = placeholder()\ny = placeholder()\nz = x + y\n")
    fails(cli("run", tmp_path / "p.ag", "--steps", 2, "--feed", feed), "d.csv", *fragments)


def test_feed_missing_column_and_unreadable_file(tmp_path):
    (tmp_path / "p.ag").write_text("x = placeholder()\ny = placeholder()\nz = x + y\n")
    (tmp_path / "d.csv").write_text("x,w\n1,2\n")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1, "--feed", tmp_path / "d.csv"),
          "p.ag:2:5:", "d.csv", "row 1", "no column 'y'", "x, w")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1, "--feed", tmp_path / "nope.csv"), "nope.csv", "cannot read")
    fails(cli("run", tmp_path / "p.ag", "--steps", 1, "--feed", tmp_path), "directory")


def test_run_usage_errors(tmp_path):
    (tmp_path / "p.ag").write_text("v = variable(1.0)\nassign_add(v, 1)\n")
    for bad in ("-1", "1.5", "abc", "nan", "inf", "1e300"):
        fails(cli("run", tmp_path / "p.ag", "--steps", bad), "--steps")
    assert run_json(tmp_path / "p.ag", "--steps", "2e0")[1] == {"v": 3.0}
    fails(cli("run", tmp_path / "p.ag", "--steps", 1, "--fetch", "vv"), "--fetch vv", "did you mean 'v'")
    assert cli("run", tmp_path / "p.ag").returncode == 2          # --steps is required


def test_zero_steps_gives_initial_values(tmp_path):
    rows, final = run_src(tmp_path, "v = variable(1.5)\nassign_add(v, 1)\n", "--steps", 0)
    assert rows == [] and final == {"v": 1.5}


# ---------------------------------------------------------------- output

def test_table_output(samples):
    proc = cli("run", samples / "linear_regression.ag", "--steps", 3, "--fetch", "loss_op,w")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any("loss_op" in line for line in lines)
    assert sum(1 for line in lines if line.strip("│ ").split(" ")[0] in ("0", "1", "2")) >= 3
    assert "final variables" in proc.stdout


LONG = "v = variable(0.0)\nassign_add(v, 1)\n"


def _shell(command, timeout=30):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    return subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], capture_output=True, text=True,
                           env=env, timeout=timeout)


def test_json_head_exits_quietly(tmp_path):
    (tmp_path / "p.ag").write_text(LONG)
    # 10 million steps would take minutes: head must get its lines while the run streams
    proc = _shell(f"{sys.executable} -m autograd_cli run {tmp_path / 'p.ag'} --steps 10000000 --json | head -1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout) == {"step": 0, "values": {"v": 0.0, "assign_add(v, 1)": 1.0}}
    proc = _shell(f"{sys.executable} -m autograd_cli run {tmp_path / 'p.ag'} --steps 10000000 --json | head -3")
    assert proc.returncode == 0 and proc.stderr == "" and len(proc.stdout.splitlines()) == 3


def test_table_head_exits_quietly(tmp_path):
    # the table is printed after the last step; head closes the pipe while rich writes it
    (tmp_path / "p.ag").write_text(LONG)
    proc = _shell(f"{sys.executable} -m autograd_cli run {tmp_path / 'p.ag'} --steps 20000 | head -2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert len(proc.stdout.splitlines()) == 2


def test_ctrl_c_stops_cleanly(tmp_path):
    (tmp_path / "p.ag").write_text(LONG)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    with open(tmp_path / "err.txt", "w") as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "autograd_cli", "run", str(tmp_path / "p.ag"),
                                 "--steps", "100000000", "--json"], stdout=subprocess.PIPE, stderr=err_file,
                                text=True, env=env)
        first = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        rest = proc.stdout.read()
        proc.wait(timeout=30)
    err = (tmp_path / "err.txt").read_text()
    assert proc.returncode == 130
    assert "Traceback" not in err
    lines = [json.loads(line) for line in (first + rest).splitlines()]
    steps = [line["step"] for line in lines[:-1]]
    assert steps == list(range(len(steps)))
    assert lines[-1] == {"final": {"v": float(len(steps))}}


def test_ctrl_c_table_prints_rows_so_far(tmp_path):
    # log(0) warns at step 0 (so the test knows the loop runs); a few ms per step
    (tmp_path / "p.ag").write_text(LONG + "s = reduce_sum((ones([300, 300]) * v) @ ones([300, 300]))\n"
                                   "z = log(v)\n")
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen([sys.executable, "-m", "autograd_cli", "run", str(tmp_path / "p.ag"),
                             "--steps", "100000000", "--every", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    assert "first at step 0" in proc.stderr.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted after" in err
    assert "final variables" in out
    steps = [int(m) for m in re.findall(r"^│\s+(\d+) │", out, re.M)]
    assert steps == list(range(len(steps))) and steps
    v = float(re.search(r"^│ v\s+│ \(\)\s+│ (\S+)", out, re.M).group(1))
    assert v == steps[-1] + 1          # every step shown was applied, and only those


def test_fetch_names_with_commas(tmp_path):
    rows, _ = run_src(tmp_path, LONG + "w = v * 2\n", "--steps", 2, "--fetch", "assign_add(v, 1), w")
    assert [r["values"] for r in rows] == [{"assign_add(v, 1)": 1, "w": 0}, {"assign_add(v, 1)": 2, "w": 2}]


def test_warnings_once_with_their_step(tmp_path):
    (tmp_path / "p.ag").write_text("c = log(-1.0)\nv = variable(3.0)\nr = log(v - 1)\nassign_sub(v, 1)\n")
    proc = cli("run", tmp_path / "p.ag", "--steps", 6, "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines.count("warning: line 1: log produced nan (first at step 0)") == 1
    assert "warning: line 3: log produced inf (first at step 2)" in lines
    assert len(lines) == 3, lines          # line 3's nan (from step 3) is reported once too
    rows = [json.loads(line) for line in proc.stdout.splitlines()[:-1]]
    assert [r["values"]["r"] for r in rows][2:4] == ["-inf", "nan"]


# ---------------------------------------------------------------- the semantics, on random programs

from hypothesis import given, settings, strategies as st  # noqa: E402

from autograd_cli.api import build as _build
from autograd_cli.run.steps import Plan as _Plan

_build("x = 1\n")   # raises the recursion limit once, before hypothesis watches it

STATEMENT = st.tuples(st.sampled_from(["assign", "assign_add", "assign_sub"]), st.integers(0, 2),
                      st.integers(-3, 3), st.integers(0, 2), st.integers(-2, 2), st.booleans())


@settings(max_examples=60, deadline=None)
@given(inits=st.lists(st.integers(-5, 5), min_size=3, max_size=3),
       statements=st.lists(STATEMENT, min_size=1, max_size=6), steps=st.integers(0, 4))
def test_random_assign_programs_follow_the_step_rules(inits, statements, steps):
    """Reference written here: read a snapshot taken at the start of the step, apply every
    write at the end, in program order."""
    lines = [f"v{k} = variable({x}.0)" for k, x in enumerate(inits)]
    for k, (kind, target, coef, other, const, use_step) in enumerate(statements):
        lines.append(f"a{k} = {kind}(v{target}, {coef} * v{other} + {const}{' + step' if use_step else ''})")
    plan = _Plan(_build("\n".join(lines) + "\n"))
    state = plan.initial_state()
    got_rows = [plan.row(values) for _, values in plan.steps(steps, state, [])]

    ref = [float(x) for x in inits]
    for i in range(steps):
        start = list(ref)
        row = {f"v{k}": start[k] for k in range(3)}
        for k, (kind, target, coef, other, const, use_step) in enumerate(statements):
            value = coef * start[other] + const + (i if use_step else 0)
            written = {"assign": value, "assign_add": start[target] + value,
                       "assign_sub": start[target] - value}[kind]
            row[f"a{k}"] = written
            ref[target] = written
        assert {name: float(v) for name, v in got_rows[i].items()} == row
    assert {name: float(v) for name, v in plan.final(state).items()} == {f"v{k}": ref[k] for k in range(3)}
