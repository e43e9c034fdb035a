"""tf.variable_scope / tf.get_variable and TensorFlow's initializers where the oracle corpus
(graph_get_variable_*, graph_variable_scope_*, which hold TF 2.21's outputs) does not reach:
eager mode, and the TF1 / TF2 defaults of the random initializers."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow import modes


def test_eagerly_get_variable_names_and_makes_a_new_variable_each_time():
    # TensorFlow 2 eagerly: no variable store (two calls give two variables), names kept
    with tf.compat.v1.variable_scope("block"):
        w = tf.compat.v1.get_variable("w", [2], initializer=tf.constant_initializer(2.0))
        again = tf.compat.v1.get_variable("w", [2], initializer=tf.zeros_initializer())
    assert w.name == "block/w:0" and w.numpy().tolist() == [2.0, 2.0]
    assert again is not w and again.numpy().tolist() == [0.0, 0.0]
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
    assert tape.gradient(loss, w).numpy().tolist() == [4.0, 4.0]     # d/dw w**2 = 2 w


def test_random_initializers_take_tf1_defaults_only_after_disable_v2_behavior():
    assert tf.random_normal_initializer().stddev == 0.05
    assert (tf.random_uniform_initializer().minval, tf.random_uniform_initializer().maxval) == (-0.05, 0.05)
    modes.graph_mode()
    try:
        assert tf.random_normal_initializer().stddev == 1.0
        assert tf.random_uniform_initializer().maxval == 1.0
    finally:
        modes.eager_mode()


def test_a_constant_initializer_of_the_wrong_size_is_refused_in_tf2():
    with pytest.raises(TypeError, match="has 3 elements, but got `shape` \\(2, 2\\) with 4 elements"):
        tf.constant_initializer([1.0, 2.0, 3.0])([2, 2])


def test_a_shared_variable_needs_a_shape_to_be_made():
    modes.graph_mode()
    tf.reset_default_graph()
    try:
        with pytest.raises(ValueError, match=r"Shape of a new variable \(v\) must be fully defined"):
            tf.get_variable("v")
        with pytest.raises(ValueError, match="If initializer is a constant, do not specify shape."):
            tf.get_variable("c", [2], initializer=np.zeros(2, np.float32))
    finally:
        modes.eager_mode()
