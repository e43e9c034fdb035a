"""keras.metrics' FBetaScore and F1Score (per class, or averaged: micro, macro, weighted) and
R2Score (per output, averaged or variance-weighted, adjusted for regressors), as Keras 3
counts them: their variables are made at the first update, from the shapes of rank-2 inputs."""
from __future__ import annotations

import warnings

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.losses import same_rank
from autograd_cli.tensorflow.keras.reduction_metrics import Metric, as_tensor, rank

EPSILON = 1e-7


def _check_rank_2(cls_name, y_true, y_pred):
    true_shape, pred_shape = tuple(y_true.shape.as_list()), tuple(y_pred.shape.as_list())
    if len(pred_shape) != 2 or len(true_shape) != 2:
        raise ValueError(f"{cls_name} expects 2D inputs with shape (batch_size, output_dim). Received input "
                         f"shapes: y_pred.shape={pred_shape} and y_true.shape={true_shape}.")
    return pred_shape[-1]


@tf_class("keras.src.metrics.f_score_metrics.FBetaScore")
class FBetaScore(Metric):
    def __init__(self, average=None, beta=1.0, threshold=None, name="fbeta_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if average not in (None, "micro", "macro", "weighted"):
            raise ValueError("Invalid `average` argument value. Expected one of: {None, 'micro', 'macro', "
                             f"'weighted'}}. Received: average={average}")
        if not isinstance(beta, float):
            raise ValueError(f"Invalid `beta` argument value. It should be a Python float. Received: beta={beta} "
                             f"of type '{type(beta)}'")
        if beta <= 0.0:
            raise ValueError(f"Invalid `beta` argument value. It should be > 0. Received: beta={beta}")
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError("Invalid `threshold` argument value. It should be a Python float. "
                                 f"Received: threshold={threshold} of type '{type(threshold)}'")
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError("Invalid `threshold` argument value. It should verify 0 < threshold <= 1. "
                                 f"Received: threshold={threshold}")
        self.average, self.beta, self.threshold = average, beta, threshold
        self.axis = None if average == "micro" else 0
        self._built = False

    def _build(self, y_true, y_pred):
        classes = _check_rank_2("FBetaScore", y_true, y_pred)
        shape = () if self.average == "micro" else (classes,)
        for name in ("true_positives", "false_positives", "false_negatives", "intermediate_weights"):
            setattr(self, name, self.add_variable(shape, "zeros", dtype=self.dtype, name=name))
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = as_tensor(y_true, self.dtype), as_tensor(y_pred, self.dtype)
        if not self._built:
            self._build(y_true, y_pred)
        if self.threshold is None:      # the best class of each sample (not a row of zeros)
            chosen = tf.logical_and(y_pred >= tf.reduce_max(y_pred, axis=-1, keepdims=True), tf.abs(y_pred) > 1e-9)
        else:
            chosen = y_pred > self.threshold
        y_pred = tf.cast(chosen, self.dtype)
        weight = None if sample_weight is None else tf.expand_dims(as_tensor(sample_weight, self.dtype), 1)

        def total(values):
            return tf.reduce_sum(values if weight is None else values * weight, axis=self.axis)
        self.true_positives.assign_add(total(y_pred * y_true))
        self.false_positives.assign_add(total(y_pred * (1 - y_true)))
        self.false_negatives.assign_add(total((1 - y_pred) * y_true))
        self.intermediate_weights.assign_add(total(y_true))

    def result(self):
        tp = tf.identity(self.true_positives)
        precision = tp / (tp + self.false_positives + EPSILON)
        recall = tp / (tp + self.false_negatives + EPSILON)
        beta2 = self.beta ** 2
        score = precision * recall / (beta2 * precision + recall + EPSILON) * (1 + beta2)
        if self.average == "weighted":
            weights = self.intermediate_weights / (tf.reduce_sum(self.intermediate_weights) + EPSILON)
            return tf.reduce_sum(score * weights)
        if self.average is not None:
            return tf.reduce_mean(score)
        return score

    def get_config(self):
        return {**super().get_config(), "average": self.average, "beta": self.beta, "threshold": self.threshold}


@tf_class("keras.src.metrics.f_score_metrics.F1Score")
class F1Score(FBetaScore):
    def __init__(self, average=None, threshold=None, name="f1_score", dtype=None):
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config


@tf_class("keras.src.metrics.regression_metrics.R2Score")
class R2Score(Metric):
    def __init__(self, class_aggregation="uniform_average", num_regressors=0, name="r2_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        valid = (None, "uniform_average", "variance_weighted_average")
        if class_aggregation not in valid:
            raise ValueError(f"Invalid value for argument `class_aggregation`. Expected one of {valid}. "
                             f"Received: class_aggregation={class_aggregation}")
        if num_regressors < 0:
            raise ValueError("Invalid value for argument `num_regressors`. Expected a value >= 0. "
                             f"Received: num_regressors={num_regressors}")
        self.class_aggregation, self.num_regressors = class_aggregation, num_regressors
        self.num_samples = self.add_variable((), "zeros", name="num_samples")
        self._built = False

    def _build(self, y_true, y_pred):
        outputs = _check_rank_2("R2Score", y_true, y_pred)
        self.squared_sum = self.add_variable([outputs], "zeros", name="squared_sum")
        self.sum = self.add_variable([outputs], "zeros", name="sum")
        self.total_mse = self.add_variable([outputs], "zeros", name="residual")
        self.count = self.add_variable([outputs], "zeros", name="count")
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = same_rank(as_tensor(y_true, self.dtype), as_tensor(y_pred, self.dtype))
        if not self._built:
            self._build(y_true, y_pred)
        weight = as_tensor(1.0 if sample_weight is None else sample_weight, self.dtype)
        if rank(weight) == 1:
            weight = tf.expand_dims(weight, 1)
        weight = tf.broadcast_to(weight, tf.shape(y_true))
        weighted = y_true * weight
        self.sum.assign_add(tf.reduce_sum(weighted, axis=0))
        self.squared_sum.assign_add(tf.reduce_sum(y_true * weighted, axis=0))
        self.total_mse.assign_add(tf.reduce_sum(tf.square(y_true - y_pred) * weight, axis=0))
        self.count.assign_add(tf.reduce_sum(weight, axis=0))
        self.num_samples.assign_add(tf.cast(tf.size(y_true), self.dtype))

    def result(self):
        mean = self.sum / self.count
        total = self.squared_sum - self.sum * mean
        raw = 1 - self.total_mse / total
        raw = tf.where(tf.math.is_inf(raw), tf.zeros_like(raw), raw)
        if self.class_aggregation == "uniform_average":
            score = tf.reduce_mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = tf.reduce_sum(total * raw) / tf.reduce_sum(total)
        else:
            score = raw
        if self.num_regressors != 0:
            samples = float(self.num_samples.numpy())
            if self.num_regressors > samples - 1:
                warnings.warn("More independent predictors than datapoints in adjusted R2 score. Falling back to "
                              "standard R2 score.", stacklevel=2)
            elif self.num_regressors == samples - 1:
                warnings.warn("Division by zero in Adjusted R2 score. Falling back to standard R2 score.",
                              stacklevel=2)
            else:
                score = 1.0 - (1.0 - score) * (samples - 1.0) / (samples - self.num_regressors - 1.0)
        return score

    def get_config(self):
        return {**super().get_config(), "class_aggregation": self.class_aggregation,
                "num_regressors": self.num_regressors}


CLASSES = {cls.__name__: cls for cls in (FBetaScore, F1Score, R2Score)}
__all__ = sorted(CLASSES)
