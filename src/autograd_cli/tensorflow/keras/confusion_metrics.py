"""The keras.metrics counted from a confusion matrix at thresholds, as Keras 3 counts them:
TruePositives, FalsePositives, TrueNegatives, FalseNegatives, Precision, Recall (thresholds,
top_k, class_id), the best of one rate where another reaches a value (SensitivityAtSpecificity,
SpecificityAtSensitivity, PrecisionAtRecall, RecallAtPrecision) and AUC (ROC, PR or PR gain, Riemann sums or Keras' interpolation; with
multi_label, a count per label and the labels' areas averaged).

A prediction is positive at threshold t when it is > t; labels are cast to bool. Thresholds
evenly spread over [0, 1] (AUC's, and a list such as [0, 0.5, 1]) are counted as Keras does
it, by bucketing each prediction at ceil(p * (n - 1)) - 1 and summing the buckets from the top
(its float32 rounding included); other thresholds by comparing each prediction with each."""
from __future__ import annotations

from enum import Enum

import numpy as np

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.losses import same_rank
from autograd_cli.tensorflow.keras.reduction_metrics import Metric, as_tensor, rank

NEG_INF = -1e10         # the threshold of a top_k metric: every prediction kept is above it
EPSILON = 1e-7


def _to_list(value):
    return list(value) if isinstance(value, (list, tuple, np.ndarray)) else [value]


def parse_thresholds(thresholds, default):
    if thresholds is not None:
        invalid = [t for t in _to_list(thresholds) if t is None or t < 0 or t > 1]
        if invalid:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: {invalid}")
    return _to_list(default if thresholds is None else thresholds)


def evenly_distributed(thresholds) -> bool:
    """Keras' is_evenly_distributed_thresholds: at least 3, i / (n - 1) each (to within 1e-7)."""
    count = len(thresholds)
    if count < 3:
        return False
    even = np.arange(count, dtype=np.float32) / (count - 1)
    return bool(np.allclose(np.asarray(thresholds, dtype=np.float64), even, atol=EPSILON))


def _weights_rank(y_true, sample_weight):
    """The sample weights with an axis added, then matched to the labels' rank (squeezed back
    where they had one axis more; never expanded)."""
    weight = tf.expand_dims(sample_weight, -1)
    if rank(weight) == rank(y_true) + 1 and weight.shape[-1] == 1:
        weight = tf.squeeze(weight, -1)
    return weight


def _top_k_only(y_pred, k):
    """The k largest predictions of the last axis kept, the others NEG_INF."""
    _, indices = tf.math.top_k(y_pred, k)
    keep = tf.reduce_sum(tf.one_hot(indices, y_pred.shape[-1], axis=-1), axis=-2)
    return y_pred * keep + NEG_INF * (1.0 - keep)


