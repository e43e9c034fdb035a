"""tf.nn.conv2d and the 2-D poolings against direct NumPy loops over the windows (TensorFlow's
SAME padding: the odd row / column after), and the filter's gradient against the formula."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import central_difference

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


def _dilated_conv(x, w, stride, rate, padding):
    """conv2d written out: each output element the sum over the (dilated) window it sees."""
    kh, kw = w.shape[:2]
    eh, ew = (kh - 1) * rate + 1, (kw - 1) * rate + 1
    n, h, wd, _ = x.shape
    oh, top = _pads(h, eh, stride, padding)
    ow, left = _pads(wd, ew, stride, padding)
    out = np.zeros((n, oh, ow, w.shape[3]))
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    r, s = i * stride - top + a * rate, j * stride - left + b * rate
                    if 0 <= r < h and 0 <= s < wd:
                        out[:, i, j] += x[:, r, s] @ w[a, b]
    return out


@pytest.mark.parametrize("padding, stride, rate", [("SAME", 1, 2), ("VALID", 1, 2), ("SAME", 2, 2), ("VALID", 1, 3)])
def test_dilated_conv2d_and_atrous_conv2d_skip_rate_minus_one_inputs_in_each_window(padding, stride, rate):
    rng = np.random.RandomState(3)
    x = rng.randn(2, 7, 8, 2).astype(np.float32)
    w = rng.randn(3, 2, 2, 3).astype(np.float32)
    expected = _dilated_conv(x.astype(np.float64), w.astype(np.float64), stride, rate, padding)
    got = tf.nn.conv2d(x, w, strides=stride, padding=padding, dilations=rate).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    if stride == 1:
        np.testing.assert_allclose(tf.nn.atrous_conv2d(x, w, rate, padding).numpy(), expected, rtol=1e-5, atol=1e-5)


def test_conv1d_is_conv2d_over_a_height_of_one():
    rng = np.random.RandomState(4)
    x = rng.randn(2, 9, 3).astype(np.float32)
    w = rng.randn(4, 3, 2).astype(np.float32)
    expected = _dilated_conv(x[:, None].astype(np.float64), w[None].astype(np.float64), 2, 1, "SAME")[:, 0]
    np.testing.assert_allclose(tf.nn.conv1d(x, w, 2, "SAME").numpy(), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("padding, stride, size", [("SAME", 2, 10), ("VALID", 2, 11), ("VALID", 2, 12), ("SAME", 1, 5),
                                                  ("SAME", 3, 14)])
def test_conv2d_transpose_scatters_each_input_times_the_filter(padding, stride, size):
    """The transpose of conv2d: input element (i, j) adds x[i, j] * w[a, b] at the output's
    (i * stride + a - top, j * stride + b - left), top/left the forward conv's SAME padding."""
    rng = np.random.RandomState(5)
    x = rng.randn(2, 5, 5, 2).astype(np.float32)
    w = rng.randn(3, 3, 4, 2).astype(np.float32)
    got = tf.nn.conv2d_transpose(x, w, [2, size, size, 4], stride, padding).numpy()
    _, top = _pads(size, 3, stride, padding)
    out = np.zeros((2, size + 6, size + 6, 4))
    for i in range(5):
        for j in range(5):
            for a in range(3):
                for b in range(3):
                    r, s = i * stride + a - top + 3, j * stride + b - top + 3
                    out[:, r, s] += x[:, i, j].astype(np.float64) @ w[a, b].T.astype(np.float64)
    np.testing.assert_allclose(got, out[:, 3:3 + size, 3:3 + size], rtol=1e-5, atol=1e-5)


