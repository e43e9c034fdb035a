"""keras.losses as TensorFlow 2.21 exports it (`tf.keras.losses`): the loss functions give one
loss per sample; the crossentropies, MSE, MAE, Huber and log-cosh are the `.ag` built-ins of the
same names (one formula for both), the others TensorFlow ops as Keras composes them; the loss
classes reduce them (`sum_over_batch_size` by default, `sum`, `none`, `mean_with_sample_weight`),
with sample weights and a loss's Keras mask (ignore_class) as Keras 3's reduce_weighted_values.

As Keras does, a crossentropy works from the logits when y_pred is a softmax (sigmoid)
output that Keras can see: in graph mode (and inside tf.function) the Softmax op's input;
eagerly, the output of a Keras activation, layer or Dense(activation="softmax"). An eager
tf.nn.softmax output is plain probabilities, clipped to [1e-7, 1 - 1e-7]."""
from __future__ import annotations

from autograd_cli.tensorflow.keras._support import MASKS, as_float_tensor, bind_arguments, keras_logits, tf
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.math_ops import builtin_op

REDUCTIONS = ("sum_over_batch_size", "sum", "none", None, "mean", "mean_with_sample_weight")


def _inputs(y_true, y_pred):
    """Keras' convert_to_tensor: a NumPy float64 array stays float64 in a loss function (a loss
    object converts to float32 first); y_true takes y_pred's dtype."""
    y_pred = tf.convert_to_tensor(y_pred)
    if not y_pred.dtype.is_floating:
        y_pred = tf.cast(y_pred, "float32")
    return tf.cast(tf.convert_to_tensor(y_true), y_pred.dtype), y_pred


def _matching(y_true, y_pred):
    """Keras 3's checks in its crossentropies (TensorFlow backend) before any op: the same rank,
    and the same size on every axis both know."""
    if y_true.shape.rank in (None, 0) or y_pred.shape.rank is None:
        return
    true_shape, pred_shape = y_true.shape.as_list(), y_pred.shape.as_list()
    received = f"Received: target.shape={tuple(true_shape)}, output.shape={tuple(pred_shape)}"
    if len(true_shape) != len(pred_shape):
        raise ValueError(f"Arguments `target` and `output` must have the same rank (ndim). {received}")
    if any(a is not None and b is not None and a != b for a, b in zip(true_shape, pred_shape)):
        raise ValueError(f"Arguments `target` and `output` must have the same shape. {received}")


def same_rank(y_true, y_pred):
    """Keras' squeeze_or_expand_to_same_rank, as compile's losses and metrics apply it: labels
    of shape (N,) against predictions of shape (N, 1) become (N, 1) (a last axis of 1 is
    squeezed when the ranks differ otherwise)."""
    true_rank, pred_rank = len(y_true.shape), len(y_pred.shape)
    if pred_rank == true_rank + 1 and y_pred.shape[-1] == 1:
        if true_rank == 1:
            return tf.expand_dims(y_true, -1), y_pred
        return y_true, tf.squeeze(y_pred, -1)
    if true_rank == pred_rank + 1 and y_true.shape[-1] == 1:
        if pred_rank == 1:
            return y_true, tf.expand_dims(y_pred, -1)
        return tf.squeeze(y_true, -1), y_pred
    return y_true, y_pred


def _graph_op_input(y_pred, op_type):
    op = getattr(y_pred, "op", None)
    if tf.executing_eagerly() or op is None or getattr(op, "type", None) != op_type:
        return None
    return op.inputs[0]


def _logits_or_probabilities(y_pred, from_logits, op_type):
    """Keras' _get_logits: (tensor, from_logits) with the logits found where Keras finds them."""
    logits = keras_logits(y_pred)
    if logits is None:
        logits = _graph_op_input(y_pred, op_type)
    if logits is not None:
        return logits, True
    if from_logits:
        return y_pred, True
    # probabilities: the built-in must not look through them for a softmax either
    return tf.identity(y_pred), False


def _loss(op_type, builtin, y_true, y_pred, **static):
    return builtin_op(op_type, builtin, {"y_true": y_true, "y_pred": y_pred}, static, y_pred.dtype)


@tf_export(builtin="categorical_crossentropy")
def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _inputs(y_true, y_pred)
    _matching(y_true, y_pred)
    y_pred, from_logits = _logits_or_probabilities(y_pred, from_logits, "Softmax")
    return _loss("CategoricalCrossentropy", "categorical_crossentropy", y_true, y_pred, from_logits=from_logits,
                 label_smoothing=float(label_smoothing), axis=int(axis))


@tf_export(builtin="binary_crossentropy")
def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _inputs(y_true, y_pred)
    _matching(y_true, y_pred)
    y_pred, from_logits = _logits_or_probabilities(y_pred, from_logits, "Sigmoid")
    return _loss("BinaryCrossentropy", "binary_crossentropy", y_true, y_pred, from_logits=from_logits,
                 label_smoothing=float(label_smoothing), axis=int(axis))


