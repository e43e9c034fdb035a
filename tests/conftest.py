"""Tests run against this checkout's source (src/ first on the path, also for subprocesses)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))


def cli(*args, stdin=None, cwd=None, timeout=60):
    """Run the real CLI in a subprocess; returns CompletedProcess (text)."""
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)


def cli_json(*args, **kw):
    proc = cli(*args, "--json", **kw)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


def central_difference(fn, value, eps=1e-6):
    """The gradient of the scalar fn at value (a float64 array) by central differences: a
    reference for gradients that is independent of the code under test."""
    import numpy as np

    grad = np.zeros(value.shape)
    for index in np.ndindex(value.shape):
        up, down = value.copy(), value.copy()
        up[index] += eps
        down[index] -= eps
        grad[index] = (fn(up) - fn(down)) / (2 * eps)
    return grad


@pytest.fixture
def tf_graph_mode():
    """autograd_cli.tensorflow in TF1 graph mode on a new default graph, eager again after."""
    import autograd_cli.tensorflow as tf
    from autograd_cli.tensorflow import modes

    modes.graph_mode()
    tf.reset_default_graph()
    yield
    modes.eager_mode()


@pytest.fixture
def samples():
    return ROOT / "samples"


# The oracle corpus files are TensorFlow snippets, not tests, whatever their names (a
# conftest.py of their own would shadow this one for `from conftest import ...`).
collect_ignore_glob = ["tf_oracle/corpus/*", "tf_oracle/tf_runner.py", "tf_oracle/generate.py"]
