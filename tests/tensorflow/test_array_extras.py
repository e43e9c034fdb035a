"""roll, repeat, sort/argsort, count_nonzero, sequence_mask, reciprocal_no_nan and the
unsorted segment max/min: values against NumPy, gradients derived by hand. (The generated
differential programs of tests/tf_oracle/fuzz compare them with TensorFlow 2.21 itself.)"""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf

X = np.array([[1.0, 5.0, 2.0], [3.0, -1.0, 4.0]], dtype=np.float32)


def test_roll_is_numpy_roll_and_its_gradient_rolls_back():
    x = tf.constant(X)
    np.testing.assert_array_equal(tf.roll(x, 1, 1).numpy(), np.roll(X, 1, 1))
    np.testing.assert_array_equal(tf.roll(x, [-1, 4], [0, 1]).numpy(), np.roll(X, (-1, 4), (0, 1)))
    np.testing.assert_array_equal(tf.roll(x, [1, 1], [1, 1]).numpy(), np.roll(X, 2, 1))   # shifts add up
    w = np.arange(6, dtype=np.float32).reshape(2, 3)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.roll(x, 1, 1) * w)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.roll(w, -1, 1))
    with pytest.raises(tf.errors.InvalidArgumentError, match="axis 2 is out of range"):
        tf.roll(x, 1, 2)


def test_repeat_counts_and_dense_gradient():
    x = tf.constant(X)
    np.testing.assert_array_equal(tf.repeat(x, 2).numpy(), np.repeat(X, 2))
    np.testing.assert_array_equal(tf.repeat(x, [1, 0, 2], axis=1).numpy(), np.repeat(X, [1, 0, 2], axis=1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.repeat(x, [2, 1], axis=0))
    g = tape.gradient(y, x)
    assert not isinstance(g, tf.IndexedSlices)
    np.testing.assert_array_equal(g.numpy(), [[2, 2, 2], [1, 1, 1]])
    with pytest.raises(ValueError, match="Dimensions 3 and 2 are not compatible"):
        tf.repeat(x, [1, 2], axis=1)


def test_sort_and_argsort():
    x = tf.constant(X)
    np.testing.assert_array_equal(tf.sort(x).numpy(), np.sort(X))
    np.testing.assert_array_equal(tf.sort(x, axis=0, direction="DESCENDING").numpy(), -np.sort(-X, axis=0))
    found = tf.argsort(x)
    assert found.dtype == tf.int32
    np.testing.assert_array_equal(found.numpy(), np.argsort(X))
    np.testing.assert_array_equal(tf.sort(tf.constant([3, -2, 7])).numpy(), [-2, 3, 7])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.sort(x) * [1.0, 10.0, 100.0])
    # each element's gradient is the weight of the place it is sorted to
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[1, 100, 10], [10, 1, 100]])
    with pytest.raises(ValueError, match="direction=UP"):
        tf.sort(x, direction="UP")


def test_count_nonzero_sequence_mask_reciprocal_no_nan():
    x = tf.constant(X - 1)
    assert tf.math.count_nonzero(x).numpy() == 5 and tf.math.count_nonzero(x).dtype == tf.int64
    np.testing.assert_array_equal(tf.math.count_nonzero(x, axis=1, keepdims=True).numpy(), [[2], [3]])
    np.testing.assert_array_equal(tf.sequence_mask([1, 3], 4).numpy(), [[1, 0, 0, 0], [1, 1, 1, 0]])
    assert tf.sequence_mask([1, 3]).shape.as_list() == [2, 3]
    np.testing.assert_array_equal(tf.math.reciprocal_no_nan(tf.constant([0.0, 2.0])).numpy(), [0.0, 0.5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32"):
        tf.math.reciprocal_no_nan(tf.constant([1]))


def test_unsorted_segment_max_min_empty_segments_and_ties():
    x = tf.constant([[3.0, 5.0], [3.0, 2.0], [3.0, -1.0]])
    lowest = np.finfo(np.float32).min
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        top = tf.math.unsorted_segment_max(x, [2, 0, 2], num_segments=3)
        low = tf.math.unsorted_segment_min(x, [2, 0, 2], num_segments=3)
    np.testing.assert_array_equal(top.numpy(), [[3, 2], [lowest, lowest], [3, 5]])
    np.testing.assert_array_equal(low.numpy(), [[3, 2], [-lowest, -lowest], [3, -1]])
    # the tie at 3.0 (rows 0 and 2 of segment 2, column 0) shares the gradient
    np.testing.assert_array_equal(tape.gradient(top, x).numpy(), [[0.5, 1], [1, 1], [0.5, 0]])
