"""Messages that say how to fix what a newcomer wrote (located, exit 2, no traceback)."""
import pytest

from conftest import cli

CASES = [
    ("x = variable(2.0)\nloss = x * x\nloss.backward()\n", "p.ag", ("eval",),
     "write g = gradients(loss, [x])"),
    ("w = variable(2.0)\nloss = w * w\ng = gradients(loss, [w])\nt = assign(w, w - 0.1 * g)\n", "p.ag", ("eval",),
     "g is a list (gradients always returns a list, one gradient per x); use g[0]"),
    ('import tensorflow as tf\nx = variable([[1.0]])\ny = tf.nn.conv2d(x, x, 1, "SAME")\n', "p.ag", ("eval",),
     "convolutions are not supported here"),
    ("import tensorflow as tf\ny = variable(1.0)\nz = tf.greater(y, 0.5)\n", "p.ag", ("eval",), "write y > 0.5"),
    ("x = variable(2.0)\ny = x ^ 2\n", "p.ag", ("eval",), "write x ** 2 for a power"),
    ("x = variable(2.0)\ny = x * x\n", "p.ag", ("graph", "--format", "png"), "-o graph.png"),
    ("print(1)\n", "s.py", ("run", "--steps", "2"), "run it with autograd-cli eval"),
]


@pytest.mark.parametrize("src, name, command, fix", CASES)
def test_the_message_says_how_to_fix_it(tmp_path, src, name, command, fix):
    f = tmp_path / name
    f.write_text(src)
    proc = cli(command[0], f, *command[1:])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert fix in proc.stderr, proc.stderr
    assert "did you mean" not in proc.stderr     # no misleading guess (conv2d -> cond, greater -> gather)


def test_graph_o_says_what_it_wrote(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text("x = variable(2.0)\ny = x * x\n")
    proc = cli("graph", f, "-o", tmp_path / "g.dot")
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith(f"graph: wrote {tmp_path / 'g.dot'} (dot text, ")


def test_no_color_flag_and_environment(tmp_path):
    import os
    import re
    import subprocess
    import sys

    from conftest import SRC

    f = tmp_path / "p.ag"
    f.write_text("x = variable(2.0)\ny = x * x\ng = gradients(y, x)\n")
    env = {**os.environ, "PYTHONPATH": str(SRC), "FORCE_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    run = lambda *args, **extra: subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, args)],
                                                capture_output=True, text=True, env={**env, **extra}, timeout=60)
    colored = run("eval", f).stdout
    assert re.search(r"\x1b\[[0-9;]*3[0-9]m", colored), "FORCE_COLOR should colour (else the test proves nothing)"
    for out in (run("eval", f, "--no-color").stdout, run("eval", f, NO_COLOR="1").stdout):
        assert not re.search(r"\x1b\[[0-9;]*3[0-9]m", out), out
        assert "gradients g (line 3)" in out
