"""tf.compat.v1.metrics: streaming metrics of a graph. Each call makes its local variables
(float32 zeros, named METRIC/total, METRIC/count, ... in the GraphKeys.LOCAL_VARIABLES and
GraphKeys.METRIC_VARIABLES collections: tf.local_variables_initializer() starts them) and returns
(value, update_op): the metric of what the variables hold, and the op that adds a batch to
them and gives the metric after it. TensorFlow's compositions, names and dtypes."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import array_ops as a
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_export



def _graph_only(what):
    if ctx.eager:
        raise RuntimeError(f"tf.metrics.{what} is not supported when eager execution is enabled.")


def _metric_variable(shape, kind, name):
    from autograd_cli.tensorflow.variables import GraphKeys, Variable

    return Variable(lambda: a.zeros(shape, kind), trainable=False, collections=[GraphKeys.LOCAL_VARIABLES, GraphKeys.METRIC_VARIABLES],
                    name=name)


def _scope(name, default):
    from autograd_cli.tensorflow.variable_scopes import variable_scope

    return variable_scope(name, default)


def _collect(collections, value):
    for key in collections or ():
        ctx.graph.add_to_collection(key, value)


def _rank(t):
    return None if t._shape is None else len(t._shape)


def _squeezable(labels, predictions):
    """TensorFlow's remove_squeezable_dimensions: a trailing dimension of 1 that one of the
    two has and the other has not is squeezed."""
    lr, pr = _rank(labels), _rank(predictions)
    if lr is not None and pr is not None:
        if pr - lr == 1 and predictions._shape[-1] == 1:
            predictions = a.squeeze(predictions, [-1])
        elif lr - pr == 1 and labels._shape[-1] == 1:
            labels = a.squeeze(labels, [-1])
    return labels, predictions


def _prepare(predictions, labels, weights):
    """predictions, labels and weights brought to matching ranks (TF's _remove_squeezable_dimensions)."""
    predictions = convert_to_tensor(predictions)
    if labels is not None:
        labels, predictions = _squeezable(convert_to_tensor(labels), predictions)
        ps, ls = predictions.shape, labels.shape
        if not ps.is_compatible_with(ls):
            raise ValueError(f"Shapes {ps} and {ls} are incompatible")
    if weights is None:
        return predictions, labels, None
    weights = convert_to_tensor(weights)
    wr, pr = _rank(weights), _rank(predictions)
    if wr and pr is not None:
        if wr - pr == 1:
            weights = a.squeeze(weights, [-1])
        elif pr - wr == 1:
            weights = a.expand_dims(weights, -1)
    return predictions, labels, weights


def _broadcast_weights(weights, values):
    return m.multiply(weights, a.ones_like(values))


@tf_export("compat.v1.metrics.mean", "metrics.mean")
def mean(values, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _graph_only("mean")
    with _scope(name, "mean"):
        values = m.cast(values, dtypes.float32)
        total = _metric_variable([], dtypes.float32, "total")
        count = _metric_variable([], dtypes.float32, "count")
        if weights is None:
            num_values = m.cast(a.size(values), dtypes.float32)
        else:
            values, _, weights = _prepare(values, None, weights)
            weights = _broadcast_weights(m.cast(weights, dtypes.float32), values)
            values = m.multiply(values, weights)
            num_values = m.reduce_sum(weights)
        update_total = total.assign_add(m.reduce_sum(values))
        update_count = count.assign_add(num_values)
        value = m.div_no_nan(total, m.maximum(count, 0), name="value")
        _collect(metrics_collections, value)
        update = m.div_no_nan(update_total, m.maximum(update_count, 0), name="update_op")
        _collect(updates_collections, update)
        return value, update


@tf_export("compat.v1.metrics.accuracy", "metrics.accuracy")
def accuracy(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _graph_only("accuracy")
    predictions, labels, weights = _prepare(predictions, labels, weights)
    if labels.dtype != predictions.dtype:
        predictions = m.cast(predictions, labels.dtype)
    correct = m.cast(m.equal(predictions, labels), dtypes.float32)
    return mean(correct, weights, metrics_collections, updates_collections, name or "accuracy")


def _mean_error(kind, error):
    """tf.metrics.KIND: the mean of error(labels, predictions)."""
    def metric(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
        _graph_only(kind)
        predictions, labels, weights = _prepare(predictions, labels, weights)
        return mean(error(labels, predictions), weights, metrics_collections, updates_collections, name or kind)
    metric.__name__ = metric.__qualname__ = kind
    return tf_export(f"compat.v1.metrics.{kind}", f"metrics.{kind}")(metric)


mean_absolute_error = _mean_error("mean_absolute_error",
                                  lambda labels, predictions: m.abs(m.subtract(predictions, labels)))
mean_squared_error = _mean_error("mean_squared_error", lambda labels, predictions: m.squared_difference(labels, predictions))


@tf_export("compat.v1.metrics.root_mean_squared_error", "metrics.root_mean_squared_error")
def root_mean_squared_error(labels, predictions, weights=None, metrics_collections=None, updates_collections=None,
                            name=None):
    _graph_only("root_mean_squared_error")
    predictions, labels, weights = _prepare(predictions, labels, weights)
    mse, update_mse = mean_squared_error(labels, predictions, weights, None, None, name or "root_mean_squared_error")
    value, update = m.sqrt(mse), m.sqrt(update_mse)
    _collect(metrics_collections, value)
    _collect(updates_collections, update)
    return value, update


def _count(kind, condition, labels, predictions, weights, metrics_collections, updates_collections, name):
    """true_positives and the others: a float32 count of where the condition holds (weighted)."""
    _graph_only(kind)
    with _scope(name, kind):
        predictions, labels, weights = _prepare(m.cast(predictions, dtypes.bool_), m.cast(labels, dtypes.bool_),
                                                weights)
        holds = m.cast(condition(labels, predictions), dtypes.float32)
        count = _metric_variable([], dtypes.float32, "count")
        if weights is not None:
            holds = m.multiply(holds, m.cast(weights, dtypes.float32))
        value = a.identity(count)
        _collect(metrics_collections, value)
        update = count.assign_add(m.reduce_sum(holds))
        _collect(updates_collections, update)
        return value, update


def _counter(kind, condition):
    """tf.metrics.KIND: the count of where condition(labels, predictions) holds."""
    def count(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
        return _count(kind, condition, labels, predictions, weights, metrics_collections, updates_collections, name)
    count.__name__ = count.__qualname__ = kind
    return tf_export(f"compat.v1.metrics.{kind}", f"metrics.{kind}")(count)


true_positives = _counter("true_positives", lambda labels, predictions: m.logical_and(labels, predictions))
false_positives = _counter("false_positives",
                           lambda labels, predictions: m.logical_and(m.logical_not(labels), predictions))
false_negatives = _counter("false_negatives",
                           lambda labels, predictions: m.logical_and(labels, m.logical_not(predictions)))
true_negatives = _counter("true_negatives", lambda labels, predictions: m.logical_and(m.logical_not(labels),
                                                                                      m.logical_not(predictions)))


def _ratio(kind, other, labels, predictions, weights, metrics_collections, updates_collections, name):
    """precision (tp / (tp + fp)) and recall (tp / (tp + fn)); 0 while nothing is counted."""
    with _scope(name, kind):
        predictions, labels, weights = _prepare(m.cast(predictions, dtypes.bool_), m.cast(labels, dtypes.bool_),
                                                weights)
        tp, tp_update = true_positives(labels, predictions, weights)
        rest, rest_update = other(labels, predictions, weights)

        def ratio(hits, misses, op_name):
            both = m.add(hits, misses)
            return a.where(m.greater(both, 0), m.divide(hits, both), 0, name=op_name)
        value = ratio(tp, rest, "value")
        _collect(metrics_collections, value)
        update = ratio(tp_update, rest_update, "update_op")
        _collect(updates_collections, update)
        return value, update


@tf_export("compat.v1.metrics.precision", "metrics.precision")
def precision(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    _graph_only("precision")
    return _ratio("precision", false_positives, labels, predictions, weights, metrics_collections,
                  updates_collections, name)


@tf_export("compat.v1.metrics.recall", "metrics.recall")
def recall(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    if ctx.eager:
        raise RuntimeError("tf.metrics.recall is not supported is not supported when eager execution is enabled.")
    return _ratio("recall", false_negatives, labels, predictions, weights, metrics_collections,
                  updates_collections, name)


def _counts_at_thresholds(labels, predictions, thresholds, weights):
    """Per threshold, the (weighted) true/false positives/negatives of `prediction > threshold`."""
    predictions, labels, weights = _prepare(m.cast(predictions, dtypes.float32), m.cast(labels, dtypes.bool_),
                                            weights)
    column = a.reshape(predictions, [1, -1])
    row_labels = a.reshape(labels, [1, -1])
    cuts = a.expand_dims(a.constant(np.array(thresholds, np.float32)), 1)
    positive = m.greater(column, cuts)                    # [thresholds, predictions]
    negative = m.logical_not(positive)
    label_positive = a.tile(row_labels, [len(thresholds), 1])
    label_negative = m.logical_not(label_positive)
    tiled = None
    if weights is not None:
        tiled = a.tile(a.reshape(_broadcast_weights(m.cast(weights, dtypes.float32), predictions), [1, -1]),
                       [len(thresholds), 1])
    values, updates = {}, {}
    for key, name, first, second in (("tp", "true_positives", label_positive, positive),
                                     ("fn", "false_negatives", label_positive, negative),
                                     ("tn", "true_negatives", label_negative, negative),
                                     ("fp", "false_positives", label_negative, positive)):
        var = _metric_variable([len(thresholds)], dtypes.float32, name)
        hits = m.cast(m.logical_and(first, second), dtypes.float32)
        if tiled is not None:
            hits = m.multiply(hits, tiled)
        updates[key] = var.assign_add(m.reduce_sum(hits, 1))
        values[key] = var
    return values, updates


@tf_export("compat.v1.metrics.auc", "metrics.auc")
def auc(labels, predictions, weights=None, num_thresholds=200, metrics_collections=None, updates_collections=None,
        curve="ROC", name=None, summation_method="trapezoidal", thresholds=None):
    """The area under the ROC (or PR) curve of the counts at num_thresholds thresholds
    spread over [0, 1] (and one just below 0 and one just above 1)."""
    _graph_only("auc")
    with _scope(name, "auc"):
        if curve not in ("ROC", "PR"):
            raise ValueError(f"Curve must be either ROC or PR. Curve {curve} is unknown.")
        if summation_method not in ("trapezoidal", "careful_interpolation", "minoring", "majoring"):
            raise ValueError(f"Invalid summation_method: {summation_method} summation_method should be "
                             "'trapezoidal', 'careful_interpolation', 'minoring', or 'majoring'.")
        kepsilon = 1e-7
        if thresholds is not None:
            inner = sorted(thresholds)
            num_thresholds = len(inner) + 2
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        cuts = [0.0 - kepsilon] + inner + [1.0 + kepsilon]
        values, updates = _counts_at_thresholds(labels, predictions, cuts, weights)
        n = num_thresholds
        epsilon = 1.0e-6

        def head(t):
            return t[:n - 1]

        def tail(t):
            return t[1:]

        def interpolate_pr(tp, fp, fn):
            dtp = m.subtract(head(tp), tail(tp))
            p = m.add(tp, fp)
            slope = m.div_no_nan(dtp, m.maximum(m.subtract(head(p), tail(p)), 0), name="prec_slope")
            intercept = m.subtract(tail(tp), m.multiply(slope, tail(p)))
            ratio = a.where(m.logical_and(m.greater(head(p), 0), m.greater(tail(p), 0)),
                            m.div_no_nan(head(p), m.maximum(tail(p), 0), name="recall_relative_ratio"),
                            a.ones_like(tail(p)))
            return m.reduce_sum(m.div_no_nan(m.multiply(slope, m.add(dtp, m.multiply(intercept, m.log(ratio)))),
                                             m.maximum(m.add(tail(tp), tail(fn)), 0), name="pr_auc_increment"),
                                name="interpolate_pr_auc")

        def area(tp, fn, tn, fp, op_name):
            if curve == "PR" and summation_method == "careful_interpolation":
                return interpolate_pr(tp, fp, fn)
            if curve == "PR" and summation_method == "trapezoidal":
                from autograd_cli.tensorflow.tf1_boilerplate import _LOGGING

                _LOGGING.warning('Trapezoidal rule is known to produce incorrect PR-AUCs; please switch to '
                                 '"careful_interpolation" instead.')
            rec = m.divide(m.add(tp, epsilon), m.add(m.add(tp, fn), epsilon))
            if curve == "ROC":
                x, y = m.divide(fp, m.add(m.add(fp, tn), epsilon)), rec
            else:
                x, y = rec, m.divide(m.add(tp, epsilon), m.add(m.add(tp, fp), epsilon))
            widths = m.subtract(head(x), tail(x))
            if summation_method == "minoring":
                heights = m.minimum(head(y), tail(y))
            elif summation_method == "majoring":
                heights = m.maximum(head(y), tail(y))
            else:
                heights = m.divide(m.add(head(y), tail(y)), 2.0)
            return m.reduce_sum(m.multiply(widths, heights), name=op_name)
        value = area(values["tp"], values["fn"], values["tn"], values["fp"], "value")
        _collect(metrics_collections, value)
        update = area(updates["tp"], updates["fn"], updates["tn"], updates["fp"], "update_op")
        _collect(updates_collections, update)
        return value, update