def update_confusion_matrix(variables, y_true, y_pred, thresholds, top_k=None, class_id=None, sample_weight=None,
                            evenly=False, multi_label=False):
    """Add to `variables` ({"tp" | "fp" | "tn" | "fn": variable of shape (len(thresholds),), or
    (len(thresholds), labels) with multi_label}) the weighted counts of this batch at each threshold."""
    dtype = next(iter(variables.values())).dtype
    y_true, y_pred = as_tensor(y_true, dtype), as_tensor(y_pred, dtype)
    with_epsilon = evenly and (thresholds[0] < 0.0 or thresholds[-1] > 1.0)
    y_pred, y_true = same_rank(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = _weights_rank(y_true, as_tensor(sample_weight, dtype))
    if top_k is not None:
        y_pred = _top_k_only(y_pred, top_k)
    if class_id is not None:
        if rank(y_pred) == 1:
            raise ValueError("When class_id is provided, y_pred must be a 2D array with shape (num_samples, "
                             f"num_classes), found shape: {tuple(y_pred.shape.as_list())}")
        y_true, y_pred = y_true[..., class_id:class_id + 1], y_pred[..., class_id:class_id + 1]
    shape = tf.shape(y_pred) if multi_label else [-1]       # (a label per column, else one flat list)
    weights = None if sample_weight is None else tf.reshape(tf.broadcast_to(sample_weight, tf.shape(y_pred)), shape)
    labels = tf.reshape(tf.cast(tf.cast(y_true, "bool"), dtype), shape)
    y_pred = tf.reshape(y_pred, shape)
    if evenly:
        counts = _bucketed_counts(labels, y_pred, len(thresholds), weights, with_epsilon)
    else:
        counts = _compared_counts(labels, y_pred, np.asarray(thresholds, dtype=np.float32), weights, dtype)
    for key, variable in variables.items():
        variable.assign_add(counts[key]())


def _bucketed_counts(labels, y_pred, count, weights, with_epsilon):
    """Counts at evenly spread thresholds: a prediction p in bucket ceil(p * (n - 1)) - 1 (from 0
    with the end thresholds below 0 and above 1) is above the thresholds of that bucket and lower.
    Labels in columns (multi_label) are bucketed column by column."""
    y_pred = tf.clip_by_value(y_pred, 0.0, 1.0)
    weights = 1.0 if weights is None else weights
    positives, negatives = labels * weights, (1.0 - labels) * weights
    buckets = tf.math.ceil(y_pred * tf.cast(count - 1, y_pred.dtype)) - 1.0
    if with_epsilon:
        buckets = tf.nn.relu(buckets)
    buckets = tf.cast(buckets, "int32")
    columns = 1 if rank(y_pred) == 1 else y_pred.shape[-1]
    if columns > 1 or rank(y_pred) > 1:      # column j's buckets are segments j * n ... j * n + n - 1
        offsets = tf.range(columns) * count
        buckets = tf.where(buckets >= 0, buckets + offsets, -tf.ones_like(buckets))

    def above(values):
        sums = tf.math.unsorted_segment_sum(values, buckets, count * columns)
        if rank(y_pred) == 1:
            return tf.cumsum(sums, reverse=True)
        return tf.transpose(tf.cumsum(tf.reshape(sums, [columns, count]), axis=1, reverse=True))
    tp, fp = above(positives), above(negatives)
    return {"tp": lambda: tp, "fp": lambda: fp, "fn": lambda: tf.reduce_sum(positives, axis=0) - tp,
            "tn": lambda: tf.reduce_sum(negatives, axis=0) - fp}


def _compared_counts(labels, y_pred, thresholds, weights, dtype):
    """Counts at any thresholds: each prediction compared with each (an axis of thresholds first)."""
    thresholds = tf.reshape(tf.constant(thresholds), [-1] + [1] * rank(y_pred))
    above = tf.greater(tf.expand_dims(y_pred, 0), thresholds)
    positive = tf.expand_dims(tf.cast(labels, "bool"), 0)

    def count(label, prediction):
        both = tf.logical_and(label, prediction)
        if weights is None:
            return tf.reduce_sum(tf.cast(both, dtype), axis=1)
        return tf.reduce_sum(tf.where(both, tf.broadcast_to(tf.expand_dims(weights, 0), tf.shape(both)),
                                      tf.zeros_like(tf.cast(both, dtype))), axis=1)
    return {"tp": lambda: count(positive, above), "fp": lambda: count(tf.logical_not(positive), above),
            "fn": lambda: count(positive, tf.logical_not(above)),
            "tn": lambda: count(tf.logical_not(positive), tf.logical_not(above))}


class _ConfusionCount(Metric):
    """One entry of the confusion matrix at each threshold (0.5 by default)."""

    _entry = None

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = parse_thresholds(thresholds, 0.5)
        self._evenly = evenly_distributed(self.thresholds)
        self.accumulator = self.add_variable((len(self.thresholds),), "zeros", name="accumulator")

    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix({self._entry: self.accumulator}, y_true, y_pred, self.thresholds,
                                sample_weight=sample_weight, evenly=self._evenly)

    def result(self):
        return self.accumulator[0] if len(self.thresholds) == 1 else self.accumulator     # (the variable, as Keras)

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


def _count_class(class_name, entry):
    cls = type(class_name, (_ConfusionCount,), {"_entry": entry})
    return tf_class(f"keras.src.metrics.confusion_metrics.{class_name}")(cls)


TruePositives = _count_class("TruePositives", "tp")
FalsePositives = _count_class("FalsePositives", "fp")
TrueNegatives = _count_class("TrueNegatives", "tn")
FalseNegatives = _count_class("FalseNegatives", "fn")


class _PrecisionOrRecall(Metric):
    """tp / (tp + other) at each threshold (0.5, or above NEG_INF with top_k), for one class with class_id."""

    _other = None

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds, self.top_k, self.class_id = thresholds, top_k, class_id
        self.thresholds = parse_thresholds(thresholds, 0.5 if top_k is None else NEG_INF)
        self._evenly = evenly_distributed(self.thresholds)
        size = (len(self.thresholds),)
        self.true_positives = self.add_variable(size, "zeros", name="true_positives")
        other = {"fp": "false_positives", "fn": "false_negatives"}[self._other]
        setattr(self, other, self.add_variable(size, "zeros", name=other))
        self._other_variable = getattr(self, other)

    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix({"tp": self.true_positives, self._other: self._other_variable}, y_true, y_pred,
                                self.thresholds, top_k=self.top_k, class_id=self.class_id,
                                sample_weight=sample_weight, evenly=self._evenly)

    def result(self):
        tp = tf.identity(self.true_positives)
        result = tf.math.divide_no_nan(tp, tp + self._other_variable)
        return result[0] if len(self.thresholds) == 1 else result

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds, "top_k": self.top_k,
                "class_id": self.class_id}