def test_depthwise_and_separable_conv2d_keep_each_channel_to_its_own_filters():
    rng = np.random.RandomState(6)
    x = rng.randn(1, 6, 6, 3).astype(np.float32)
    w = rng.randn(2, 3, 3, 2).astype(np.float32)
    pw = rng.randn(1, 1, 6, 4).astype(np.float32)
    got = tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "SAME").numpy()
    expected = np.zeros(got.shape)
    for c in range(3):
        one = _dilated_conv(x[..., c:c + 1].astype(np.float64), w[:, :, c:c + 1, :].astype(np.float64), 2, 1, "SAME")
        expected[..., c * 2:(c + 1) * 2] = one          # output channel c * multiplier + m
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    separable = tf.nn.separable_conv2d(x, w, pw, [1, 2, 2, 1], "SAME").numpy()
    np.testing.assert_allclose(separable, expected @ pw[0, 0].astype(np.float64), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("which", ["transpose", "depthwise", "separable", "conv1d", "atrous"])
def test_the_new_convolutions_gradients_are_the_finite_differences(which):
    rng = np.random.RandomState(7)
    x = rng.randn(1, 4, 4, 2)
    shapes = {"transpose": (3, 3, 3, 2), "depthwise": (2, 2, 2, 2), "separable": (2, 2, 2, 1), "conv1d": (3, 2, 3),
              "atrous": (2, 2, 2, 3)}
    w = rng.randn(*shapes[which])
    pw = tf.constant(rng.randn(1, 1, 2, 3))

    def run(xt, wt):
        if which == "transpose":
            y = tf.nn.conv2d_transpose(xt, wt, [1, 8, 8, 3], 2, "SAME")
        elif which == "depthwise":
            y = tf.nn.depthwise_conv2d(xt, wt, [1, 1, 1, 1], "SAME", dilations=[2, 2])
        elif which == "separable":
            y = tf.nn.separable_conv2d(xt, wt, pw, [1, 1, 1, 1], "VALID")
        elif which == "conv1d":
            y = tf.nn.conv1d(tf.reshape(xt, [1, 16, 2]), wt, 1, "SAME")
        else:
            y = tf.nn.atrous_conv2d(xt, wt, 2, "SAME")
        return tf.reduce_sum(tf.sin(y))

    _assert_gradients_are_differences(run, x, w, 1e-3)


def _assert_gradients_are_differences(run, a, b, eps):
    """The tape's gradients of the scalar run(a, b) against central differences in a and in b."""
    at, bt = tf.constant(a), tf.constant(b)
    with tf.GradientTape() as tape:
        tape.watch([at, bt])
        loss = run(at, bt)
    ga, gb = tape.gradient(loss, [at, bt])
    np.testing.assert_allclose(ga.numpy(), central_difference(lambda v: run(tf.constant(v), bt).numpy(), a, eps),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gb.numpy(), central_difference(lambda v: run(at, tf.constant(v)).numpy(), b, eps),
                               rtol=1e-5, atol=1e-6)


def _conv_np(x, w, stride, padding):
    out = None
    for i, j, window in _windows(x, w.shape[0], w.shape[1], stride, stride, padding, 0.0):
        value = np.einsum("nhwc,hwco->no", window, w)
        if out is None:
            oh, _ = _pads(x.shape[1], w.shape[0], stride, padding)
            ow, _ = _pads(x.shape[2], w.shape[1], stride, padding)
            out = np.zeros((x.shape[0], oh, ow, w.shape[3]))
        out[:, i, j] = value
    return out


@pytest.mark.parametrize("padding, stride", [("SAME", 1), ("SAME", 2), ("VALID", 1), ("VALID", 2)])
def test_conv2d_backprop_filter_and_input_are_the_gradients_of_the_windows_sum(padding, stride):
    """sum(conv2d(x, w) * dy) is linear in w and in x: its gradient to w sums window * dy over
    the windows, and its gradient to x is found by central differences of the NumPy conv."""
    rng = np.random.RandomState(8)
    x, w = rng.randn(2, 5, 6, 2), rng.randn(3, 2, 2, 3)
    dy = rng.randn(*_conv_np(x, w, stride, padding).shape)
    v1 = tf.compat.v1.nn
    got_w = v1.conv2d_backprop_filter(tf.constant(x), [3, 2, 2, 3], tf.constant(dy), [1, stride, stride, 1], padding)
    want_w = np.zeros(w.shape)
    for i, j, window in _windows(x, 3, 2, stride, stride, padding, 0.0):
        want_w += np.einsum("nhwc,no->hwco", window, dy[:, i, j])
    np.testing.assert_allclose(got_w.numpy(), want_w, rtol=1e-9, atol=1e-9)
    got_x = v1.conv2d_backprop_input([2, 5, 6, 2], tf.constant(w), tf.constant(dy), [1, stride, stride, 1], padding)
    want_x = central_difference(lambda v: float(np.sum(_conv_np(v, w, stride, padding) * dy)), x, 1e-4)
    np.testing.assert_allclose(got_x.numpy(), want_x, rtol=1e-6, atol=1e-6)


def test_the_gradients_of_conv2d_backprop_filter_are_the_finite_differences():
    rng = np.random.RandomState(9)
    x, dy = rng.randn(1, 4, 5, 2), rng.randn(1, 2, 3, 2)

    def run(xt, dyt):
        w = tf.compat.v1.nn.conv2d_backprop_filter(xt, [2, 2, 2, 2], dyt, [1, 2, 2, 1], "SAME")
        return tf.reduce_sum(tf.sin(w))

    _assert_gradients_are_differences(run, x, dy, 1e-4)
