"""TF1 APIs that TensorFlow 2.21 keeps only under tf.compat.v1: the reduced losses of
`tf.losses` (one number per call, not Keras' one loss per sample), `tf.layers`, whose
every name is an AttributeError since Keras 3, and the TF1 spellings of a few ops
(`arg_max`, `diag`, `nn.xw_plus_b`, `nn.in_top_k`'s argument order)."""
from __future__ import annotations

from autograd_cli.tensorflow import array_ops, math_ops, nn_ops
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.variables import GraphKeys
from autograd_cli.tensorflow.exports import tf_class, export_value, tf_export
from autograd_cli.tensorflow.modes import name_scope


@tf_export("compat.v1.arg_max", "arg_max")
def arg_max(input, dimension, output_type=dtypes.int64, name=None):   # noqa: A002
    return math_ops.argmax(input, dimension, output_type=output_type, name=name)


@tf_export("compat.v1.arg_min", "arg_min")
def arg_min(input, dimension, output_type=dtypes.int64, name=None):   # noqa: A002
    return math_ops.argmin(input, dimension, output_type=output_type, name=name)


@tf_export("compat.v1.diag", "diag")
def diag_v1(diagonal, name=None):
    """TF1's Diag op; for a vector (what TF1 code gives it) the matrix of linalg.diag."""
    from autograd_cli.tensorflow.linalg_ops import diag

    x = convert_to_tensor(diagonal)
    if x._shape is not None and len(x._shape) != 1:
        raise NotImplementedError("tf.diag of a tensor of rank other than 1 is not supported here "
                                  "(tf.linalg.diag makes a batch of diagonal matrices)")
    return array_ops.identity(diag(x), name=name or "Diag")


@tf_export("compat.v1.nn.xw_plus_b", "nn.xw_plus_b")
def xw_plus_b(x, weights, biases, name=None):
    with name_scope(name, "xw_plus_b") as scope:
        return nn_ops.bias_add(math_ops.matmul(x, weights), biases, name=scope or None)


@tf_export("math.count_nonzero", "compat.v1.count_nonzero", "count_nonzero")
def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=dtypes.int64, name=None,
                  reduction_indices=None, keep_dims=None, input=None):   # noqa: A002
    x = convert_to_tensor(input_tensor if input_tensor is not None else input)
    keep = bool(keepdims if keepdims is not None else keep_dims)
    with name_scope(name, "count_nonzero"):
        # (TensorFlow's count_nonzero_v2: a bool tensor is its own predicate)
        nonzero = x if x.dtype.is_bool else math_ops.not_equal(x, convert_to_tensor(0, dtype=x.dtype))
        counts = math_ops.reduce_sum(math_ops.cast(nonzero, dtypes.int64),
                                     axis if axis is not None else reduction_indices, keepdims=keep)
        return counts if dtypes.as_dtype(dtype) == dtypes.int64 else math_ops.cast(counts, dtype)


def _in_top_k(targets, predictions, k, name=None):
    """InTopKV2: whether each row's target class is among its k largest predictions (a tie at
    the boundary counts as in; a non-finite prediction or an out-of-range target is False)."""
    with name_scope(name, "in_top_k"):
        predictions = convert_to_tensor(predictions)
        targets = convert_to_tensor(targets)
        classes = predictions._shape[-1] if predictions._shape is not None else None
        if classes is None:
            raise NotImplementedError("in_top_k of predictions whose number of classes is unknown is not supported "
                                      "here")
        picked = math_ops.cast(array_ops.one_hot(targets, classes), dtypes.bool_)
        zeros = array_ops.zeros_like(predictions)
        target_value = math_ops.reduce_sum(array_ops.where(picked, predictions, zeros), 1, keepdims=True)
        above = math_ops.reduce_sum(math_ops.cast(math_ops.greater(predictions, target_value), dtypes.int32), 1)
        finite = math_ops.reduce_all(math_ops.is_finite(predictions), 1)
        valid = math_ops.logical_and(math_ops.greater_equal(targets, 0),
                                     math_ops.less(targets, math_ops.cast(classes, targets.dtype)))
        fits = math_ops.less(above, math_ops.cast(k, dtypes.int32))
        inside = math_ops.logical_and(fits, math_ops.logical_and(finite, valid))
        return array_ops.identity(inside, name="InTopKV2")


@tf_export("math.in_top_k", "nn.in_top_k")
def in_top_k(*args, **kwargs):
    """TF2's `tf.math.in_top_k(targets, predictions, k)`; in TF1 code `(predictions, targets, k)`
    (`import tensorflow` is tensorflow.compat.v1 there)."""
    return (in_top_k_v1 if ctx.v1 else _in_top_k)(*args, **kwargs)


@tf_export("compat.v1.nn.in_top_k", "compat.v1.math.in_top_k")
def in_top_k_v1(predictions, targets, k, name=None):
    return _in_top_k(targets, predictions, k, name=name)


def _categorical(*args, **kwargs):
    raise NotImplementedError("tf.random.categorical / tf.multinomial (sampling classes from logits) is not "
                              "supported here")


export_value("random.categorical", _categorical)
export_value("compat.v1.multinomial", _categorical)
export_value("multinomial", _categorical)




@tf_class("tensorflow.python.ops.losses.losses_impl.Reduction")
class Reduction:
    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS


