"""User-written gradients in the TensorFlow package: tf.custom_gradient, RegisterGradient with
gradient_override_map, no_gradient. TensorFlow's own outputs for these are in the oracle corpus
(tape_custom_gradient_*, graph_custom_gradient, graph_register_gradient*, graph_straight_through);
here: what the corpus cannot show, each against a derivation by hand."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow import modes

_names = itertools.count()


@pytest.fixture
def graph():
    modes.graph_mode()
    tf.reset_default_graph()
    yield tf.get_default_graph()
    modes.eager_mode()


def test_a_custom_gradient_replaces_the_derivative_and_is_differentiated_again():
    @tf.custom_gradient
    def f(x):                       # value x**2, "gradient" 10 x**3 (on purpose not the derivative)
        return x * x, lambda dy: dy * 10.0 * x * x * x

    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        first = inner.gradient(y, x)
    assert float(y) == 4.0
    assert float(first) == 80.0                         # 10 * 2**3
    assert float(outer.gradient(first, x)) == 120.0     # d/dx 10 x**3 = 30 x**2


def test_a_custom_gradient_counts_one_gradient_per_input():
    @tf.custom_gradient
    def f(x, y):
        return x * y, lambda dz: dz
    with pytest.raises(ValueError, match="expected to return 2 gradients, but returned 1"):
        f(tf.constant(1.0), tf.constant(2.0))


def test_a_training_loop_reuses_the_lowered_custom_gradient_with_new_values():
    @tf.custom_gradient
    def clipped(x):
        return tf.identity(x), lambda dy: tf.clip_by_value(dy, -1.0, 1.0)

    w = tf.Variable(0.0)
    seen = []
    for target in (10.0, -10.0, 0.25):
        with tf.GradientTape() as tape:
            loss = clipped(w - target) ** 2          # upstream 2 (w - target), clipped to [-1, 1]
        seen.append(float(tape.gradient(loss, w)))
    assert seen == [-1.0, 1.0, -0.5]


def test_registering_one_name_twice_is_a_key_error(graph):
    name = f"Twice{next(_names)}"
    tf.RegisterGradient(name)(lambda op, grad: grad)
    with pytest.raises(KeyError, match=f"Registering two gradient with name '{name}'"):
        tf.RegisterGradient(name)(lambda op, grad: grad)


def test_an_override_registered_after_the_op_was_made_counts(graph):
    name = f"Late{next(_names)}"
    x = tf.constant([1.0, -2.0])
    with graph.gradient_override_map({"Square": name}):
        y = tf.square(x)                             # d/dx x**2 would be [2, -4]
    tf.RegisterGradient(name)(lambda op, grad: grad * 3.0)
    with tf.Session() as sess:
        assert sess.run(tf.gradients(tf.reduce_sum(y), x))[0].tolist() == [3.0, 3.0]


def test_no_gradient_makes_the_overridden_op_cut(graph):
    name = f"Cut{next(_names)}"
    tf.no_gradient(name)
    x = tf.constant(2.0)
    with graph.gradient_override_map({"Exp": name}):
        y = tf.exp(x)
    assert tf.gradients(y + x, x)[0] is not None     # through `+ x` only
    assert tf.gradients(y, x) == [None]
    with tf.Session() as sess:
        assert sess.run(tf.gradients(y + x, x))[0] == 1.0
        assert np.isclose(sess.run(y), np.exp(2.0))


def test_the_registered_function_sees_the_op_inputs_and_outputs(graph):
    name = f"Sees{next(_names)}"
    tf.RegisterGradient(name)(lambda op, grad: grad * op.outputs[0] * op.inputs[0])
    x = tf.constant([1.0, 2.0])
    with graph.gradient_override_map({"Exp": name}):
        y = tf.exp(x)
    with tf.Session() as sess:
        got = sess.run(tf.gradients(tf.reduce_sum(y), x))[0]
    np.testing.assert_allclose(got, np.exp([1.0, 2.0]) * [1.0, 2.0], rtol=1e-6)
