"""TF1 optimizers' updates and the learning-rate schedules against NumPy written out here
(the update rules of TensorFlow's training kernels and the schedules' formulas, in float64):
several steps of a loss whose gradient is known in closed form, L1 driving weights to exactly 0."""
from __future__ import annotations

import math

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


pytestmark = pytest.mark.usefixtures("tf_graph_mode")


TARGET = np.array([0.3, -2.0, 0.05, 1.0])
START = np.array([1.0, 0.5, -0.2, 0.01])


def _run(optimizer, steps=6):
    """Minimise sum((w - TARGET)^2): the gradient is 2 (w - TARGET); w after each step."""
    w = tf.Variable(START.astype(np.float32))
    train = optimizer.minimize(tf.reduce_sum(tf.square(w - TARGET.astype(np.float32))))
    seen = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(steps):
            sess.run(train)
            seen.append(sess.run(w).astype(np.float64))
    return seen


def _reference(step_fn, state, steps=6):
    w, seen = START.copy(), []
    for _ in range(steps):
        w = step_fn(w, 2 * (w - TARGET), state)
        seen.append(w.copy())
    return seen


def _same(ours, expected):
    for got, want in zip(ours, expected):
        assert np.allclose(got, want, rtol=2e-5, atol=1e-6), (got, want)


def test_adadelta_follows_its_accumulators():
    lr, rho, eps = 1.0, 0.9, 1e-6

    def step(w, g, s):
        s["a"] = rho * s["a"] + (1 - rho) * g * g
        update = np.sqrt(s["u"] + eps) / np.sqrt(s["a"] + eps) * g
        s["u"] = rho * s["u"] + (1 - rho) * update * update
        return w - lr * update
    _same(_run(tf.train.AdadeltaOptimizer(lr, rho=rho, epsilon=eps)), _reference(step, {"a": 0.0, "u": 0.0}))


def test_ftrl_with_l1_sets_small_weights_to_zero():
    lr, l1, l2, n0 = 0.5, 1.2, 0.1, 0.1

    def step(w, g, s):
        n = s["n"] + g * g
        s["z"] = s["z"] + g - (np.sqrt(n) - np.sqrt(s["n"])) / lr * w
        s["n"] = n
        return np.where(np.abs(s["z"]) > l1, (l1 * np.sign(s["z"]) - s["z"]) / (np.sqrt(n) / lr + 2 * l2), 0.0)
    expected = _reference(step, {"n": np.full(4, n0), "z": np.zeros(4)})
    assert (expected[-1] == 0).any() and (expected[-1] != 0).any()      # the case shows both branches
    ours = _run(tf.train.FtrlOptimizer(lr, l1_regularization_strength=l1, l2_regularization_strength=l2))
    _same(ours, expected)
    assert list(ours[-1] == 0) == list(expected[-1] == 0)


def test_ftrl_learning_rate_power_other_than_a_half():
    lr, p = 0.3, -0.8

    def step(w, g, s):
        n = s["n"] + g * g
        s["z"] = s["z"] + g - (n ** -p - s["n"] ** -p) / lr * w
        s["n"] = n
        return np.where(np.abs(s["z"]) > 0, -s["z"] / (n ** -p / lr), 0.0)
    _same(_run(tf.train.FtrlOptimizer(lr, learning_rate_power=p)), _reference(step, {"n": np.full(4, 0.1), "z": 0.0}))


def test_proximal_gradient_descent_shrinks_by_l1_and_l2():
    lr, l1, l2 = 0.1, 2.0, 0.5

    def step(w, g, s):
        v = w - lr * g
        return np.sign(v) * np.maximum(np.abs(v) - lr * l1, 0) / (1 + lr * l2)
    expected = _reference(step, {})
    assert (expected[-1] == 0).any()
    ours = _run(tf.train.ProximalGradientDescentOptimizer(lr, l1, l2))
    _same(ours, expected)
    assert list(ours[-1] == 0) == list(expected[-1] == 0)


