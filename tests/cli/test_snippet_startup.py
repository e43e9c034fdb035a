"""`eval FILE.py` starts light: the command line's process runs the snippet in the box and
shows its scalar results without the .ag compiler, its parser, the engine or NumPy, and
the box's child loads the TensorFlow package without the .ag compiler and its parser.
(What each costs is bench/run.py's "Snippet start" row; here, only which modules load.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

SCALAR_SNIPPET = """\
import tensorflow as tf
w = tf.Variable(2.0)
b = tf.Variable(1.0)
loss = (10.0 - (3.0 * w + b)) ** 2 / 2
gw, gb = tf.gradients(loss, [w, b])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([gw, gb]))
"""

# Runs the command line as `python -m autograd_cli` does, then writes the names of the
# modules its process loaded to the file named by the first argument.
_RECORDING = """\
import atexit, json, runpy, sys
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv[0] = "autograd-cli"
runpy.run_module("autograd_cli", run_name="__main__", alter_sys=True)
"""

NOT_FOR_A_SNIPPET = ("lark", "numpy", "autograd_cli.api", "autograd_cli.compile", "autograd_cli.language.syntax",
                     "autograd_cli.core.graph", "autograd_cli.ops", "autograd_cli.evaluate", "autograd_cli.tensorflow")


def _eval_recording_modules(tmp_path, source: str):
    program = tmp_path / "snippet.py"
    program.write_text(source, encoding="utf-8")
    modules = tmp_path / "modules.json"
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-c", _RECORDING, str(modules), "eval", str(program)],
                          capture_output=True, text=True, env=env, timeout=120)
    return proc, set(json.loads(modules.read_text(encoding="utf-8")))


def test_the_command_line_process_of_a_snippet_loads_no_compiler_engine_or_numpy(tmp_path):
    proc, loaded = _eval_recording_modules(tmp_path, SCALAR_SNIPPET)
    assert proc.returncode == 0, proc.stderr
    assert "[-9.0, -3.0]" in proc.stdout          # d/dw (10 - 3w - b)^2 / 2 = -3 (10 - 7) at w=2, b=1
    rows = [line.split() for line in proc.stdout.splitlines()]
    assert any(row[1] == "w" and row[3] == "-9" for row in rows if len(row) > 3)   # its gradient table's row
    assert "autograd_cli.sandbox.parent" in loaded  # (the recording works: the box was started from here)
    heavy = sorted(name for name in loaded if name.split(".")[0] == "lark"
                   or any(name == h or name.startswith(h + ".") for h in NOT_FOR_A_SNIPPET))
    assert not heavy, heavy


def test_an_array_result_still_shows_as_numpy_lays_it_out(tmp_path):
    source = ("import tensorflow as tf\nx = tf.Variable([0.0, 1.0, 4.0])\nwith tf.GradientTape() as tape:\n"
              "    y = tf.reduce_sum(tf.sqrt(x))\ng = tape.gradient(y, x)\n")
    proc, loaded = _eval_recording_modules(tmp_path, source)
    assert proc.returncode == 0, proc.stderr
    import numpy as np

    expected = str(np.array([np.inf, 0.5, 0.25]))   # 1 / (2 sqrt(x)), laid out by NumPy: a number, not 'inf'
    assert f"│ {expected} │" in proc.stdout, proc.stdout
    assert "numpy" in loaded


def test_the_box_child_loads_the_tensorflow_package_without_the_ag_compiler(tmp_path):
    source = ("import sys\nimport tensorflow as tf\n"
              "print(sorted(m for m in ('lark', 'autograd_cli.api', 'autograd_cli.compile.builder',\n"
              "                         'autograd_cli.language.syntax', 'autograd_cli.tensorflow', 'numpy')\n"
              "             if m in sys.modules))\n")
    program = tmp_path / "probe.py"
    program.write_text(source, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(program), "--prints-only"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "['autograd_cli.tensorflow', 'numpy']"
