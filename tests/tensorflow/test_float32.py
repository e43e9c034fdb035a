"""float32 arithmetic: the package computes float32 tensors in float32 (the engine's
round_float32 row after each float32 op). Expected values are NumPy float32 arithmetic
written here, or TensorFlow 2.21's printed output (noted)."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import OPS
import autograd_cli.tensorflow as tf


def test_round_float32_row_rounds_and_passes_the_gradient():
    row = OPS["round_float32"]
    assert row.forward(np.array([0.1]))[0] == float(np.float32(0.1))
    assert row.scalar(0.1) == float(np.float32(0.1))


def test_large_plus_one_minus_large_is_zero_in_float32():
    x = tf.constant(1e8)
    # TensorFlow 2.21 prints tf.Tensor(0.0, shape=(), dtype=float32)
    assert str((x + 1.0) - x) == "tf.Tensor(0.0, shape=(), dtype=float32)"


def test_tape_gradient_is_computed_in_float32():
    x = tf.Variable(0.1)
    with tf.GradientTape() as tape:
        y = x * x * x
    grad = tape.gradient(y, x)
    a = np.float32(0.1)
    expected = np.float32(np.float32(np.float32(a * a) + np.float32(a * a)) + np.float32(a * a))
    assert grad.dtype == tf.float32
    assert abs(float(grad.numpy()) - float(expected)) <= 2 * np.spacing(np.float32(expected))


# ---------------------------------------------------------------- TensorFlow's float32 kernels
# (Eigen's tanh, sigmoid, softplus...: the real kernels' bits are stored by
# tests/ops/make_float32_kernels.py; tests/ops/test_float32_kernels.py tests the kernels)

def _stored(name):
    import base64
    import json
    from pathlib import Path

    case = json.loads((Path(__file__).parents[1] / "ops" / "data" / "float32_kernels.json").read_text())["cases"][name]
    x, y = (np.frombuffer(base64.b64decode(case[k]), dtype="<u4").view("<f4").astype(np.float32)
            for k in ("vector_in", "vector_out"))
    keep = np.isfinite(x) & np.isfinite(y)        # (no nan/inf: the graph's warnings stay quiet)
    return x[keep][:512], y[keep][:512]


def _bits(a):
    return np.asarray(a, dtype=np.float32).view(np.uint32).tolist()


def test_eager_ops_and_a_sessions_graph_give_tensorflows_kernel_bits():
    from autograd_cli.tensorflow import modes

    ops = {"tanh": tf.tanh, "sigmoid": tf.sigmoid, "softplus": tf.nn.softplus, "exp": tf.exp, "log1p": tf.math.log1p}
    stored = {name: _stored(name) for name in ops}
    for name, fn in ops.items():
        x, y = stored[name]
        assert _bits(fn(tf.constant(x)).numpy()) == _bits(y), name
    modes.graph_mode()
    try:
        tf.reset_default_graph()
        fed = tf.placeholder(tf.float32, [None])
        with tf.Session() as sess:
            for name, fn in ops.items():
                x, y = stored[name]
                assert _bits(sess.run(fn(fed), {fed: x})) == _bits(y), name
    finally:
        modes.eager_mode()


def test_a_graphs_float32_reduce_mean_sums_in_float32_as_eager_code_does():
    from autograd_cli.tensorflow import modes

    x = np.array([1e8, 1.0, -1e8, 3.0], dtype=np.float32)
    total = np.float32(np.float32(np.float32(x[0] + x[1]) + x[2]) + x[3])    # 1e8 + 1 is 1e8 in float32
    expected = total / np.float32(4)                                       # 0.75, where the mean is 1.0
    assert float(tf.reduce_mean(tf.constant(x)).numpy()) == float(expected)
    modes.graph_mode()
    try:
        tf.reset_default_graph()
        fed = tf.placeholder(tf.float32, [4])
        with tf.Session() as sess:
            assert float(sess.run(tf.reduce_mean(fed), {fed: x})) == float(expected)
            assert float(sess.run(tf.reduce_sum(fed), {fed: x})) == float(total)
    finally:
        modes.eager_mode()


def test_tanhs_gradient_reads_the_kernels_output():
    """TensorFlow's TanhGrad is dy * (1 - y * y) of the op's float32 output y."""
    x, y = _stored("tanh")
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        out = tf.tanh(v)
    grad = tape.gradient(out, v)
    assert _bits(out.numpy()) == _bits(y)
    assert _bits(grad.numpy()) == _bits(np.float32(1) - y * y)
