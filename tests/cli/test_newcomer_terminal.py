"""The terminal as a newcomer sees it at 60, 80 and 120 columns: no line wider than the
terminal, table titles on one line when they fit it, and each command's own checks."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SRC

SAMPLES = ROOT / "samples"
WIDTHS = (60, 80, 120)


def term(width, *args, cwd=None, stdin=None):
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "COLUMNS": str(width)}
    env.pop("NO_COLOR", None)
    return subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120, input=stdin)


def fits(proc, width, stderr=True):
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = (proc.stdout + (proc.stderr if stderr else "")).splitlines()
    wide = [line for line in lines if len(line) > width]
    assert not wide, f"wider than {width}: {wide}"
    return proc.stdout.splitlines()


def titles(lines):
    """The line above each table's top border."""
    return [lines[k - 1] for k, line in enumerate(lines) if line.startswith("┏") and k]


@pytest.mark.parametrize("width", WIDTHS)
def test_table_titles_are_one_line_when_they_fit(width, tmp_path):
    f = tmp_path / "p.ag"
    f.write_text("w = variable(2.0)\nb = variable(1.0)\nx_input = 3.0\ny = x_input * w + b\n"
                 "loss_op = (10.0 - y) ** 2 / 2\ngradients_node = gradients(loss_op, [w, b])\n")
    lines = fits(term(width, "eval", f), width)
    assert titles(lines) == ["values", "gradients gradients_node (line 6): d(loss_op)/dx"]
    lines = fits(term(width, "verify", SAMPLES / "seed_stop_gradient_w1_none.ag"), width)
    assert titles(lines) == ["gradients g (line 7): d(b)"]
    lines = fits(term(width, "run", SAMPLES / "linear_regression.ag", "--steps", "20"), width)
    assert titles(lines)[0] == "steps" and titles(lines)[-1] == "final variables"


@pytest.mark.parametrize("width", WIDTHS)
def test_several_files_from_a_deep_checkout_fit_the_terminal(width, tmp_path):
    # the README's test command passes at any checkout path: the `== FILE ==` banners of a
    # multi-file report are fitted to the terminal (an absolute path made them wider)
    import shutil

    deep = tmp_path.joinpath(*["a_rather_long_directory_name"] * 6, "samples")
    deep.mkdir(parents=True)
    for name in ("seed_stop_gradient_w1_none.ag", "second_derivatives.ag"):
        shutil.copy(SAMPLES / name, deep / name)
    files = [deep / "seed_stop_gradient_w1_none.ag", deep / "second_derivatives.ag"]
    for command in ("eval", "verify", "explain"):
        lines = fits(term(width, command, *files, cwd=tmp_path), width)
        banners = [line for line in lines if line.startswith("== ")]
        assert len(banners) == 2 and all(line.endswith("second_derivatives.ag ==")
                                         or line.endswith("seed_stop_gradient_w1_none.ag ==") for line in banners)
    # relative to the working directory when that is shorter
    lines = fits(term(width, "eval", *files, cwd=deep), width)
    assert "== seed_stop_gradient_w1_none.ag ==" in lines


@pytest.mark.parametrize("width", WIDTHS)
def test_explain_fits_the_terminal_between_words(width):
    for sample in ("explain_demo.ag", "second_derivatives.ag", "seed_stop_gradient_w1_none.ag"):
        proc = term(width, "explain", SAMPLES / sample)
        fits(proc, width)
        # the text, unwrapped, is the same at every width: lines were broken between words
        words = proc.stdout.split()
        assert words == term(200, "explain", SAMPLES / sample).stdout.split()
    text = " ".join(term(width, "explain", SAMPLES / "explain_demo.ag").stdout.split())
    # a path names each node's line as a line, not as a bare number that reads like a value
    assert "w2 (line 3) → [multiply] → b (line 6) contributes 6" in text
    assert "w1 reaches b only through stop_gradient(a) on line 5, so no gradient flows back to it." in text


def headers(lines):
    return [[cell.strip() for cell in line.strip("┃").split("┃")] for line in lines if line.startswith("┃")]


@pytest.mark.parametrize("width", (80, 120))
def test_verify_shows_whole_hessians_and_keeps_the_comparison(width, tmp_path):
    lines = fits(term(width, "verify", SAMPLES / "second_derivatives.ag"), width)
    k = lines.index("hessians hess (line 13): d(f)")
    # f's Hessian at u = (1, 2) is [[4, 2], [2, 12]] (by hand from the sample's f): every
    # entry shown, in AD, SymPy and finite differences alike
    assert lines[k + 4].count("[[4 2]") == 3 and lines[k + 5].count("[2 12]]") == 3, lines[k:k + 7]
    f = tmp_path / "h.ag"
    f.write_text("u = variable([0.3, -1.7])\nf = exp(u[0]) * sin(u[1])\nH = hessians(f, u)\n")
    lines = fits(term(width, "verify", f), width)
    for row in headers(lines):
        assert {"AD", "SymPy", "finite diff."} <= set(row), row
    if width == 80:
        assert any("SymPy formula" in line and "left out" in line for line in lines)


