"""A schedule's float32 steps (evaluate/float32.py) give the bits of the float64-and-round
evaluation: TensorFlow float32 graphs of many ops and magnitudes, trained for a few steps
in a session and with a tape, against the same runs with the float32 steps turned off, and
a schedule's kept values against the reference evaluator (run_plain)."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import autograd_cli.evaluate.schedule  # noqa: F401 (the module, for monkeypatch below)
import autograd_cli.tensorflow as tf
from autograd_cli.evaluate import run_plain
from autograd_cli.tensorflow import modes

# (log and sin: their gradients read their inputs, not them, so their one reader is their
# rounding: the float32 steps must leave such inexact ops to float64)
UNARY = ["square", "tanh", "sigmoid", "abs", "negative", "sqrt_abs", "exp_small", "log_abs", "sin"]
BINARY = ["add", "subtract", "multiply", "divide", "maximum"]


def _unary(name, h):
    if name == "sqrt_abs":
        return tf.sqrt(tf.abs(h) + 1e-3)
    if name == "exp_small":
        return tf.exp(tf.tanh(h))
    if name == "log_abs":
        return tf.math.log(tf.abs(h) + 1.0)
    if name == "sin":
        return tf.sin(h)
    return getattr(tf, name)(h) if hasattr(tf, name) else getattr(tf.math, name)(h)


def _binary(name, a, b):
    if name == "divide":
        return a / (tf.abs(b) + 0.5)
    return getattr(tf, name)(a, b) if hasattr(tf, name) else getattr(tf.math, name)(a, b)


def _loss(rng, x, W, c, v):
    """A random float32 expression of x (batch, 3) and the variables, reduced to a scalar."""
    h = tf.matmul(x, W) + c                      # (batch, 2)
    for _ in range(rng.integers(2, 6)):
        if rng.random() < 0.5:
            h = _unary(UNARY[rng.integers(len(UNARY))], h)
        else:
            other = v if rng.random() < 0.5 else h * 0.5
            h = _binary(BINARY[rng.integers(len(BINARY))], h, other)
    return tf.reduce_mean(h * h) + tf.reduce_sum(v) * 0.25


def _data(rng, scale):
    x = (rng.standard_normal((5, 3)) * scale).astype(np.float32)
    W0 = (rng.standard_normal((3, 2)) * scale).astype(np.float32)
    return x, W0


def _session_run(seed, scale, inspect=None):
    """The losses and variables of four training steps in a session; `inspect(sess, feeds)`
    is called after them."""
    rng = np.random.default_rng(seed)
    modes.graph_mode()
    tf.reset_default_graph()
    try:
        xv, W0 = _data(rng, scale)
        x = tf.placeholder(tf.float32, [None, 3])
        W, c, v = _variables(W0)
        loss = _loss(rng, x, W, c, v)
        train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)
        out = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(4):
                _, value = sess.run([train, loss], feed_dict={x: xv})
                out.append(np.float32(value).tobytes() + sess.run(W).tobytes() + sess.run(c).tobytes())
            if inspect is not None:
                inspect(sess, {x: xv})
        return out
    finally:
        modes.eager_mode()


def _variables(W0):
    return tf.Variable(W0), tf.Variable(np.full([2], 0.1, np.float32)), tf.Variable(np.array([0.3, -0.7], np.float32))


def _tape_run(seed, scale):
    xv, W0 = _data(np.random.default_rng(seed), scale)
    x = tf.constant(xv)
    W, c, v = _variables(W0)
    out = []
    for _ in range(4):
        local = np.random.default_rng(seed + 1000)    # the same expression at each step
        with tf.GradientTape() as tape:
            loss = _loss(local, x, W, c, v)
        grads = tape.gradient(loss, [W, c, v])
        for var, g in zip((W, c, v), grads):
            if g is not None:
                var.assign_sub(0.01 * g)
        out.append(loss.numpy().tobytes() + W.numpy().tobytes() + c.numpy().tobytes())
    return out


CASES = ([(_session_run, seed, scale) for seed in range(24) for scale in (1.0, 1e-20, 1e18)]
         + [(_tape_run, seed, scale) for seed in range(12) for scale in (1.0, 1e-20)])


@pytest.mark.parametrize("loop, seed, scale", CASES)
def test_training_steps_give_the_float64_and_round_bits(loop, seed, scale, monkeypatch):
    with np.errstate(all="ignore"):
        fast = loop(seed, scale)
        with monkeypatch.context() as patch:    # the same run without float32 steps
            patch.setattr(sys.modules["autograd_cli.evaluate.schedule"], "float32_steps", lambda *args: None)
            plain = loop(seed, scale)
    assert fast == plain


def test_the_float32_steps_are_used_and_their_kept_values_are_the_reference_evaluators():
    # a session's schedule runs float32 steps; its kept values (the loss, the variables'
    # updates) equal run_plain's, with float32 forms that are those values rounded; the
    # values made only in float32 form, or not at all, are recomputed when read
    used = []

    def inspect(sess, fed):
        runner = max(sess._runners.values(), key=lambda r: len(r.plan.order))   # the training step's
        sched = runner.plan.schedule
        if sched is None:
            return           # (a plan of a few nodes runs on the reference evaluator itself)
        var_leaves = runner.plan.lowering.var_leaves
        overrides = {node.id: np.asarray(sess._values[uid]) for uid, node in var_leaves.items()}
        float32 = {node.id: sess._values32[uid][1] for uid, node in var_leaves.items() if uid in sess._values32}
        for given, _, _, node_id in runner.feeds:
            overrides[node_id] = fed[given].astype(np.float64)
            float32[node_id] = fed[given]
        fast = sched.run(overrides, [], runner.kept, float32=float32)
        plain = run_plain(sched.order, overrides)
        used.append(any(v is not None for v in sched._float32.values()))
        for node_id in runner.kept:
            assert np.asarray(fast[node_id]).tobytes() == np.asarray(plain[node_id]).tobytes()
            narrow = fast.float32_of(node_id)
            if narrow is not None:
                assert narrow.tobytes() == np.asarray(plain[node_id], dtype=np.float32).tobytes()
        for node in sched.order:
            assert np.asarray(fast[node.id]).tobytes() == np.asarray(plain[node.id]).tobytes()

    with np.errstate(all="ignore"):
        for seed in range(8):
            _session_run(seed, 1.0, inspect)
    assert sum(used) >= 4     # (a graph of inexact ops alone has none)


def test_a_float32_ops_step_calls_its_kernel_on_float32_forms():
    from autograd_cli.ops import float32_kernels as k32
    # reduce_mean and reduce_sum (float32 kernels) of float32 values: the rewritten steps call
    # the kernels themselves, not the float64 forwards that narrow and widen around them
    from functools import partial
    modes.graph_mode()
    tf.reset_default_graph()
    try:
        xv = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
        yv = (xv @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
        x, y = tf.placeholder(tf.float32, [None, 3]), tf.placeholder(tf.float32, [None, 1])
        W, b = tf.Variable(tf.zeros([3, 1])), tf.Variable(tf.zeros([1]))
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + b - y))
        train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(3):
                sess.run([train, loss], feed_dict={x: xv, y: yv})
            runner = sess._last_runner
        # (the variant of the later runs: every variable given in float32 form, as its last update left it)
        variants = [(len(key[1]), v) for key, v in runner.plan.schedule._float32.items() if v is not None]
        assert variants
        fns = [fn.func if type(fn) is partial else fn for fn, *_ in max(variants, key=lambda kv: kv[0])[1][0]]
        assert not any(hasattr(fn, "float32_kernel") for fn in fns)
        assert {k32.reduce_mean, k32.reduce_sum} <= set(fns)
    finally:
        modes.eager_mode()
