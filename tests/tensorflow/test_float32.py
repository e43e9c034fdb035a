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