def test_verify_notes_name_the_variable_and_explain_the_where_nan(tmp_path):
    f = tmp_path / "w.ag"
    f.write_text("w = variable(0.0)\ny = where(w > 0, log(w), 0)\ng = gradients(y, w)\n")
    proc = term(80, "verify", f)
    assert proc.returncode == 1
    text = " ".join(" ".join(fits(proc, 80, stderr=False)).split())   # warnings: one line each
    assert "w: disagrees at w" in text and "disagrees at x" not in text
    assert "0 * inf = NaN, as in TensorFlow" in text
    assert "where(w > 0, log(where(w > 0, w, 1)), 0)" in text
    assert "1 check: it disagrees" in text and "1 checks" not in text
    # the fix it suggests gives the derivative SymPy finds (0 at w = 0): verify agrees
    f.write_text("w = variable(0.0)\ny = where(w > 0, log(where(w > 0, w, 1)), 0)\ng = gradients(y, w)\n")
    assert term(80, "verify", f).returncode == 0


def test_a_tick_beside_a_large_error_says_kink(tmp_path):
    f = tmp_path / "k.ag"
    f.write_text("x = variable(0.0)\ny = relu(x)\ng = gradients(y, x)\n")
    lines = fits(term(80, "verify", f), 80)
    row = [line for line in lines if line.startswith("│ x")][0]
    # relu at 0: TF's gradient 0, SymPy's Heaviside(0) = 1/2, central differences 1/2
    assert "0.5 (kink)" in row and "✓" in row
    assert any("kink at x" in line for line in lines)


def test_eval_prints_each_gradient_once():
    lines = fits(term(120, "eval", SAMPLES / "seed_matmul_unrelated_w2.ag"), 120)
    rows = [line for line in lines if line.startswith("│ grads")]
    assert rows == [], rows                      # not in the values table
    assert "gradients grads (line 5): d(res)/dx" in lines
    # seed 004's 784x10 gradient: once (it was printed twice, about 50 repeated lines)
    out = term(120, "eval", SAMPLES / "seed_softmax_dense_784.ag").stdout
    assert out.count("gW") == 1 and "gradients gW, gb (line 9): d(loss)/dx" in out


def test_a_float32_gradient_shows_the_digits_the_snippet_prints(tmp_path):
    import json

    import numpy as np

    f = tmp_path / "f32.py"
    f.write_text("import tensorflow as tf\nx = tf.Variable(0.1)\nv = tf.Variable([0.1, 0.35])\n"
                 "with tf.GradientTape() as tape:\n    y = x * x + tf.reduce_sum(v * v)\n"
                 "g = tape.gradient(y, [x, v])\nprint(g[0].numpy(), g[1].numpy())\n")
    out = fits(term(120, "eval", f), 120)
    # by hand, in float32: 2 * 0.1 and 2 * [0.1, 0.35]; NumPy prints a float32 with its own digits
    scalar, vector = np.float32(2) * np.float32(0.1), np.float32(2) * np.array([0.1, 0.35], np.float32)
    assert out[0] == f"{scalar!s} {vector!s}"
    assert any(line.startswith(f"│ x │ {scalar!s} ") for line in out), out      # not 0.2000000030
    assert any(f"│ v │ {vector!s} " in line for line in out), out
    data = json.loads(term(120, "eval", f, "--json").stdout)
    assert data["gradients"][0]["values"][0] == float(scalar)                # JSON: the exact value


def test_run_warns_about_rebinding_first_and_draws_every_moving_scalar(tmp_path):
    f = tmp_path / "r.ag"
    f.write_text("w = variable(2.0)\nb = variable(1.0)\nloss = (w * 3 + b - 10) ** 2\n"
                 "g = gradients(loss, [w])\nw = w - 0.1 * g[0]\n")
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    # stderr into stdout, as a terminal shows them: the warning comes before the table
    proc = subprocess.run(f"{sys.executable} -m autograd_cli run {f} --steps 200 2>&1", shell=True,
                          capture_output=True, text=True, env=env, timeout=120)
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("warning: line 5 rebinds the name 'w'"), lines[:3]
    assert sum("rebinds" in line for line in lines) == 1          # said once
    lines = fits(term(100, "run", SAMPLES / "linear_regression.ag", "--steps", "1000", "--fetch",
                      "loss_op,w,b"), 100)
    steps = [line for line in lines if line.startswith("│")]
    assert 15 <= len(steps) <= 30                                   # a screenful, not ~100 rows
    spark = [line.split()[0] for line in lines if "→" in line]
    assert spark == ["loss_op", "w", "b"]                           # every fetched scalar that moves
