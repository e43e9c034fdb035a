"""The FFTs and complex ops against NumPy's (and the DFT's definition), eagerly and in a TF1
session; a gradient through them is refused."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def _dft(a):
    n = a.shape[-1]
    k = np.arange(n)
    return a @ np.exp(-2j * np.pi * np.outer(k, k) / n)


def test_fft_is_the_dft_and_ifft_undoes_it():
    rng = np.random.RandomState(0)
    a = rng.randn(3, 5) + 1j * rng.randn(3, 5)
    got = tf.signal.fft(tf.constant(a)).numpy()
    np.testing.assert_allclose(got, _dft(a), rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(tf.signal.ifft(tf.constant(got)).numpy(), a, rtol=1e-10, atol=1e-10)
    two = tf.signal.fft2d(tf.constant(a)).numpy()
    np.testing.assert_allclose(two, _dft(_dft(a).T).T, rtol=1e-10, atol=1e-10)


def test_rfft_keeps_the_first_half_and_irfft_inverts_it():
    x = np.array([[1.0, 2.0, 3.0, 0.5], [0.0, -1.0, 2.0, 4.0]], np.float32)
    r = tf.signal.rfft(tf.constant(x))
    assert r.dtype == tf.complex64 and r.shape == (2, 3)
    np.testing.assert_allclose(r.numpy(), _dft(x.astype(np.float64))[:, :3], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(tf.signal.irfft(r).numpy(), x, rtol=1e-5, atol=1e-5)
    padded = tf.signal.rfft(tf.constant(x), [6]).numpy()
    np.testing.assert_allclose(padded, _dft(np.pad(x.astype(np.float64), [[0, 0], [0, 2]]))[:, :4], rtol=1e-5,
                               atol=1e-5)


def test_complex_parts_abs_and_angle():
    re, im = np.array([1.0, -2.0, 0.5], np.float32), np.array([2.0, 1.0, -3.0], np.float32)
    c = tf.complex(re, im)
    assert c.dtype == tf.complex64
    z = re + 1j * im
    np.testing.assert_allclose(tf.math.real(c).numpy(), re)
    np.testing.assert_allclose(tf.math.imag(c).numpy(), im)
    np.testing.assert_allclose(tf.math.conj(c).numpy(), np.conj(z))
    np.testing.assert_allclose(tf.abs(c).numpy(), np.hypot(re, im), rtol=1e-6)
    np.testing.assert_allclose(tf.math.angle(c).numpy(), np.arctan2(im, re), rtol=1e-6)
    assert tf.abs(c).dtype == tf.float32


def test_a_graph_holds_complex_values_through_kernels_and_engine_ops(tf_graph_mode):
    x = tf.compat.v1.placeholder(tf.float32, [None, 4])
    f = tf.signal.fft(tf.complex(x, -x))
    k = tf.constant([1 + 2j, 3j])
    with tf.compat.v1.Session() as sess:
        a = np.arange(8.0).reshape(2, 4)
        got, kk = sess.run([tf.reshape(f, [-1]), k * k + k], {x: a})
    np.testing.assert_allclose(got, _dft(a - 1j * a).reshape(-1), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(kk, np.array([1 + 2j, 3j]) ** 2 + np.array([1 + 2j, 3j]))


def test_a_gradient_through_a_complex_op_is_refused():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.real(tf.signal.fft(tf.complex(x, x))))
    with pytest.raises(NotImplementedError, match="gradients through complex tensors"):
        tape.gradient(y, x)
