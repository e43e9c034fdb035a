"""keras.optimizers.schedules against their formulas written in NumPy float32."""
from __future__ import annotations

import math

import numpy as np
import pytest

import autograd_cli.tensorflow as tf

S = tf.keras.optimizers.schedules


@pytest.mark.parametrize("step", [0, 1, 3, 7])
def test_the_schedules_follow_their_formulas(step):
    f = np.float32
    assert S.ExponentialDecay(0.1, 2, 0.5, staircase=True)(step).numpy() == f(0.1) * f(0.5) ** f(step // 2)
    np.testing.assert_allclose(S.InverseTimeDecay(1.0, 2, 0.5)(step).numpy(), 1.0 / (1 + 0.5 * step / 2), rtol=1e-6)
    p = min(step, 4) / 4
    np.testing.assert_allclose(S.PolynomialDecay(0.1, 4, 0.01)(step).numpy(), 0.09 * (1 - p) + 0.01, rtol=1e-6)
    np.testing.assert_allclose(S.CosineDecay(0.2, 4)(step).numpy(), 0.2 * 0.5 * (1 + math.cos(math.pi * p)),
                               rtol=1e-6, atol=1e-8)
    assert S.PiecewiseConstantDecay([1, 3], [1.0, 0.5, 0.1])(step).numpy() == f([1.0, 1.0, 0.5, 0.5, 0.1][min(step, 4)])


def test_an_optimizer_reads_its_schedule_at_each_step():
    opt = tf.keras.optimizers.SGD(learning_rate=S.ExponentialDecay(0.1, 1, 0.5))
    w = tf.Variable(1.0)
    for _ in range(2):
        opt.apply_gradients([(tf.constant(1.0), w)])
    assert w.numpy() == pytest.approx(1.0 - 0.1 - 0.05)
