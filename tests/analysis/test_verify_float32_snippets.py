"""verify of a float32 snippet checks its gradient graph in float64: the run's float32
leaf values are widened before the graph is computed, so AD agrees with SymPy to float64's
digits (NumPy would otherwise carry float32 through every op: a false 'disagrees' at
1e-6, and at 1e-3 near a training loop's minimum where the gradient is small)."""
import json
import textwrap

from conftest import cli

TRAINING = textwrap.dedent("""
    import tensorflow as tf
    a = tf.Variable(1.0)
    b = tf.Variable(0.5)
    xs = tf.constant([-1.0, 0.0, 1.0, 2.0])
    ys = tf.constant([2.0, 1.0, 2.0, 5.0])
    for step in range(40):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((a * xs ** 2 + b - ys) ** 2)
        ga, gb = tape.gradient(loss, [a, b])
        a.assign_sub(0.05 * ga)
        b.assign_sub(0.05 * gb)
""")


def test_a_float32_training_loop_verifies_to_float64_digits(tmp_path):
    prog = tmp_path / "train.py"
    prog.write_text(TRAINING, encoding="utf-8")
    proc = cli("verify", prog, "--json", timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    checks = json.loads(proc.stdout)["checks"]
    assert [c["x"] for c in checks] == ["a", "b"]
    for check in checks:
        assert check["ok"], check
        ad, symbolic = check["ad"], check["symbolic"]
        assert abs(ad - symbolic) <= 1e-9 * abs(symbolic), (ad, symbolic)