@tf_class("keras.src.metrics.confusion_metrics.Precision")
class Precision(_PrecisionOrRecall):
    _other = "fp"


@tf_class("keras.src.metrics.confusion_metrics.Recall")
class Recall(_PrecisionOrRecall):
    _other = "fn"


class _AtValue(Metric):
    """The best of one rate where another reaches `value`, over num_thresholds thresholds (0,
    evenly spread ones, 1; 0.5 alone for one): Keras' SensitivitySpecificityBase."""

    _value_name = None

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        if value < 0 or value > 1:
            raise ValueError(f"Argument `{self._value_name}` must be in the range [0, 1]. "
                             f"Received: {self._value_name}={value}")
        setattr(self, self._value_name, value)
        self.value, self.num_thresholds = value, num_thresholds
        super().__init__(name=name, dtype=dtype)
        if num_thresholds <= 0:
            raise ValueError(f"Argument `num_thresholds` must be an integer > 0. Received: num_thresholds={num_thresholds}")
        self.class_id = class_id
        if num_thresholds == 1:
            self.thresholds, self._evenly = [0.5], False
        else:
            self.thresholds = [0.0] + [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)] + [1.0]
            self._evenly = True
        size = (len(self.thresholds),)
        self.true_positives = self.add_variable(size, "zeros", name="true_positives")
        self.false_positives = self.add_variable(size, "zeros", name="false_positives")
        self.true_negatives = self.add_variable(size, "zeros", name="true_negatives")
        self.false_negatives = self.add_variable(size, "zeros", name="false_negatives")

    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix({"tp": self.true_positives, "tn": self.true_negatives, "fp": self.false_positives,
                                 "fn": self.false_negatives}, y_true, y_pred, self.thresholds,
                                class_id=self.class_id, sample_weight=sample_weight, evenly=self._evenly)

    def _rates(self):
        tp, fp = tf.identity(self.true_positives), tf.identity(self.false_positives)
        tn, fn = tf.identity(self.true_negatives), tf.identity(self.false_negatives)
        return {"recall": tf.math.divide_no_nan(tp, tp + fn), "specificity": tf.math.divide_no_nan(tn, tn + fp),
                "precision": tf.math.divide_no_nan(tp, tp + fp)}

    def result(self):
        """The largest `dependent` rate at the thresholds where the constrained one is >= value (0 if none)."""
        rates = self._rates()
        constrained, dependent = rates[self._constrained], rates[self._dependent]
        best = tf.reduce_max(tf.where(constrained >= self.value, dependent, tf.zeros_like(dependent)))
        return tf.maximum(best, 0.0)

    def get_config(self):
        return {**super().get_config(), "class_id": self.class_id, "num_thresholds": self.num_thresholds,
                self._value_name: self.value}


def _at_value_class(class_name, value_name, constrained, dependent):
    cls = type(class_name, (_AtValue,), {"_value_name": value_name, "_constrained": constrained,
                                         "_dependent": dependent})
    return tf_class(f"keras.src.metrics.confusion_metrics.{class_name}")(cls)


SensitivityAtSpecificity = _at_value_class("SensitivityAtSpecificity", "specificity", "specificity", "recall")
SpecificityAtSensitivity = _at_value_class("SpecificityAtSensitivity", "sensitivity", "recall", "specificity")
PrecisionAtRecall = _at_value_class("PrecisionAtRecall", "recall", "recall", "precision")
RecallAtPrecision = _at_value_class("RecallAtPrecision", "precision", "precision", "recall")


@tf_class("keras.src.metrics.metrics_utils.AUCCurve")
class AUCCurve(Enum):
    ROC = "ROC"
    PR = "PR"
    PRGAIN = "PRGAIN"