export_value("compat.v1.losses.Reduction", Reduction)


@tf_export("compat.v1.losses.compute_weighted_loss")
def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """TF1's reduction: the weighted losses summed, then divided by the number of non-zero
    weights (each weight broadcast over the losses), or by the sum of the weights (MEAN)."""
    with name_scope(scope, "weighted_loss"):
        loss = _weighted_loss(losses, weights, reduction)
        add_loss(loss, loss_collection)
        return loss


@tf_export("compat.v1.losses.add_loss", "losses.add_loss")
def add_loss(loss, loss_collection=GraphKeys.LOSSES):
    """A loss joins the graph's collection (LOSSES: what losses.get_total_loss adds up);
    eagerly nothing happens."""
    if loss_collection and not ctx.eager:
        ctx.graph.add_to_collection(loss_collection, loss)


def _weighted_loss(losses, weights, reduction):
    losses = convert_to_tensor(losses)
    weights = math_ops.cast(convert_to_tensor(weights), losses.dtype)
    weighted = math_ops.multiply(losses, weights)
    if reduction == Reduction.NONE:
        return weighted
    total = math_ops.reduce_sum(weighted)
    if reduction == Reduction.SUM:
        return total
    if reduction == Reduction.MEAN:
        denominator = math_ops.reduce_sum(math_ops.multiply(array_ops.ones_like(losses), weights))
    elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
        denominator = math_ops.cast(array_ops.size(losses), losses.dtype)
    else:
        present = math_ops.cast(math_ops.not_equal(weights, 0.0), losses.dtype)
        denominator = math_ops.reduce_sum(math_ops.multiply(array_ops.ones_like(losses), present))
    return math_ops.div_no_nan(total, denominator, name="value")


def _floats(labels, predictions):
    predictions = convert_to_tensor(predictions)
    return math_ops.cast(convert_to_tensor(labels), predictions.dtype), predictions


@tf_export("compat.v1.losses.sparse_softmax_cross_entropy", "losses.sparse_softmax_cross_entropy")
def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                                 reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "sparse_softmax_cross_entropy_loss") as scoped:
        losses = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.softmax_cross_entropy", "losses.softmax_cross_entropy")
def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "softmax_cross_entropy_loss") as scoped:
        labels, logits = _floats(onehot_labels, logits)
        if label_smoothing:
            classes = math_ops.cast(array_ops.shape(labels)[-1], logits.dtype)
            labels = math_ops.add(math_ops.multiply(labels, 1.0 - label_smoothing),
                                  math_ops.divide(label_smoothing, classes))
        losses = nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.sigmoid_cross_entropy", "losses.sigmoid_cross_entropy")
def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "sigmoid_cross_entropy_loss") as scoped:
        labels, logits = _floats(multi_class_labels, logits)
        if label_smoothing:
            labels = math_ops.add(math_ops.multiply(labels, 1.0 - label_smoothing), 0.5 * label_smoothing)
        losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.mean_squared_error")   # (tf.losses.mean_squared_error: keras/__init__.py)
def mean_squared_error_v1(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "mean_squared_error") as scoped:
        labels, predictions = _floats(labels, predictions)
        losses = math_ops.squared_difference(predictions, labels)
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.absolute_difference", "losses.absolute_difference")
def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "absolute_difference") as scoped:
        labels, predictions = _floats(labels, predictions)
        losses = math_ops.abs(math_ops.subtract(predictions, labels))
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.log_loss", "losses.log_loss")
def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=GraphKeys.LOSSES,
             reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "log_loss") as scoped:
        labels, predictions = _floats(labels, predictions)
        losses = math_ops.subtract(
            math_ops.negative(math_ops.multiply(labels, math_ops.log(math_ops.add(predictions, epsilon)))),
            math_ops.multiply(math_ops.subtract(1.0, labels),
                              math_ops.log(math_ops.add(math_ops.subtract(1.0, predictions), epsilon))))
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.hinge_loss", "losses.hinge_loss")
def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "hinge_loss") as scoped:
        labels, logits = _floats(labels, logits)
        signs = math_ops.subtract(math_ops.multiply(2.0, labels), 1.0)
        losses = nn_ops.relu(math_ops.subtract(1.0, math_ops.multiply(signs, logits)))
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


@tf_export("compat.v1.losses.huber_loss", "losses.huber_loss")
def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    with name_scope(scope, "huber_loss") as scoped:
        labels, predictions = _floats(labels, predictions)
        error = math_ops.abs(math_ops.subtract(predictions, labels))
        quadratic = math_ops.minimum(error, delta)
        linear = math_ops.subtract(error, quadratic)
        losses = math_ops.add(math_ops.multiply(0.5, math_ops.square(quadratic)), math_ops.multiply(delta, linear))
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)


class _LayersGoneWithKeras3:
    """`tf.compat.v1.layers`: TensorFlow 2.21 keeps the name, and every attribute of it is an
    AttributeError (the TF1 layers were Keras 2's)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"`{name}` is not available with Keras 3.")

    def __repr__(self):
        return "<KerasLazyLoader (keras_3) keras._tf_keras.keras.__internal__.legacy.layers as layers mode=v1>"


export_value("compat.v1.layers", _LayersGoneWithKeras3())
export_value("layers", _LayersGoneWithKeras3())
