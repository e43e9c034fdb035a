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


def fits(proc, width):
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = (proc.stdout + proc.stderr).splitlines()
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
