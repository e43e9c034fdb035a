"""tf.nn.crelu against NumPy (relu of x and of -x side by side) and its gradient against
central differences."""
from __future__ import annotations

import numpy as np
from conftest import central_difference

import autograd_cli.tensorflow as tf


def test_crelu_concatenates_the_positive_and_negative_parts_along_the_axis():
    x = np.array([[1.0, -2.0, 0.5], [-0.5, 3.0, -1.0]])
    np.testing.assert_array_equal(tf.nn.crelu(tf.constant(x)).numpy(),
                                  np.concatenate([np.maximum(x, 0), np.maximum(-x, 0)], axis=-1))
    np.testing.assert_array_equal(tf.nn.crelu(tf.constant(x), axis=0).numpy(),
                                  np.concatenate([np.maximum(x, 0), np.maximum(-x, 0)], axis=0))


def test_crelus_gradient_is_the_finite_differences():
    x = np.array([[1.0, -2.0, 0.5], [-0.5, 3.0, -1.0]])
    weights = tf.constant(np.arange(12.0).reshape(2, 6))

    def run(v):
        return tf.reduce_sum(tf.sin(tf.nn.crelu(v) * weights))

    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = run(xt)
    np.testing.assert_allclose(tape.gradient(loss, xt).numpy(),
                               central_difference(lambda v: run(tf.constant(v)).numpy(), x, 1e-6), rtol=1e-6, atol=1e-6)
