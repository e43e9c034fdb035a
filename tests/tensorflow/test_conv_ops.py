"""tf.nn.conv2d and the 2-D poolings against direct NumPy loops over the windows (TensorFlow's
SAME padding: the odd row / column after), and the filter's gradient against the formula."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def _pads(size, window, stride, padding):
    if padding == "VALID":
        return (size - window) // stride + 1, 0
    out = -(-size // stride)
    return out, max((out - 1) * stride + window - size, 0) // 2


def _windows(x, kh, kw, sh, sw, padding, fill):
    n, h, w, c = x.shape
    oh, top = _pads(h, kh, sh, padding)
    ow, left = _pads(w, kw, sw, padding)
    padded = np.full((n, h + 2 * kh, w + 2 * kw, c), fill, dtype=np.float64)
    padded[:, kh:kh + h, kw:kw + w] = x
    for i in range(oh):
        for j in range(ow):
            r, s = i * sh - top + kh, j * sw - left + kw
            yield i, j, padded[:, r:r + kh, s:s + kw, :]


@pytest.mark.parametrize("padding, stride", [("SAME", 1), ("SAME", 2), ("VALID", 1), ("VALID", 2)])
def test_conv2d_is_the_sum_over_each_window(padding, stride):
    rng = np.random.RandomState(0)
    x = rng.randn(2, 5, 6, 3).astype(np.float32)
    w = rng.randn(3, 2, 3, 4).astype(np.float32)
    got = tf.nn.conv2d(x, w, strides=stride, padding=padding).numpy()
    expected = np.zeros(got.shape)
    for i, j, window in _windows(x.astype(np.float64), 3, 2, stride, stride, padding, 0.0):
        expected[:, i, j, :] = np.einsum("nhwc,hwco->no", window, w.astype(np.float64))
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
def test_pooling_takes_the_max_and_the_mean_of_the_elements_inside(padding):
    x = np.random.RandomState(1).randn(1, 5, 5, 2).astype(np.float32)
    top = tf.nn.max_pool2d(x, 2, 2, padding).numpy()
    mean = tf.nn.avg_pool2d(x, 2, 2, padding).numpy()
    for i, j, window in _windows(x.astype(np.float64), 2, 2, 2, 2, padding, np.nan):
        np.testing.assert_allclose(top[0, i, j], np.nanmax(window[0], axis=(0, 1)), rtol=1e-6)
        np.testing.assert_allclose(mean[0, i, j], np.nanmean(window[0], axis=(0, 1)), rtol=1e-6)


def test_the_filter_gradient_is_the_windows_times_the_upstream_gradient():
    rng = np.random.RandomState(2)
    x = rng.randn(1, 4, 4, 1).astype(np.float32)
    w = tf.Variable(rng.randn(2, 2, 1, 1).astype(np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.conv2d(x, w, 1, "VALID"))
    # d(sum of outputs)/d w[a, b] = the sum of the inputs that w[a, b] meets: x[a:a+3, b:b+3]
    expected = np.array([[x[0, a:a + 3, b:b + 3, 0].sum() for b in range(2)] for a in range(2)])
    np.testing.assert_allclose(tape.gradient(loss, w).numpy()[:, :, 0, 0], expected, rtol=1e-5)
