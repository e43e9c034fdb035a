"""Graph-mode tf.while_loop run at session time: a loop whose length follows a variable that a
training step changes (each value and gradient against a loop written out in NumPy and
central differences), and the clear errors where it is not supported."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import central_difference

import autograd_cli.tensorflow as tf


pytestmark = pytest.mark.usefixtures("tf_graph_mode")


def _numpy_loop(x, w, limit):
    """y <- y * w + x while sum(y) < limit (at most 50 times): the loop of the tests, in NumPy."""
    y, count = x.copy(), 0
    while y.sum() < limit and count < 50:
        y, count = y * w + x, count + 1
    return y, count


def test_a_loop_whose_length_a_fed_limit_and_a_trained_variable_decide_matches_numpy_each_step():
    x = tf.placeholder(tf.float64, [3])
    limit = tf.placeholder(tf.float64, [])
    w = tf.Variable(np.float64(1.2))
    k, y = tf.while_loop(lambda k, y: tf.reduce_sum(y) < limit, lambda k, y: (k + 1, y * w + x),
                         [tf.constant(0), x], maximum_iterations=50)
    loss = tf.reduce_sum(y)
    gw, gx = tf.gradients(loss, [w, x])
    step = tf.assign_sub(w, 0.05)
    xv = np.array([0.5, 1.0, 0.25])
    counts = set()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for limit_value in (4.0, 30.0, 30.0, 120.0, 1.0):
            wv = float(sess.run(w))
            yv, count = _numpy_loop(xv, wv, limit_value)
            got_k, got_y, got_gw, got_gx = sess.run([k, y, gw, gx], {x: xv, limit: limit_value})
            assert got_k == count
            np.testing.assert_allclose(got_y, yv, rtol=1e-12)
            # the loop's length held where it is (the derivative of a fixed number of iterations)
            np.testing.assert_allclose(got_gw, central_difference(
                lambda v: _fixed(xv, float(v), count).sum(), np.array(wv)), rtol=1e-6)
            np.testing.assert_allclose(got_gx, central_difference(
                lambda v: _fixed(v, wv, count).sum(), xv.copy()), rtol=1e-6)
            counts.add(count)
            sess.run(step)
    assert len(counts) > 2        # (the runs took loops of different lengths)


def _fixed(x, w, count):
    y = x.copy()
    for _ in range(count):
        y = y * w + x
    return y


def test_a_tensor_of_the_body_cannot_be_fetched():
    i = tf.placeholder(tf.int32, [])
    seen = []
    tf.while_loop(lambda i: i < 3, lambda i: seen.append(i * 2) or i + 1, [i])
    with tf.Session() as sess:
        with pytest.raises(ValueError, match="has been marked as not fetchable"):
            sess.run(seen[0], {i: 0})


def test_a_tf_function_loop_over_its_arguments_gives_each_calls_values():
    from autograd_cli.tensorflow import modes

    modes.eager_mode()

    @tf.function
    def power(n, x):
        return tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x), [tf.constant(0), tf.constant(1.0)])[1]

    @tf.function
    def cube(x):
        return tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), [tf.constant(0), tf.constant(1.0)])[1]

    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = power(tf.constant(3), x)
    assert float(y) == 8.0 and float(tape.gradient(y, x)) == 12.0     # x**3, 3 x**2
    assert float(power(tf.constant(5), x)) == 32.0
    assert float(cube(tf.constant(3.0))) == 27.0


def test_a_loop_that_never_ends_stops_at_the_iteration_limit(monkeypatch):
    monkeypatch.setenv("AUTOGRAD_CLI_MAX_LOOP_ITERATIONS", "2000")
    n = tf.placeholder(tf.int32, [])
    out = tf.while_loop(lambda i: i >= 0, lambda i: i + 1, [n])
    with tf.Session() as sess:
        with pytest.raises(tf.errors.InvalidArgumentError, match="still True: 2,001 iterations.*MAX_LOOP_ITERATIONS"):
            sess.run(out, {n: 0})