@tf_export(builtin="sparse_categorical_crossentropy")
def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    y_true, y_pred = _inputs(y_true, y_pred)    # labels of any dtype give a float loss
    if ignore_class is None:
        y_pred, from_logits = _logits_or_probabilities(y_pred, from_logits, "Softmax")
        return _loss("SparseCategoricalCrossentropy", "sparse_categorical_crossentropy", y_true, y_pred,
                     from_logits=from_logits, axis=int(axis))
    return _ignoring_class(y_true, y_pred, from_logits, ignore_class, int(axis))


def _ignoring_class(y_true, y_pred, from_logits, ignore_class, axis):
    """Keras 3's ignore_class: the ignored labels' rows become class 0 of zero predictions (so
    Keras no longer sees a softmax's logits behind them: probabilities are clipped), their
    losses 0, and the result carries the mask of the others, which a loss object's reduction
    uses (the mean is over the labels kept)."""
    rank = len(y_pred.shape)
    if len(y_true.shape) == rank and y_true.shape[axis] == 1:
        y_true = tf.squeeze(y_true, axis=axis)
    class_axis = axis % rank
    result_shape = [d for i, d in enumerate(y_pred.shape.as_list()) if i != class_axis]
    valid = tf.not_equal(y_true, tf.cast(ignore_class, y_pred.dtype))
    y_true = tf.where(valid, y_true, tf.zeros_like(y_true))
    y_pred = tf.where(tf.expand_dims(valid, axis), y_pred, tf.zeros_like(y_pred))
    y_pred, from_logits = _logits_or_probabilities(y_pred, from_logits, "Softmax")
    result = _loss("SparseCategoricalCrossentropy", "sparse_categorical_crossentropy", y_true, y_pred,
                   from_logits=from_logits, axis=axis)
    valid = tf.reshape(valid, [-1 if d is None else d for d in result_shape])
    result = tf.where(valid, result, tf.zeros_like(result))
    return MASKS.set(result, valid)


def keras_mask(tensor):
    return MASKS.get(tensor)


def reduce_weighted(values, sample_weight=None, reduction="sum_over_batch_size", mask=None):
    """Keras 3's reduce_weighted_values: a mask joins the sample weights (for a mean, each
    kept entry weighs total / kept, so the mean is over the kept ones), the weights are matched
    to the losses' rank and multiply them, and the reduction is the sum, or the sum over the
    number of losses (`sum_over_batch_size`, `mean`), or over the weights' sum
    (`mean_with_sample_weight`)."""
    if sample_weight is not None:
        sample_weight = tf.cast(as_float_tensor(sample_weight), values.dtype)
    if mask is not None:
        mask = tf.cast(mask, values.dtype)
        if reduction in ("mean", "sum_over_batch_size"):
            total = tf.cast(tf.size(mask), values.dtype)
            mask = tf.where(mask > 0, tf.math.divide_no_nan(total, tf.reduce_sum(mask)) * tf.ones_like(mask),
                            tf.zeros_like(mask))
        if sample_weight is not None:
            mask, sample_weight = same_rank(mask, sample_weight)
            sample_weight = sample_weight * mask
        else:
            sample_weight = mask
    if sample_weight is not None:
        values, sample_weight = same_rank(values, sample_weight)
        values = values * sample_weight
    if reduction in ("none", None) or tuple(values.shape.as_list()) in ((), (0,)):
        return values
    total = tf.reduce_sum(values)
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and sample_weight is not None:
        return tf.math.divide_no_nan(total, tf.reduce_sum(sample_weight))
    return tf.math.divide_no_nan(total, tf.cast(tf.size(values), values.dtype))


