"""tf.image's resizing against the interpolation written out in NumPy (half-pixel centers for
TF2's resize, corner alignment for TF1's), the flips, and the random flips and crops: each
result is one of the images they may give, and the gradients are the finite differences."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import central_difference

import autograd_cli.tensorflow as tf


def _source(out, in_size, out_size, half_pixel, align):
    if align and out_size > 1:
        return out * (in_size - 1) / (out_size - 1)
    scale = in_size / out_size
    return (out + 0.5) * scale - 0.5 if half_pixel else out * scale


def _bilinear(x, oh, ow, half_pixel, align):
    n, h, w, c = x.shape
    out = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            y, z = _source(i, h, oh, half_pixel, align), _source(j, w, ow, half_pixel, align)
            y0, z0 = int(np.floor(y)), int(np.floor(z))
            dy, dz = y - y0, z - z0

            def at(r, s):
                return x[:, min(max(r, 0), h - 1), min(max(s, 0), w - 1)]
            out[:, i, j] = ((1 - dy) * ((1 - dz) * at(y0, z0) + dz * at(y0, z0 + 1))
                            + dy * ((1 - dz) * at(y0 + 1, z0) + dz * at(y0 + 1, z0 + 1)))
    return out


@pytest.mark.parametrize("size", [(5, 7), (2, 3), (3, 8)])
def test_resize_bilinear_interpolates_between_the_four_nearest_pixels(size):
    x = np.random.RandomState(0).randn(2, 3, 4, 2)
    got = tf.image.resize(x.astype(np.float32), size).numpy()
    np.testing.assert_allclose(got, _bilinear(x, *size, True, False), rtol=1e-5, atol=1e-5)
    for align in (False, True):
        v1 = tf.compat.v1.image.resize_images(x.astype(np.float32), size, align_corners=align).numpy()
        np.testing.assert_allclose(v1, _bilinear(x, *size, False, align), rtol=1e-5, atol=1e-5)


def test_resize_nearest_takes_the_pixel_each_output_centre_falls_in():
    x = np.arange(12, dtype=np.int32).reshape(1, 3, 4, 1)
    got = tf.image.resize(x, [5, 6], method="nearest").numpy()
    assert got.dtype == np.int32
    rows = [int(np.floor((i + 0.5) * 3 / 5)) for i in range(5)]
    cols = [int(np.floor((j + 0.5) * 4 / 6)) for j in range(6)]
    np.testing.assert_array_equal(got[0, :, :, 0], x[0, rows][:, cols, 0])
    aligned = tf.compat.v1.image.resize_images(x, [5, 6], method=1, align_corners=True).numpy()
    rows = [int(np.floor(i * 2 / 4 + 0.5)) for i in range(5)]
    cols = [int(np.floor(j * 3 / 5 + 0.5)) for j in range(6)]
    np.testing.assert_array_equal(aligned[0, :, :, 0], x[0, rows][:, cols, 0])


def test_resize_gradient_is_the_finite_difference():
    x = np.random.RandomState(1).randn(1, 3, 3, 1)
    w = np.random.RandomState(2).randn(1, 4, 5, 1)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = tf.reduce_sum(tf.image.resize(xt, [4, 5]) ** 2 * w)
    grad = tape.gradient(loss, xt).numpy()
    numeric = central_difference(lambda v: np.sum(_bilinear(v, 4, 5, True, False) ** 2 * w), x)
    np.testing.assert_allclose(grad, numeric, rtol=1e-4, atol=1e-5)


def test_flips_reverse_the_width_or_the_height():
    x = np.random.RandomState(3).randn(2, 3, 4, 1).astype(np.float32)
    np.testing.assert_array_equal(tf.image.flip_left_right(x).numpy(), x[:, :, ::-1])
    np.testing.assert_array_equal(tf.image.flip_up_down(x[0]).numpy(), x[0, ::-1])


def test_random_flips_and_crops_give_one_of_the_images_they_may():
    tf.random.set_seed(0)
    x = np.random.RandomState(4).randn(6, 3, 4, 1).astype(np.float32)
    flipped = tf.image.random_flip_left_right(x).numpy()
    for k in range(6):
        same, mirrored = np.array_equal(flipped[k], x[k]), np.array_equal(flipped[k], x[k, :, ::-1])
        assert same or mirrored
    crop = tf.image.random_crop(x, [2, 2, 3, 1], seed=1).numpy()
    found = [(a, b, c) for a in range(5) for b in range(2) for c in range(2)
             if np.array_equal(crop, x[a:a + 2, b:b + 2, c:c + 3])]
    assert found