@tf_class("keras.src.metrics.metrics_utils.AUCSummationMethod")
class AUCSummationMethod(Enum):
    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"


_CURVES = {"ROC": AUCCurve.ROC, "roc": AUCCurve.ROC, "PR": AUCCurve.PR, "pr": AUCCurve.PR, "PRGAIN": AUCCurve.PRGAIN,
           "prgain": AUCCurve.PRGAIN}
_SUMMATIONS = {"interpolation": AUCSummationMethod.INTERPOLATION, "Interpolation": AUCSummationMethod.INTERPOLATION,
               "majoring": AUCSummationMethod.MAJORING, "Majoring": AUCSummationMethod.MAJORING,
               "minoring": AUCSummationMethod.MINORING, "Minoring": AUCSummationMethod.MINORING}


@tf_class("keras.src.metrics.confusion_metrics.AUC")
class AUC(Metric):
    """The area under the ROC curve (false positive rate, recall), the PR curve (recall,
    precision) or the PR gain curve, from the confusion matrix at num_thresholds thresholds: (num_thresholds - 2)
    evenly in (0, 1), and -1e-7 and 1 + 1e-7 at the ends."""

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation", name=None, dtype=None,
                 thresholds=None, multi_label=False, num_labels=None, label_weights=None, from_logits=False):
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            thresholds = sorted(thresholds)
            self._evenly = evenly_distributed([0.0] + thresholds + [1.0])
        else:
            if num_thresholds <= 1:
                raise ValueError("Argument `num_thresholds` must be an integer > 1. "
                                 f"Received: num_thresholds={num_thresholds}")
            self.num_thresholds = num_thresholds
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._evenly = True
        self._thresholds = np.array([0.0 - EPSILON] + thresholds + [1.0 + EPSILON])
        curve = curve.value if isinstance(curve, AUCCurve) else curve
        summation_method = summation_method.value if isinstance(summation_method, AUCSummationMethod) \
            else summation_method
        if curve not in _CURVES:
            raise ValueError(f'Invalid AUC curve value: "{curve}". Expected values are ["PR", "ROC", "PRGAIN"]')
        if summation_method not in _SUMMATIONS:
            raise ValueError(f'Invalid AUC summation method value: "{summation_method}". '
                             'Expected values are ["interpolation", "majoring", "minoring"]')
        self.curve, self.summation_method = _CURVES[curve], _SUMMATIONS[summation_method]
        super().__init__(name=name, dtype=dtype)
        self.multi_label, self.num_labels = multi_label, num_labels
        self.label_weights = None if label_weights is None else tf.constant(np.asarray(label_weights, np.float32))
        self._from_logits = from_logits
        self._built = False
        if not multi_label:
            if num_labels:
                raise ValueError("`num_labels` is needed only when `multi_label` is True.")
            self._build(None)
        elif num_labels:
            self._build([None, num_labels])

    def _build(self, shape):
        """The four counts: one per threshold, or per threshold and label (multi_label: the
        labels are the columns of the first y_pred, unless num_labels says)."""
        size = [self.num_thresholds]
        if self.multi_label:
            if len(shape) != 2:
                raise ValueError(f"`y_pred` must have rank 2 when `multi_label=True`. Found rank {len(shape)}. "
                                 f"Full shape received for `y_pred`: {shape}")
            size.append(shape[1])
        self.true_positives = self.add_variable(size, "zeros", name="true_positives")
        self.false_positives = self.add_variable(size, "zeros", name="false_positives")
        self.true_negatives = self.add_variable(size, "zeros", name="true_negatives")
        self.false_negatives = self.add_variable(size, "zeros", name="false_negatives")
        self._built = True

    def reset_state(self):
        if self._built:
            super().reset_state()

    @property
    def thresholds(self):
        return list(self._thresholds)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self._built:
            y_pred = as_tensor(y_pred, self.dtype)
            self._build(tuple(y_pred.shape.as_list()))
        if self._from_logits:
            y_pred = tf.sigmoid(as_tensor(y_pred, self.dtype))
        if self.label_weights is not None and not self.multi_label:     # (per class: they multiply the sample weights)
            y_pred = as_tensor(y_pred, self.dtype)
            weights = tf.broadcast_to(self.label_weights, tf.shape(y_pred))
            if sample_weight is not None:
                weights = weights * tf.broadcast_to(_weights_rank(y_pred, as_tensor(sample_weight, self.dtype)),
                                                    tf.shape(y_pred))
            sample_weight = weights
        update_confusion_matrix({"tp": self.true_positives, "tn": self.true_negatives, "fp": self.false_positives,
                                 "fn": self.false_negatives}, y_true, y_pred, list(self._thresholds),
                                sample_weight=sample_weight, evenly=self._evenly, multi_label=self.multi_label)

    def _by_label(self, areas):
        """The area: summed over the thresholds; with multi_label, the labels' areas averaged
        (weighted by label_weights)."""
        areas = tf.reduce_sum(areas, axis=0)
        if not self.multi_label:
            return areas
        if self.label_weights is None:
            return tf.reduce_mean(areas)
        return tf.math.divide_no_nan(tf.reduce_sum(areas * self.label_weights), tf.reduce_sum(self.label_weights))

    def _interpolated_pr(self, tp, fp, fn):
        """Keras' PR interpolation: within each pair of thresholds precision follows tp against
        tp + fp linearly, integrated exactly over recall."""
        n = self.num_thresholds
        dtp = tp[:n - 1] - tp[1:]
        p = tp + fp
        dp = p[:n - 1] - p[1:]
        slope = tf.math.divide_no_nan(dtp, tf.maximum(dp, 0.0))
        intercept = tp[1:] - slope * p[1:]
        both = tf.logical_and(p[:n - 1] > 0, p[1:] > 0)
        ratio = tf.where(both, tf.math.divide_no_nan(p[:n - 1], tf.maximum(p[1:], 0.0)), tf.ones_like(p[1:]))
        increments = tf.math.divide_no_nan(slope * (dtp + intercept * tf.math.log(ratio)),
                                           tf.maximum(tp[1:] + fn[1:], 0.0))
        return self._by_label(increments)

    @staticmethod
    def _gains(tp, fp, tn, fn):
        """Keras' precision-recall gain: both scaled by positives / negatives; without true
        positives the recall gain is 0 and the precision gain 1, a negative recall gain 0."""
        scale = tf.math.divide_no_nan(tp + fn, tn + fp)
        recall_gain = 1.0 - scale * tf.math.divide_no_nan(fn, tp)
        precision_gain = 1.0 - scale * tf.math.divide_no_nan(fp, tp)
        none = tf.equal(tp, 0.0)
        recall_gain = tf.where(none, tf.zeros_like(tp), recall_gain)
        precision_gain = tf.where(none, tf.ones_like(tp), precision_gain)
        return tf.maximum(recall_gain, 0.0), precision_gain

    def result(self):
        tp, fp = tf.identity(self.true_positives), tf.identity(self.false_positives)
        tn, fn = tf.identity(self.true_negatives), tf.identity(self.false_negatives)
        if self.curve is AUCCurve.PR and self.summation_method is AUCSummationMethod.INTERPOLATION:
            return self._interpolated_pr(tp, fp, fn)
        recall = tf.math.divide_no_nan(tp, tp + fn)
        if self.curve is AUCCurve.ROC:
            x, y = tf.math.divide_no_nan(fp, fp + tn), recall
        elif self.curve is AUCCurve.PR:
            x, y = recall, tf.math.divide_no_nan(tp, tp + fp)
        else:
            x, y = self._gains(tp, fp, tn, fn)
        n = self.num_thresholds
        if self.summation_method is AUCSummationMethod.INTERPOLATION:
            heights = (y[:n - 1] + y[1:]) / 2.0
        elif self.summation_method is AUCSummationMethod.MINORING:
            heights = tf.minimum(y[:n - 1], y[1:])
        else:
            heights = tf.maximum(y[:n - 1], y[1:])
        return self._by_label((x[:n - 1] - x[1:]) * heights)

    def get_config(self):
        config = {**super().get_config(), "num_thresholds": self.num_thresholds, "curve": self.curve.value,
                  "summation_method": self.summation_method.value, "multi_label": self.multi_label,
                  "num_labels": self.num_labels,
                  "label_weights": None if self.label_weights is None else self.label_weights.numpy().tolist(),
                  "from_logits": self._from_logits}
        if self._init_from_thresholds:
            config["thresholds"] = self.thresholds[1:-1]
        return config


CLASSES = {cls.__name__: cls for cls in (TruePositives, FalsePositives, TrueNegatives, FalseNegatives, Precision,
                                         Recall, AUC, SensitivityAtSpecificity, SpecificityAtSensitivity,
                                         PrecisionAtRecall, RecallAtPrecision)}
__all__ = sorted(CLASSES)