@tf_export(builtin="mean_squared_error")
def mean_squared_error(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return _loss("MeanSquaredError", "mean_squared_error", y_true, y_pred)


@tf_export(builtin="mean_absolute_error")
def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return _loss("MeanAbsoluteError", "mean_absolute_error", y_true, y_pred)


@tf_export(builtin="huber")
def huber(y_true, y_pred, delta=1.0):
    y_true, y_pred = _inputs(y_true, y_pred)
    delta = tf.cast(delta, y_pred.dtype)
    return builtin_op("Huber", "huber", {"y_true": y_true, "y_pred": y_pred, "delta": delta}, {}, y_pred.dtype)


@tf_export(builtin="log_cosh")
def log_cosh(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return _loss("LogCosh", "log_cosh", y_true, y_pred)


# Keras 3's other loss functions, composed of TensorFlow ops (so tapes and tf.function see them)

def _hinge_labels(y_true):
    """Keras' convert_binary_labels_to_hinge: labels that are all 0 or 1 become -1 / 1."""
    binary = tf.reduce_all(tf.logical_or(tf.equal(y_true, 0.0), tf.equal(y_true, 1.0)))
    return tf.where(binary, 2.0 * y_true - 1.0, y_true)


def hinge(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return tf.reduce_mean(tf.maximum(1.0 - _hinge_labels(y_true) * y_pred, 0.0), axis=-1)


def squared_hinge(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return tf.reduce_mean(tf.square(tf.maximum(1.0 - _hinge_labels(y_true) * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    positive = tf.reduce_sum(y_true * y_pred, axis=-1)
    negative = tf.reduce_max((1.0 - y_true) * y_pred, axis=-1)
    return tf.maximum(negative - positive + 1.0, tf.zeros_like(positive))


def kl_divergence(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    y_true = tf.clip_by_value(y_true, 1e-7, 1.0)
    y_pred = tf.clip_by_value(y_pred, 1e-7, 1.0)
    return tf.reduce_sum(y_true * tf.math.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    y_true, y_pred = _inputs(y_true, y_pred)
    return tf.reduce_mean(y_pred - y_true * tf.math.log(y_pred + 1e-7), axis=-1)


def mean_squared_logarithmic_error(y_true, y_pred):
    y_true, y_pred = same_rank(*_inputs(y_true, y_pred))
    first = tf.math.log(tf.maximum(y_pred, 1e-7) + 1.0)
    second = tf.math.log(tf.maximum(y_true, 1e-7) + 1.0)
    return tf.reduce_mean(tf.square(first - second), axis=-1)


def mean_absolute_percentage_error(y_true, y_pred):
    """100 * mean(|y_true - y_pred| / max(|y_true|, eps))."""
    y_true, y_pred = same_rank(*_inputs(y_true, y_pred))
    return 100.0 * tf.reduce_mean(tf.abs((y_true - y_pred) / tf.maximum(tf.abs(y_true), 1e-7)), axis=-1)


def cosine_similarity(y_true, y_pred, axis=-1):
    """Minus the cosine of the angle; each side scaled by min(rsqrt(sum of squares), 1 / eps), as Keras' normalize."""
    y_true, y_pred = same_rank(*_inputs(y_true, y_pred))

    def normalize(x):
        return x * tf.minimum(tf.math.rsqrt(tf.reduce_sum(tf.square(x), axis=axis, keepdims=True)), 1e7)
    return -tf.reduce_sum(normalize(y_true) * normalize(y_pred), axis=axis)


# ---------------------------------------------------------------- loss objects

@tf_class("keras.src.losses.loss.Loss")
class Loss:
    """A loss object: the per-sample function, then its reduction."""

    fn = None
    default_name = "loss"

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None, **fn_kwargs):
        if reduction not in REDUCTIONS:
            raise ValueError(f"Invalid value for argument `reduction`. Expected one of {list(REDUCTIONS[:4])}. "
                             f"Received: reduction={reduction}")
        self.name = name or self.default_name
        self.reduction = reduction
        self.fn_kwargs = fn_kwargs

    def call(self, y_true, y_pred):
        return type(self).fn(y_true, y_pred, **self.fn_kwargs)

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = as_float_tensor(y_true, "float32"), as_float_tensor(y_pred, "float32")
        values = self.call(y_true, y_pred)
        return reduce_weighted(values, sample_weight, self.reduction, keras_mask(values))

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction, **self.fn_kwargs}


def _loss_class(class_name, function, name, params):
    def __init__(self, *args, reduction="sum_over_batch_size", name=name, dtype=None, **kwargs):
        bound = bind_arguments(class_name, list(params), params, args, kwargs)
        Loss.__init__(self, name=name, reduction=reduction, dtype=dtype, **bound)
    cls = type(class_name, (Loss,), {"__init__": __init__, "fn": staticmethod(function), "default_name": name})
    return tf_class(f"keras.src.losses.losses.{class_name}")(cls)


CategoricalCrossentropy = _loss_class("CategoricalCrossentropy", categorical_crossentropy,
                                      "categorical_crossentropy",
                                      {"from_logits": False, "label_smoothing": 0.0, "axis": -1})
BinaryCrossentropy = _loss_class("BinaryCrossentropy", binary_crossentropy, "binary_crossentropy",
                                 {"from_logits": False, "label_smoothing": 0.0, "axis": -1})
SparseCategoricalCrossentropy = _loss_class("SparseCategoricalCrossentropy", sparse_categorical_crossentropy,
                                            "sparse_categorical_crossentropy",
                                            {"from_logits": False, "ignore_class": None, "axis": -1})
MeanSquaredError = _loss_class("MeanSquaredError", mean_squared_error, "mean_squared_error", {})
MeanAbsoluteError = _loss_class("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error", {})
Huber = _loss_class("Huber", huber, "huber_loss", {"delta": 1.0})
LogCosh = _loss_class("LogCosh", log_cosh, "log_cosh", {})
Hinge = _loss_class("Hinge", hinge, "hinge", {})
SquaredHinge = _loss_class("SquaredHinge", squared_hinge, "squared_hinge", {})
CategoricalHinge = _loss_class("CategoricalHinge", categorical_hinge, "categorical_hinge", {})
KLDivergence = _loss_class("KLDivergence", kl_divergence, "kl_divergence", {})
Poisson = _loss_class("Poisson", poisson, "poisson", {})
MeanSquaredLogarithmicError = _loss_class("MeanSquaredLogarithmicError", mean_squared_logarithmic_error,
                                          "mean_squared_logarithmic_error", {})
MeanAbsolutePercentageError = _loss_class("MeanAbsolutePercentageError", mean_absolute_percentage_error,
                                          "mean_absolute_percentage_error", {})
CosineSimilarity = _loss_class("CosineSimilarity", cosine_similarity, "cosine_similarity", {"axis": -1})

# TensorFlow 2.21's tf.keras.losses exports these spellings of the functions (and not
# mean_squared_error / mean_absolute_error / log_cosh, which are plain keras.losses names)
MSE = mse = mean_squared_error
MAE = mae = mean_absolute_error
logcosh = log_cosh
MSLE = msle = mean_squared_logarithmic_error
MAPE = mape = mean_absolute_percentage_error
KLD = kld = kullback_leibler_divergence = kl_divergence

FUNCTIONS = {"categorical_crossentropy": categorical_crossentropy, "binary_crossentropy": binary_crossentropy,
             "sparse_categorical_crossentropy": sparse_categorical_crossentropy, "huber": huber,
             "MSE": MSE, "mse": mse, "MAE": MAE, "mae": mae, "logcosh": logcosh, "MSLE": MSLE, "msle": msle,
             "MAPE": MAPE, "mape": mape, "KLD": KLD, "kld": kld, "kullback_leibler_divergence": kld,
             "hinge": hinge, "squared_hinge": squared_hinge, "categorical_hinge": categorical_hinge,
             "poisson": poisson, "cosine_similarity": cosine_similarity}
for _fn in set(FUNCTIONS.values()):      # (where Keras 3 defines them: what __module__ shows)
    _fn.__module__ = "keras.src.losses.losses"
CLASSES = {"Loss": Loss, "CategoricalCrossentropy": CategoricalCrossentropy,
           "BinaryCrossentropy": BinaryCrossentropy, "SparseCategoricalCrossentropy": SparseCategoricalCrossentropy,
           "MeanSquaredError": MeanSquaredError, "MeanAbsoluteError": MeanAbsoluteError, "Huber": Huber,
           "LogCosh": LogCosh, "Hinge": Hinge, "SquaredHinge": SquaredHinge, "CategoricalHinge": CategoricalHinge,
           "KLDivergence": KLDivergence, "Poisson": Poisson, "MeanSquaredLogarithmicError": MeanSquaredLogarithmicError,
           "MeanAbsolutePercentageError": MeanAbsolutePercentageError, "CosineSimilarity": CosineSimilarity}
# what compile(loss="...") accepts: Keras 3's names of the functions and classes
BY_NAME = {**FUNCTIONS, "mean_squared_error": mean_squared_error, "mean_absolute_error": mean_absolute_error,
           "log_cosh": log_cosh, "mean_squared_logarithmic_error": msle, "mean_absolute_percentage_error": mape,
           "kl_divergence": kld, **{k: v for k, v in CLASSES.items() if k != "Loss"}}


def get(identifier):
    if identifier is None or callable(identifier):
        return identifier
    if isinstance(identifier, str) and identifier in BY_NAME:
        found = BY_NAME[identifier]
        return found() if isinstance(found, type) else found
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


# keras.losses (Keras 3 itself) has these names; tf.keras.losses (TensorFlow 2.21) does not
del mean_squared_error, mean_absolute_error, log_cosh, mean_squared_logarithmic_error, mean_absolute_percentage_error
del kl_divergence


def __getattr__(name):
    if name in ("mean_squared_error", "mean_absolute_error", "log_cosh"):
        spelling = {"mean_squared_error": "MSE / mse", "mean_absolute_error": "MAE / mae"}.get(name, "logcosh")
        raise AttributeError(f"module 'keras._tf_keras.keras.losses' has no attribute '{name}' (TensorFlow 2.21's "
                             f"tf.keras.losses spells it {spelling})")
    raise AttributeError(f"module 'keras._tf_keras.keras.losses' has no attribute '{name}'")


__all__ = sorted(FUNCTIONS) + sorted(CLASSES) + ["get"]