def test_proximal_adagrad_at_adagrads_rate():
    lr, l1, l2 = 0.4, 0.3, 0.2

    def step(w, g, s):
        s["a"] = s["a"] + g * g
        rate = lr / np.sqrt(s["a"])
        v = w - rate * g
        return np.sign(v) * np.maximum(np.abs(v) - rate * l1, 0) / (1 + rate * l2)
    _same(_run(tf.train.ProximalAdagradOptimizer(lr, 0.2, l1, l2)), _reference(step, {"a": np.full(4, 0.2)}))


def test_ftrl_and_proximal_adagrad_refuse_bad_settings_as_tensorflow():
    with pytest.raises(ValueError, match=r"^l1_regularization_strength -1.000000 needs to be positive or zero$"):
        tf.train.FtrlOptimizer(0.1, l1_regularization_strength=-1.0)
    with pytest.raises(ValueError, match=r"^learning_rate_power 0.500000 needs to be negative or zero$"):
        tf.train.FtrlOptimizer(0.1, learning_rate_power=0.5)
    with pytest.raises(ValueError, match=r"^initial_accumulator_value must be positive: 0.0$"):
        tf.train.ProximalAdagradOptimizer(0.1, initial_accumulator_value=0.0)


def _schedule_values(make, steps):
    step = tf.Variable(0, trainable=False, dtype=tf.int64)
    rate = make(step)
    out = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for k in steps:
            step.load(k, sess)
            out.append(float(sess.run(rate)))
    return out


@pytest.mark.parametrize("make, formula", [
    (lambda s: tf.train.polynomial_decay(1.0, s, 4, 0.1, power=0.5, cycle=True),
     lambda t: (1.0 - 0.1) * (1 - t / (4 * max(1, math.ceil(t / 4)))) ** 0.5 + 0.1),
    (lambda s: tf.train.polynomial_decay(1.0, s, 4, 0.1, power=2.0),
     lambda t: (1.0 - 0.1) * (1 - min(t, 4) / 4) ** 2 + 0.1),
    (lambda s: tf.train.natural_exp_decay(0.5, s, 3, 0.4, staircase=True),
     lambda t: 0.5 * math.exp(-0.4 * (t // 3))),
    (lambda s: tf.train.inverse_time_decay(0.5, s, 3, 0.4), lambda t: 0.5 / (1 + 0.4 * t / 3)),
    (lambda s: tf.train.cosine_decay(0.5, s, 6, alpha=0.2),
     lambda t: 0.5 * (0.8 * 0.5 * (1 + math.cos(math.pi * min(t, 6) / 6)) + 0.2)),
    (lambda s: tf.train.linear_cosine_decay(0.5, s, 6, num_periods=1.0, beta=0.01),
     lambda t: 0.5 * ((6 - min(t, 6)) / 6 * 0.5 * (1 + math.cos(2 * math.pi * min(t, 6) / 6)) + 0.01)),
    (lambda s: tf.train.piecewise_constant(s, [2, 5], [0.3, 0.2, 0.1]),
     lambda t: 0.3 if t <= 2 else 0.2 if t <= 5 else 0.1),
])
def test_schedules_follow_their_formulas(make, formula):
    steps = list(range(0, 14))
    assert _schedule_values(make, steps) == pytest.approx([formula(t) for t in steps], rel=3e-6, abs=1e-8)


def test_cosine_restarts_periods_grow_by_t_mul():
    # periods of 2, 4, 8 steps (t_mul 2), each starting at m_mul times the last start
    def formula(t):
        start, length, scale = 0, 2, 1.0
        while t >= start + length:
            start, length, scale = start + length, length * 2, scale * 0.5
        return 0.4 * scale * 0.5 * (1 + math.cos(math.pi * (t - start) / length))
    steps = list(range(0, 14))
    ours = _schedule_values(lambda s: tf.train.cosine_decay_restarts(0.4, s, 2, t_mul=2.0, m_mul=0.5), steps)
    assert ours == pytest.approx([formula(t) for t in steps], rel=3e-5, abs=1e-7)
