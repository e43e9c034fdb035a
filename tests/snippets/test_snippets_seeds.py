"""Every code block of the three seeds (samples/tf/*.py) runs as written and prints
TensorFlow's answer. Expected numbers are derived here by hand or with NumPy written
in the test (never from the tool's own output).

Seed 001's code lost its line breaks when the post was scraped (each block is one
line); its samples restore the line breaks (and the indentation of `with` bodies),
nothing else. Seed 004 walks through one program in several small blocks; each such
walkthrough is one sample (the blocks joined in order), as a reader would run it.
Seed 000's first block is tf.gradients' signature, not a program: it fails as Python would.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError

ROOT = Path(__file__).resolve().parents[2]
TF = ROOT / "samples" / "tf"
SEEDS = Path("/work/shared/seeds")
SEED = 1234


def run(name, seed=SEED):
    return evaluate_snippet((TF / name).read_text(encoding="utf-8"), seed=seed)


def text(result):
    return "".join(p.text for p in result.prints)


def error(name):
    with pytest.raises(AgError) as info:
        run(name)
    return info.value


def _collapse(s):
    return re.sub(r"\s+", "", s)


@pytest.mark.skipif(not SEEDS.exists(), reason="the seeds are not on this machine")
def test_samples_are_the_seed_blocks_verbatim():
    seeds = {p.name[:3]: p.read_text(encoding="utf-8") for p in SEEDS.glob("*.txt")}
    for path in sorted(TF.glob("seed*.py")):
        code = path.read_text(encoding="utf-8")
        seed = seeds[path.name[4:7]]
        if path.name.startswith("seed001"):
            # line breaks restored: the same characters apart from whitespace
            for line in code.splitlines():
                assert _collapse(line) in _collapse(seed), (path.name, line)
        elif path.name.startswith("seed004_1") or path.name.startswith("seed004_2"):
            for block in code.split("\n\n"):
                assert block.strip("\n") in seed, (path.name, block)
        else:
            assert code.rstrip("\n") in seed, path.name


def test_every_sample_runs_or_fails_as_tensorflow_does():
    for path in sorted(TF.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        try:
            evaluate_snippet(source, seed=SEED)
        except AgError as exc:
            assert exc.pos is not None, path.name
            assert any(k in exc.message for k in ("NameError", "TypeError", "AttributeError")), path.name


# ---------------------------------------------------------------- seed 000

def _linear_data(seed):
    rng = np.random.RandomState(seed)
    x_pure = rng.randint(-10, 100, 32)
    x_train = x_pure + rng.randn(32) / 32
    y_train = 3 * x_pure + 2 + rng.randn(32) / 32
    return x_train, y_train


def _epochs(result):
    rows = []
    for line in text(result).splitlines():
        m = re.fullmatch(r"epoch: (\d+) \t loss: (\S+) \t gradients: (.+)", line)
        assert m, line
        rows.append((int(m.group(1)), float(m.group(2)), m.group(3)))
    return rows


def test_seed000_gradient_descent_prints_tensorflows_losses_and_gradients():
    x_train, y_train = _linear_data(SEED)
    w, b = 2.0, 1.0
    expected = []
    for i in range(20):
        x, y = float(np.float32(x_train[i])), float(np.float32(y_train[i]))   # fed through float32
        r = y - (x * w + b)
        loss = r * r / 64
        gw, gb = -2 * r * x / 64, -2 * r / 64
        expected.append((loss, gw))
        w, b = w - 0.01 * gw, b - 0.01 * gb      # train_op runs in the same sess.run
    rows = _epochs(run("seed000_1_gradient_descent.py"))
    assert [r[0] for r in rows] == list(range(20))
    # TensorFlow computes in float32: the residual y - (x w + b) of values near 300 is rounded
    # at float32's spacing there (3e-5), so a small loss differs from float64 by up to ~1e-3
    for (i, loss, grads), (e_loss, e_gw) in zip(rows, expected):
        assert loss == pytest.approx(e_loss, rel=1e-3, abs=1e-7)
        assert grads.startswith("[") and grads.endswith("]")     # a list of one float32
        assert float(grads[1:-1]) == pytest.approx(e_gw, rel=1e-3, abs=1e-5)


def test_seed000_custom_update_prints_the_new_bias():
    x_train, y_train = _linear_data(SEED)
    w, b = 2.0, 1.0
    expected = []
    for i in range(20):
        x, y = float(np.float32(x_train[i])), float(np.float32(y_train[i]))
        r = y - (x * w + b)
        gw, gb = -2 * r * x / 64, -2 * r / 64
        w, b = w - 0.01 * gw, b - 0.01 * gb
        expected.append((r * r / 64, b))         # the second fetch is new_b's value
    rows = _epochs(run("seed000_2_custom_update.py"))
    for (i, loss, new_b), (e_loss, e_b) in zip(rows, expected):   # float32 as above
        assert loss == pytest.approx(e_loss, rel=1e-3, abs=1e-7)
        assert float(new_b) == pytest.approx(e_b, rel=1e-5)


def test_seed000_sum_of_paths():
    # c = a + 2a: dc/da = 1 + 2 = 3 (b = 2a is an intermediate, dc/db = 1)
    assert text(run("seed000_3_sum_of_paths.py")) == "[3.0, 1.0]\n"


def test_seed000_stop_gradient_experiments():
    result = run("seed000_4_stop_gradient.py")
    # TensorFlow 2.21 names this tensor Mul_1_grad/Mul_1 (the seed, from TF 1.x: Mul_1_grad/Reshape_1)
    assert text(result) == ("[None, <tf.Tensor 'gradients/Mul_1_grad/Mul_1:0' shape=() dtype=float32>]\n"
                            "[1.0, 1.0]\n")
    first, second = result.gradients
    assert first.values[0] is None and "stop_gradient at line 7" in first.unconnected["w1"]
    assert [float(v) for v in second.values] == [1.0, 1.0]


def test_seed000_signature_block_fails_as_python_does():
    exc = error("seed000_0_gradients_signature.py")
    assert "NameError: name 'tf' is not defined" in exc.message
    assert (exc.pos.line, exc.pos.col) == (1, 1)


# ---------------------------------------------------------------- seed 001

def test_seed001_wrong_example_is_tensorflows_fetch_error_with_the_reason():
    exc = error("seed001_1_wrong_unrelated_w2.py")
    assert exc.message.startswith('TypeError: Argument `fetch` = None has invalid type "NoneType". Cannot be None')
    assert "w2" in exc.message and "no path" in exc.message
    assert exc.pos.line == 9                                   # the sess.run line


def test_seed001_right_example_prints_an_int32_array():
    # res = w1 @ [[2], [1]]: d(res)/d(w1) = [[2, 1]], int32 like w1
    assert text(run("seed001_2_right.py")) == "[array([[2, 1]], dtype=int32)]\n"


def test_seed001_stop_gradient_then_two_paths():
    assert text(run("seed001_3_stop_gradient_then_two_paths.py")) == (
        "[None, <tf.Tensor 'gradients/Mul_1_grad/Mul_1:0' shape=() dtype=float32>]\n[1.0, 1.0]\n")


def test_seed001_summary_of_a_none_gradient_fails_where_tensorflow_does():
    exc = error("seed001_4_summary_of_none.py")
    assert exc.message.startswith("AttributeError: 'NoneType' object has no attribute 'name'")
    assert "stop_gradient at line 5" in exc.message
    assert exc.pos.line == 10


# ---------------------------------------------------------------- seed 004

def test_seed004_k_gradients():
    assert text(run("seed004_1_k_gradients.py")) == "[4.0]\n"      # d(x**2)/dx at 2


@pytest.mark.parametrize("name, line", [("seed004_2_stop_gradient_walkthrough.py", 13),
                                        ("seed004_4_stop_gradient_example.py", 17)])
def test_seed004_stopped_gradient_is_none_in_the_fetch(name, line):
    exc = error(name)
    assert "Argument `fetch` = None" in exc.message and "stop_gradient" in exc.message
    assert exc.pos.line == line


def test_seed004_keras_dense_softmax_tape_gradients():
    result = run("seed004_3_keras_tape.py")
    # The kernel is Keras' unseeded glorot_uniform (TensorFlow's own stream: not reproducible
    # here), the bias zeros, x = ones(1, 784). d(crossentropy(softmax(z)))/dz = p - y: the bias
    # gradient is a softmax minus one-hot (sums to 0, only class 0 negative), and with x all ones
    # every kernel row equals it.
    (k_line, b_line) = result.prints
    # Keras 3 (TensorFlow 2.21) prints variable.name as 'kernel' (the seed, on Keras 2: dense/kernel:0)
    assert k_line.values[0] == "kernel" and b_line.values[0] == "bias"
    k_grad, b_grad = np.array(k_line.values[1]), np.array(b_line.values[1])
    assert k_grad.shape == (784, 10)
    p = b_grad + np.eye(10)[0]
    assert abs(b_grad.sum()) < 1e-5 and b_grad[0] < 0 and np.all(b_grad[1:] > 0) and np.all(p <= 1)
    np.testing.assert_allclose(k_grad, np.tile(b_grad, (784, 1)), rtol=1e-6, atol=1e-9)
    assert k_line.text.startswith("kernel tf.Tensor(\n[[")
    assert k_line.text.rstrip().endswith("shape=(784, 10), dtype=float32)")


# ---------------------------------------------------------------- the command line

def _cli(*args):
    return subprocess.run([sys.executable, "-m", "autograd_cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})


def test_cli_eval_snippet_prints_then_gradient_tables():
    done = _cli("eval", str(TF / "seed000_4_stop_gradient.py"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("[None, <tf.Tensor 'gradients/Mul_1_grad")
    assert lines[1] == "[1.0, 1.0]"
    assert "cut by stop_gradient at line 7" in done.stdout


def test_cli_eval_snippet_json():
    done = _cli("eval", str(TF / "seed000_4_stop_gradient.py"), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["prints"][0]["line"] == 12
    none, tensor = doc["prints"][0]["values"][0]
    assert none is None and tensor["value"] == 6.0 and tensor["tensor"].startswith("<tf.Tensor")
    assert doc["prints"][1] == {"line": 25, "values": [[1.0, 1.0]]}
    assert doc["gradients"][0]["unconnected"] == {"w1": "cut by stop_gradient at line 7"}


def test_cli_wrong_example_exit_2_at_the_sess_run_line():
    path = TF / "seed001_1_wrong_unrelated_w2.py"
    done = _cli("eval", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{path}:9:")
    assert "Argument `fetch` = None" in done.stderr and "re = sess.run(grads)" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_dialect_tf_for_stdin_and_other_names():
    source = (TF / "seed004_1_k_gradients.py").read_text()
    done = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", "-", "--dialect", "tf"], input=source,
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "[4.0]"
