"""space_to_depth / depth_to_space, local_response_normalization and extract_patches against
NumPy written out element by element, and LRN's gradient against finite differences."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import central_difference

import autograd_cli.tensorflow as tf


def test_space_to_depth_puts_each_tile_in_the_depth_row_then_column_then_channel():
    x = np.random.RandomState(0).randn(2, 4, 6, 3).astype(np.float32)
    got = tf.nn.space_to_depth(x, 2).numpy()
    assert got.shape == (2, 2, 3, 12)
    for i in range(2):
        for j in range(3):
            for a in range(2):
                for b in range(2):
                    np.testing.assert_array_equal(got[:, i, j, (a * 2 + b) * 3:(a * 2 + b + 1) * 3],
                                                  x[:, 2 * i + a, 2 * j + b, :])
    np.testing.assert_array_equal(tf.nn.depth_to_space(got, 2).numpy(), x)


@pytest.mark.parametrize("radius, bias, alpha, beta", [(5, 1.0, 1.0, 0.5), (1, 2.0, 0.5, 0.75), (2, 1.0, 0.1, 1.0)])
def test_lrn_divides_by_the_sum_of_the_neighbouring_channels_squares(radius, bias, alpha, beta):
    x = np.random.RandomState(1).randn(1, 2, 3, 7)
    got = tf.nn.lrn(x.astype(np.float32), radius, bias, alpha, beta).numpy()
    np.testing.assert_allclose(got, _lrn(x, radius, bias, alpha, beta), rtol=1e-5, atol=1e-6)


def _lrn(x, radius, bias, alpha, beta):
    out = np.zeros_like(x)
    for d in range(x.shape[-1]):
        window = x[..., max(d - radius, 0):d + radius + 1]
        out[..., d] = x[..., d] / (bias + alpha * np.sum(window ** 2, axis=-1)) ** beta
    return out


def test_lrn_gradient_is_the_finite_difference_of_the_formula():
    """(float32 only, as TensorFlow's LRN kernel: the finite differences of the NumPy formula in float64)"""
    x = np.random.RandomState(2).randn(1, 2, 2, 5)
    w = np.arange(20.0).reshape(1, 2, 2, 5) / 10
    xt = tf.constant(x.astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = tf.reduce_sum(tf.nn.lrn(xt, 2, 1.5, 0.3, 0.75) * w.astype(np.float32))
    grad = tape.gradient(y, xt).numpy()
    numeric = central_difference(lambda v: np.sum(_lrn(v, 2, 1.5, 0.3, 0.75) * w), x)
    np.testing.assert_allclose(grad, numeric, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("padding, stride, rate", [("VALID", 1, 1), ("SAME", 2, 1), ("VALID", 1, 2), ("SAME", 1, 2)])
def test_extract_patches_lays_each_window_out_in_the_depth(padding, stride, rate):
    x = np.random.RandomState(3).randn(1, 5, 6, 2).astype(np.float32)
    got = tf.image.extract_patches(x, [1, 2, 3, 1], [1, stride, stride, 1], [1, rate, rate, 1], padding).numpy()
    eh, ew = rate + 1, 2 * rate + 1
    if padding == "VALID":
        oh, ow, top, left = (5 - eh) // stride + 1, (6 - ew) // stride + 1, 0, 0
    else:
        oh, ow = -(-5 // stride), -(-6 // stride)
        top = max((oh - 1) * stride + eh - 5, 0) // 2
        left = max((ow - 1) * stride + ew - 6, 0) // 2
    assert got.shape == (1, oh, ow, 12)
    for i in range(oh):
        for j in range(ow):
            expected = []
            for a in range(2):
                for b in range(3):
                    r, s = i * stride - top + a * rate, j * stride - left + b * rate
                    inside = 0 <= r < 5 and 0 <= s < 6
                    expected.extend(x[0, r, s] if inside else [0.0, 0.0])
            np.testing.assert_array_equal(got[0, i, j], np.array(expected, dtype=np.float32))
