"""tf.metrics' streaming values, the scatter ops and clip_by_average_norm against NumPy
written out here: AUC by the trapezoid rule over TensorFlow's thresholds, precision/recall
and the means accumulated over batches, the scatter ops as index assignments."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf

pytestmark = pytest.mark.usefixtures("tf_graph_mode")

RNG = np.random.default_rng(7)
BATCHES = [(RNG.integers(0, 2, 8), RNG.uniform(0, 1, 8).astype(np.float32)) for _ in range(3)]


def _streamed(make):
    labels = tf.placeholder(tf.int64, [None])
    scores = tf.placeholder(tf.float32, [None])
    value, update = make(labels, scores)
    seen = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        for y, p in BATCHES:
            seen.append(float(sess.run(update, {labels: y, scores: p})))
        assert float(sess.run(value)) == pytest.approx(seen[-1], rel=1e-6)
    return seen


def _so_far(k):
    return np.concatenate([b[0] for b in BATCHES[:k + 1]]), np.concatenate([b[1] for b in BATCHES[:k + 1]])


def test_auc_is_the_trapezoid_rule_over_the_thresholds():
    n = 7
    ours = _streamed(lambda y, p: tf.metrics.auc(y, p, num_thresholds=n))
    cuts = [-1e-7] + [(i + 1) / (n - 1) for i in range(n - 2)] + [1 + 1e-7]
    for k, got in enumerate(ours):
        y, p = _so_far(k)
        tp = np.array([np.sum((p > c) & (y == 1)) for c in cuts], float)
        fn = np.array([np.sum((p <= c) & (y == 1)) for c in cuts], float)
        fp = np.array([np.sum((p > c) & (y == 0)) for c in cuts], float)
        tn = np.array([np.sum((p <= c) & (y == 0)) for c in cuts], float)
        rec, fpr = (tp + 1e-6) / (tp + fn + 1e-6), fp / (fp + tn + 1e-6)
        assert got == pytest.approx(np.sum((fpr[:-1] - fpr[1:]) * (rec[:-1] + rec[1:]) / 2), rel=1e-5)


@pytest.mark.parametrize("metric, reference", [
    (tf.metrics.precision, lambda y, q: np.sum(q & (y == 1)) / np.sum(q)),
    (tf.metrics.recall, lambda y, q: np.sum(q & (y == 1)) / np.sum(y == 1)),
    (tf.metrics.accuracy, lambda y, q: np.mean(q == (y == 1))),
])
def test_counts_accumulate_over_batches(metric, reference):
    ours = _streamed(lambda y, p: metric(y, tf.cast(p > 0.5, tf.int64)))
    for k, got in enumerate(ours):
        y, p = _so_far(k)
        assert got == pytest.approx(reference(y, p > 0.5), rel=1e-6)


def test_weighted_mean_and_rmse():
    ours = _streamed(lambda y, p: tf.metrics.mean(p, weights=tf.cast(y, tf.float32) * 2.0 + 1.0))
    rmse = _streamed(lambda y, p: tf.metrics.root_mean_squared_error(tf.cast(y, tf.float32), p))
    for k in range(3):
        y, p = _so_far(k)
        w = y * 2.0 + 1.0
        assert ours[k] == pytest.approx(np.sum(p * w) / np.sum(w), rel=1e-6)
        assert rmse[k] == pytest.approx(np.sqrt(np.mean((p - y) ** 2)), rel=1e-6)


def test_metrics_refuse_eager_execution_as_tensorflow():
    from autograd_cli.tensorflow import modes

    modes.eager_mode()
    with pytest.raises(RuntimeError, match=r"^tf.metrics.accuracy is not supported when eager execution is enabled.$"):
        tf.metrics.accuracy([1], [1])


def test_scatter_ops_are_index_assignments():
    start = np.arange(15, dtype=np.float32).reshape(5, 3)
    v = tf.Variable(start)
    steps = [(tf.scatter_update, [4, 1], np.ones((2, 3)) * 7, "set"),
             (tf.scatter_add, [0, 0, 2], np.arange(9).reshape(3, 3), "add"),
             (tf.scatter_sub, [3], np.full((1, 3), 0.5), "sub")]
    expected = start.astype(np.float64)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for fn, index, rows, how in steps:
            got = sess.run(fn(v, index, rows.astype(np.float32)))
            if how == "set":
                expected[index] = rows
            else:
                np.add.at(expected, index, rows if how == "add" else -rows)
            assert np.array_equal(got, expected)
        got = sess.run(tf.scatter_nd_update(v, [[0, 2], [4, 0]], [-1.0, -2.0]))
        expected[0, 2], expected[4, 0] = -1, -2
        assert np.array_equal(got, expected)
        assert np.array_equal(sess.run(v), expected)


def test_clip_by_average_norm_scales_to_the_norm_per_element():
    t = np.array([[3.0, 4.0, 0.0], [1.0, -2.0, 2.0]], np.float32)
    with tf.Session() as sess:
        for clip in (0.5, 2.0, 10.0):
            got = sess.run(tf.clip_by_average_norm(t, clip))
            average = np.sqrt(np.sum(t.astype(np.float64) ** 2)) / t.size
            want = t * (clip / average if average > clip else 1.0)
            assert np.allclose(got, want, rtol=1e-6)
