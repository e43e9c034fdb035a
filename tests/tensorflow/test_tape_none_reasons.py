"""Why a tape's gradient is None: the reason names the cause the snippet has (TensorFlow
gives None in both cases below; only the reasons differ)."""
from __future__ import annotations

import pytest

import autograd_cli.tensorflow as tf
from autograd_cli import notebook


@pytest.fixture(autouse=True)
def _remembered():
    notebook.watch_gradients()
    yield


def test_a_watched_variable_cut_off_by_numpy_is_not_called_unwatched():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tf.constant((x * x).numpy()) * 3.0       # .numpy(): a new constant, no path back to x
    grad = tape.gradient(y, x)
    assert grad is None
    reason = notebook.why_none(grad)[0]
    assert "watched it" in reason and ".numpy()" in reason and "not watched" not in reason


def test_an_unwatched_tensor_is_called_unwatched():
    c = tf.constant(2.0)
    with tf.GradientTape() as tape:
        y = c * c
    grad = tape.gradient(y, c)
    assert grad is None
    assert "not watched" in notebook.why_none(grad)[0]


def test_a_watched_tensor_off_the_path_is_not_called_unwatched():
    c, d = tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(c)
        y = d * d
    grad = tape.gradient(y, c)
    assert grad is None
    reason = notebook.why_none(grad)[0]
    assert "path" in reason and "not watched" not in reason
