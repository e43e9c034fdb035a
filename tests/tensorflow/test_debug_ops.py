"""tf.compat.v1.Print, the asserts and check_numerics: what the oracle corpus cannot show.

The oracle stores a snippet's stdout only; tf.Print writes to stderr, so its text is checked
here against what TensorFlow 2.21 wrote to stderr for the same graph (copied below from a run
of /work/tfvenv). The rest is derived by hand: Print's gradient is the upstream gradient, a
failed assert stops the run before the assigns that depend on it.
"""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


pytestmark = pytest.mark.usefixtures("tf_graph_mode")


# What TensorFlow 2.21 printed (stderr) for the runs of test_print_writes_tensorflows_text.
TENSORFLOW_STDERR = """\
x and its sum: [1 2...][6][text][7]
first two: [1 2 3]
first two: [1 2 3]
[[1.5 2.25][3...]...][1][1e-08 3.14159274]
[[[0 1][2 3]][[4 5][6 7]]][]
x and its sum: [1 2...][6][text][7]
"""


def test_print_writes_tensorflows_text(capsys):
    x = tf.placeholder(tf.float32, [None], name="x")
    shown = tf.Print(x, [x, tf.reduce_sum(x), "text", 7], message="x and its sum: ", summarize=2)
    once = tf.Print(x, [x], message="first two: ", first_n=2)
    matrix = tf.Print(x, [tf.constant([[1.5, 2.25], [3.0, 4.0]]), tf.constant(True),
                          tf.constant([1e-8, 3.14159265])])
    everything = tf.Print(x, [tf.reshape(tf.range(8), [2, 2, 2]), tf.zeros([0])], summarize=-1)
    grad = tf.gradients(tf.reduce_sum(shown * shown), x)[0]
    with tf.Session() as sess:
        for fetch in (shown, once, once, once, matrix, everything, grad):
            sess.run(fetch, {x: [1.0, 2.0, 3.0]})
    captured = capsys.readouterr()
    assert captured.err == TENSORFLOW_STDERR
    assert captured.out == ""


def test_print_is_the_identity_and_passes_the_gradient_to_its_input_only(capsys):
    x = tf.placeholder(tf.float32, [3])
    y = tf.placeholder(tf.float32, [3])
    printed = tf.Print(x, [y], message="y: ")
    loss = tf.reduce_sum(printed * printed * y)        # d/dx = 2 x y; y reaches loss directly too
    gx, gy = tf.gradients(loss, [x, y])
    xs, ys = np.array([1.0, -2.0, 0.5]), np.array([3.0, 0.25, -1.0])
    with tf.Session() as sess:
        value, dx, dy = sess.run([printed, gx, gy], {x: xs, y: ys})
    np.testing.assert_array_equal(value, xs.astype(np.float32))
    np.testing.assert_allclose(dx, 2 * xs * ys, rtol=1e-6)
    np.testing.assert_allclose(dy, xs * xs, rtol=1e-6)        # (through the product, not through Print)
    assert tf.gradients(printed, y) == [None]
    assert capsys.readouterr().err == "y: [3 0.25 -1]\n"      # (one run computed Print once)


def test_a_failed_assert_stops_the_run_before_the_update_that_depends_on_it():
    x = tf.placeholder(tf.float32, [None])
    w = tf.Variable(1.0)
    check = tf.assert_positive(x)
    with tf.control_dependencies([check]):
        step = tf.assign_add(w, tf.reduce_sum(x))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(step, {x: [1.0, 2.0]})
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(Placeholder:0\) = \] \[1 -5\]"):
            sess.run(step, {x: [1.0, -5.0]})
        assert sess.run(w) == 4.0          # 1 + (1 + 2): the failed step added nothing


def test_tf2_spellings_in_tf1_code_take_tf1_arguments():
    # (TF1 code's `tf` is tf.compat.v1, where tf.debugging.assert_equal has data=)
    x = tf.placeholder(tf.int32, [2])
    check = tf.debugging.assert_equal(x, [1, 2], data=["x was", x], summarize=1)
    with tf.Session() as sess:
        sess.run(check, {x: [1, 2]})
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"^assertion failed: \[x was\] \[7...\]"):
            sess.run(check, {x: [7, 2]})


def test_the_checks_are_not_folded_away_in_a_compiled_run(capsys):
    # a graph of more than a few nodes is compiled, which computes constant parts once: a Print of
    # a constant still prints at every run
    c = tf.constant(2.0)
    total = c
    for _ in range(30):
        total = total * 1.0 + 0.0
    printed = tf.Print(total, [total], message="total ")
    with tf.Session() as sess:
        for _ in range(3):
            assert sess.run(printed) == 2.0
    assert capsys.readouterr().err == "total [2]\n" * 3


def test_check_numerics_checks_the_gradient_too():
    x = tf.placeholder(tf.float32, [2])
    g = tf.gradients(tf.sqrt(tf.check_numerics(x, "forward")), x)[0]
    with tf.Session() as sess:
        np.testing.assert_allclose(sess.run(g, {x: [4.0, 1.0]}), [0.25, 0.5])    # 1 / (2 sqrt x)
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^Not a number \(NaN\) or infinity \(Inf\) values detected in gradient\. "
                                 r"b'forward' : Tensor had Inf values"):
            sess.run(g, {x: [0.0, 1.0]})
