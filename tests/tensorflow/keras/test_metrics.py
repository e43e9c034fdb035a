"""tf.keras.metrics against references written here in NumPy: confusion counts by comparing each
prediction with each threshold, AUC by the trapezoid rule (and, with many thresholds, the
Mann-Whitney statistic), the PR interpolation by numerical integration, the mean metrics by
their formulas with weighted means."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf

M = tf.keras.metrics


def _data(seed, n=40):
    rng = np.random.RandomState(seed)
    y = rng.randint(0, 2, size=(n, 1)).astype(np.float32)
    # predictions away from every threshold used below, so the counts do not hinge on rounding
    p = ((rng.randint(0, 1000, size=(n, 1)) + 0.37) / 1000.0).astype(np.float32)
    return y, p, rng.rand(n).astype(np.float32)


def _counts(y, p, thresholds, w=None):
    y, p = y.reshape(-1).astype(bool), p.reshape(-1)[None, :]
    w = np.ones(y.shape) if w is None else np.broadcast_to(w.reshape(-1), y.shape)
    above = p > np.asarray(thresholds, np.float64)[:, None]
    return {"tp": (above & y) @ w, "fp": (above & ~y) @ w, "fn": (~above & y) @ w, "tn": (~above & ~y) @ w}


@pytest.mark.parametrize("thresholds", [None, 0.3, [0.1, 0.45, 0.8], [0.0, 0.25, 0.5, 0.75, 1.0]])
@pytest.mark.parametrize("weighted", [False, True])
def test_the_confusion_counts_compare_each_prediction_with_each_threshold(thresholds, weighted):
    y, p, w = _data(1)
    expected = _counts(y, p, [0.5] if thresholds is None else np.atleast_1d(thresholds), w if weighted else None)
    for cls, key in ((M.TruePositives, "tp"), (M.FalsePositives, "fp"), (M.TrueNegatives, "tn"),
                     (M.FalseNegatives, "fn")):
        metric = cls(thresholds=thresholds)
        metric.update_state(y[:25], p[:25], sample_weight=w[:25] if weighted else None)
        metric.update_state(y[25:], p[25:], sample_weight=w[25:] if weighted else None)
        np.testing.assert_allclose(np.atleast_1d(metric.result().numpy()), expected[key], rtol=1e-5, atol=1e-5)
    precision, recall = M.Precision(thresholds=thresholds), M.Recall(thresholds=thresholds)
    for metric in (precision, recall):
        metric.update_state(y, p, sample_weight=w if weighted else None)
    tp = expected["tp"]
    np.testing.assert_allclose(np.atleast_1d(precision.result().numpy()), _ratio(tp, tp + expected["fp"]), rtol=1e-5)
    np.testing.assert_allclose(np.atleast_1d(recall.result().numpy()), _ratio(tp, tp + expected["fn"]), rtol=1e-5)


def _ratio(a, b):
    """a / b, 0 where b is 0 (as divide_no_nan)."""
    return np.divide(a, b, out=np.zeros_like(a, dtype=np.float64), where=b != 0)


def test_a_prediction_equal_to_a_threshold_is_not_above_it():
    y, p = np.ones(5, np.float32), np.array([0.0, 0.25, 0.5, 0.75, 1.0], np.float32)
    for thresholds in ([0.0, 0.25, 0.5, 0.75, 1.0], [0.25, 0.6]):       # bucketed, compared
        counts = M.TruePositives(thresholds=thresholds)
        counts.update_state(y, p)
        assert counts.result().numpy().tolist() == [float((p > t).sum()) for t in thresholds]


def test_top_k_and_class_id_keep_the_k_best_scores_and_one_class():
    rng = np.random.RandomState(4)
    labels = np.eye(5, dtype=np.float32)[rng.randint(0, 5, size=30)]
    scores = rng.rand(30, 5).astype(np.float32)
    top2 = np.argsort(-scores, axis=1)[:, :2]
    kept = np.zeros_like(scores, dtype=bool)
    np.put_along_axis(kept, top2, True, axis=1)
    truth = labels.astype(bool)
    precision = M.Precision(top_k=2)
    precision.update_state(labels, scores)
    assert precision.result().numpy() == pytest.approx((kept & truth).sum() / kept.sum(), rel=1e-6)
    recall = M.Recall(top_k=2, class_id=3)
    recall.update_state(labels, scores)
    assert recall.result().numpy() == pytest.approx((kept & truth)[:, 3].sum() / truth[:, 3].sum(), rel=1e-6)
    precision = M.Precision(class_id=1, thresholds=0.4)
    precision.update_state(labels, scores)
    above = scores[:, 1] > 0.4
    assert precision.result().numpy() == pytest.approx((above & truth[:, 1]).sum() / above.sum(), rel=1e-6)


def _keras_thresholds(n):
    return np.array([-1e-7] + [(i + 1) / (n - 1) for i in range(n - 2)] + [1 + 1e-7])


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_auc_is_the_trapezoid_rule_over_the_thresholds(weighted):
    y, p, w = _data(2)
    c = _counts(y, p, _keras_thresholds(200), w if weighted else None)
    tpr, fpr = c["tp"] / (c["tp"] + c["fn"]), c["fp"] / (c["fp"] + c["tn"])
    expected = np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2)
    auc = M.AUC()
    auc.update_state(y, p, sample_weight=w if weighted else None)
    assert auc.result().numpy() == pytest.approx(expected, rel=1e-5)
    minoring = M.AUC(summation_method="minoring")
    minoring.update_state(y, p, sample_weight=w if weighted else None)
    expected = np.sum((fpr[:-1] - fpr[1:]) * np.minimum(tpr[:-1], tpr[1:]))
    assert minoring.result().numpy() == pytest.approx(expected, rel=1e-5)


def test_roc_auc_with_many_thresholds_is_the_mann_whitney_statistic():
    rng = np.random.RandomState(8)
    y = rng.randint(0, 2, size=300).astype(np.float32)
    p = np.clip(0.35 * y + 0.65 * rng.rand(300), 0, 1).astype(np.float32)
    pos, neg = p[y == 1], p[y == 0]
    expected = ((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (pos.size * neg.size)
    auc = M.AUC(num_thresholds=20001)
    auc.update_state(y, p)
    assert auc.result().numpy() == pytest.approx(expected, abs=2e-4)


def test_pr_auc_integrates_the_interpolated_precision_over_recall():
    y, p, _ = _data(3)
    n = 200
    c = _counts(y, p, _keras_thresholds(n))
    tp, pp, positives = c["tp"], c["tp"] + c["fp"], c["tp"][0] + c["fn"][0]
    area = 0.0
    for i in range(n - 1):      # tp linear in the predicted positives between two thresholds
        if pp[i] == pp[i + 1] or pp[i + 1] == 0:
            continue
        grid = np.linspace(pp[i + 1], pp[i], 2001)
        tps = tp[i + 1] + (tp[i] - tp[i + 1]) * (grid - pp[i + 1]) / (pp[i] - pp[i + 1])
        precision = tps / grid
        area += np.sum((precision[1:] + precision[:-1]) / 2 * np.diff(tps)) / positives
    auc = M.AUC(curve="PR")
    auc.update_state(y, p)
    assert auc.result().numpy() == pytest.approx(area, rel=1e-4)


def _weighted_mean(per_sample, w):
    return np.sum(per_sample * w) / np.sum(w)


def test_the_mean_metrics_are_weighted_means_of_their_formulas():
    rng = np.random.RandomState(6)
    y = rng.randint(0, 2, size=(8, 3)).astype(np.float32)
    p = rng.uniform(0.05, 0.95, size=(8, 3)).astype(np.float32)
    w = rng.rand(8).astype(np.float32)
    q = np.clip(p, 1e-7, 1 - 1e-7)
    s = np.clip(y, 1e-7, 1)
    signs = 2 * y - 1
    unit = lambda a: a / np.linalg.norm(a, axis=-1, keepdims=True)      # noqa: E731
    references = {
        M.BinaryCrossentropy: -np.mean(y * np.log(q) + (1 - y) * np.log(1 - q), axis=-1),
        M.KLDivergence: np.sum(s * np.log(s / np.clip(p, 1e-7, 1)), axis=-1),
        M.Poisson: np.mean(p - y * np.log(p + 1e-7), axis=-1),
        M.Hinge: np.mean(np.maximum(1 - signs * p, 0), axis=-1),
        M.SquaredHinge: np.mean(np.maximum(1 - signs * p, 0) ** 2, axis=-1),
        M.CategoricalHinge: np.maximum(np.max((1 - y) * p, -1) - np.sum(y * p, -1) + 1, 0),
        M.LogCoshError: np.mean(np.log(np.cosh(p - y)), axis=-1),
        M.CosineSimilarity: np.sum(unit(y + 0.1) * unit(p), axis=-1),
        M.MeanSquaredLogarithmicError: np.mean((np.log1p(p) - np.log1p(np.maximum(y, 1e-7))) ** 2, axis=-1),
        M.MeanAbsolutePercentageError: 100 * np.mean(np.abs(y + 1 - p) / (y + 1), axis=-1),
    }
    for cls, per_sample in references.items():
        labels = y + 0.1 if cls is M.CosineSimilarity else y + 1 if cls is M.MeanAbsolutePercentageError else y
        plain, weighted = cls(), cls()
        plain.update_state(labels, p)
        weighted.update_state(labels, p, sample_weight=w)
        assert plain.result().numpy() == pytest.approx(per_sample.mean(), rel=2e-5, abs=1e-6), cls.__name__
        assert weighted.result().numpy() == pytest.approx(_weighted_mean(per_sample, w), rel=2e-5, abs=1e-6)


def test_the_top_k_accuracies_count_labels_among_the_k_best():
    rng = np.random.RandomState(2)
    labels = rng.randint(0, 6, size=20)
    scores = rng.rand(20, 6).astype(np.float32)
    rank_of_label = (scores > scores[np.arange(20), labels][:, None]).sum(axis=1)
    w = rng.rand(20).astype(np.float32)
    for k in (1, 2, 4):
        hit = (rank_of_label < k).astype(np.float64)
        dense, sparse = M.TopKCategoricalAccuracy(k=k), M.SparseTopKCategoricalAccuracy(k=k)
        dense.update_state(np.eye(6, dtype=np.float32)[labels], scores)
        sparse.update_state(labels, scores, sample_weight=w)
        assert dense.result().numpy() == pytest.approx(hit.mean(), rel=1e-6)
        assert sparse.result().numpy() == pytest.approx(_weighted_mean(hit, w), rel=1e-6)


def test_mean_reduces_each_sample_to_the_weights_rank_first():
    values = np.arange(12.0, dtype=np.float32).reshape(2, 3, 2)
    weights = np.array([[1.0, 0.0, 2.0], [0.5, 1.0, 1.0]], np.float32)
    mean = M.Mean()
    mean.update_state(values, sample_weight=weights)
    per_entry = values.mean(axis=2)         # (2, 3) against the (2, 3) weights
    expected_total = np.sum((per_entry * weights).mean(axis=1))
    expected_count = np.sum(weights.mean(axis=1))
    assert mean.total.numpy() == pytest.approx(expected_total, rel=1e-6)
    assert mean.count.numpy() == pytest.approx(expected_count, rel=1e-6)
    assert mean.result().numpy() == pytest.approx(expected_total / expected_count, rel=1e-6)


def test_a_metric_updates_inside_a_traced_function_once_traced():
    traced = []
    accuracy, auc = M.BinaryAccuracy(), M.AUC(num_thresholds=11)

    @tf.function
    def step(y, p):
        traced.append(1)
        accuracy.update_state(y, p)
        auc.update_state(y, p)

    y = np.array([[1.0], [0.0], [1.0], [0.0]], np.float32)
    p = np.array([[0.9], [0.3], [0.2], [0.65]], np.float32)
    for _ in range(3):
        step(tf.constant(y), tf.constant(p))
    assert len(traced) == 1
    assert accuracy.count.numpy() == 12 and accuracy.result().numpy() == pytest.approx(0.5)
    c = _counts(y, p, _keras_thresholds(11))
    tpr, fpr = c["tp"] / (c["tp"] + c["fn"]), c["fp"] / (c["fp"] + c["tn"])
    assert auc.result().numpy() == pytest.approx(np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2), rel=1e-6)


def test_the_namespace_holds_the_public_names_only():
    names = dir(M)
    assert {"Precision", "AUC", "binary_accuracy", "kld", "get"} <= set(names)
    assert not {"np", "tf", "tf_class", "annotations", "same_rank"} & set(names)
    with pytest.raises(AttributeError, match="has no attribute 'np'"):
        M.np      # noqa: B018


def test_multi_label_auc_averages_each_labels_trapezoid_area():
    rng = np.random.RandomState(12)
    labels = rng.randint(0, 2, size=(30, 3)).astype(np.float32)
    scores = ((rng.randint(0, 1000, size=(30, 3)) + 0.37) / 1000.0).astype(np.float32)
    weights = np.array([0.5, 1.0, 2.0])
    areas = []
    for j in range(3):
        c = _counts(labels[:, j], scores[:, j], _keras_thresholds(200))
        tpr, fpr = c["tp"] / (c["tp"] + c["fn"]), c["fp"] / (c["fp"] + c["tn"])
        areas.append(np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2))
    plain, weighted = M.AUC(multi_label=True), M.AUC(multi_label=True, label_weights=weights)
    for auc in (plain, weighted):
        auc.update_state(labels, scores)
    assert plain.true_positives.shape == (200, 3)
    assert plain.result().numpy() == pytest.approx(np.mean(areas), rel=1e-5)
    assert weighted.result().numpy() == pytest.approx(np.sum(np.array(areas) * weights) / weights.sum(), rel=1e-5)


def test_the_at_value_metrics_take_the_best_rate_where_the_other_reaches_the_value():
    y, p, w = _data(5)
    thresholds = np.array([0.0] + [(i + 1) / 199 for i in range(198)] + [1.0])
    c = _counts(y, p, thresholds, w)
    recall, specificity = _ratio(c["tp"], c["tp"] + c["fn"]), _ratio(c["tn"], c["tn"] + c["fp"])
    precision = _ratio(c["tp"], c["tp"] + c["fp"])
    for metric, constrained, dependent in ((M.SensitivityAtSpecificity(0.6), specificity, recall),
                                           (M.PrecisionAtRecall(0.8), recall, precision),
                                           (M.RecallAtPrecision(0.55), precision, recall)):
        metric.update_state(y, p, sample_weight=w)
        expected = max([d for s, d in zip(constrained, dependent) if s >= metric.value] + [0.0])
        assert metric.result().numpy() == pytest.approx(expected, rel=1e-5), type(metric).__name__


def test_f1_and_r2_follow_their_formulas():
    rng = np.random.RandomState(9)
    labels = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=25)]
    scores = rng.rand(25, 3).astype(np.float32)
    chosen = (scores == scores.max(axis=1, keepdims=True)).astype(np.float64)
    tp, fp = (chosen * labels).sum(0), (chosen * (1 - labels)).sum(0)
    fn = ((1 - chosen) * labels).sum(0)
    f1 = 2 * tp / (2 * tp + fp + fn)
    macro = M.F1Score(average="macro")
    macro.update_state(labels, scores)
    assert macro.result().numpy() == pytest.approx(f1.mean(), rel=1e-5)
    y = rng.randn(25, 2).astype(np.float32)
    p = (y + 0.4 * rng.randn(25, 2)).astype(np.float32)
    r2 = 1 - ((y - p) ** 2).sum(0) / ((y - y.mean(0)) ** 2).sum(0)
    score = M.R2Score(class_aggregation=None)
    score.update_state(y, p)
    np.testing.assert_allclose(score.result().numpy(), r2, rtol=1e-5)
