"""The loss built-ins: TensorFlow's cross-entropies with logits and Keras 3's loss functions,
as graph ops from the op table. A Keras loss function gives one loss per sample (its last
axis reduced, as keras.losses.categorical_crossentropy does); reduce_mean of it is the loss
object's (CategoricalCrossentropy()) batch mean."""
from __future__ import annotations

import numpy as np

from autograd_cli.library.functions import _bool_arg, _clip, _float_arg, builtin
from autograd_cli.support.errors import AgError

KERAS_EPSILON = 1e-7
# Keras clips float32 probabilities to [eps, 1 - eps] in float32: 1 - 1e-7 rounds to
# 0.99999988, so a saturated p = 1 costs -log(1.19e-7) = 15.94, not -log(1e-7) = 16.12.
CLIP_LOW, CLIP_HIGH = float(np.float32(KERAS_EPSILON)), float(np.float32(1 - KERAS_EPSILON))


def _keras_axis(b, c, y_pred):
    if not y_pred.shape:
        raise AgError("y_pred must have a class axis", c.at("y_pred"))
    axis = b.integer(c.args["axis"], c.at("axis"), "axis")
    if not -len(y_pred.shape) <= axis < len(y_pred.shape):
        raise AgError(f"axis {axis} is out of range for y_pred of shape {y_pred.shape}", c.at("axis"))
    return axis % len(y_pred.shape)


def _logits_of(b, c, y_pred, kind, axis=None):
    """Keras' _get_logits: the logits z when y_pred is softmax(z) (sigmoid(z) for a binary
    loss), else None. As Keras 3 / tf.keras, the op's input is used even with
    from_logits=True (no double softmax)."""
    if y_pred.op.name != kind:
        return None
    if kind == "softmax" and y_pred.params["axis"] != axis:
        return None      # a softmax over another axis is not this loss' logits
    return y_pred.inputs[0]


def _mean_over_axis(b, c, values, axis=-1):
    """Keras' ops.mean(values, axis): a scalar has no axis to reduce (TensorFlow's error)."""
    if not -len(values.shape) <= axis < len(values.shape):
        raise AgError(f"Invalid reduction dimension ({axis} for input with {len(values.shape)} dimension(s)): "
                      "a Keras loss function reduces the last axis of y_pred (one loss per sample)", c.pos)
    return b.apply("reduce_mean", values, axis=axis % len(values.shape), keepdims=False)


@builtin("categorical_crossentropy", ("y_true", "y_pred", "from_logits", "label_smoothing", "axis"),
         {"from_logits": False, "label_smoothing": 0.0, "axis": -1},
         group="learning",
         grad="to y_pred and y_true; from the logits of a softmax, else y_pred normalised and clipped to [1e-7, 1 - "
              "1e-7] (Keras); one loss per sample (reduce_mean: the loss object)")
def _categorical_crossentropy(b, c):
    # keras.losses.categorical_crossentropy: from the logits when y_pred is a softmax's output
    # (or from_logits=True); else normalise, clip to [eps, 1 - eps], -sum(y_true * log(p)) over axis.
    y_true, y_pred = b.tensor(c.args["y_true"], c.at("y_true")), b.tensor(c.args["y_pred"], c.at("y_pred"))
    axis = _keras_axis(b, c, y_pred)
    smoothing = _float_arg(b, c, "label_smoothing")
    if smoothing:      # Keras counts the classes on y_true's last axis, whatever `axis` is
        classes = float(y_true.shape[-1]) if y_true.shape else 1.0
        y_true = b.apply("add", b.apply("multiply", y_true, b.g.const(1.0 - smoothing)),
                         b.g.const(smoothing / classes))
    logits = _logits_of(b, c, y_pred, "softmax", axis)
    if logits is None and _bool_arg(c, "from_logits"):
        logits = y_pred
    if logits is not None:
        per_sample = b.apply("softmax_cross_entropy_with_logits", y_true, logits, axis=axis)
    else:
        total = b.apply("reduce_sum", y_pred, axis=axis, keepdims=True)
        clipped = _clip(b, b.apply("divide", y_pred, total), b.g.const(CLIP_LOW), b.g.const(CLIP_HIGH))
        per_sample = b.apply("negative", b.apply("reduce_sum", b.apply("multiply", y_true, b.apply("log", clipped)),
                                                 axis=axis, keepdims=False))
    return per_sample


def _sigmoid_xent(b, labels, logits):
    """tf.nn.sigmoid_cross_entropy_with_logits, as TensorFlow builds it:
    max(x, 0) - x * z + log1p(exp(-|x|)) with where-selects (exact gradient at x = 0)."""
    zero = b.g.const(0.0)
    positive = b.apply("greater_equal", logits, zero)
    relu = b.apply("where", positive, logits, zero)
    neg_abs = b.apply("where", positive, b.apply("negative", logits), logits)
    return b.apply("add", b.apply("subtract", relu, b.apply("multiply", logits, labels)),
                   b.apply("log1p", b.apply("exp", neg_abs)))


@builtin("binary_crossentropy", ("y_true", "y_pred", "from_logits", "label_smoothing", "axis"),
         {"from_logits": False, "label_smoothing": 0.0, "axis": -1},
         group="learning",
         grad="to y_pred (from the logits of a sigmoid) and y_true; one loss per sample (the mean over axis)")
def _binary_crossentropy(b, c):
    # keras.losses.binary_crossentropy: from the logits when y_pred is a sigmoid's output (or
    # from_logits=True); else clip to [eps, 1 - eps], -(t log p + (1 - t) log(1 - p)); the mean
    # over `axis` (the last by default).
    y_true, y_pred = b.tensor(c.args["y_true"], c.at("y_true")), b.tensor(c.args["y_pred"], c.at("y_pred"))
    axis = b.integer(c.args["axis"], c.at("axis"), "axis")
    smoothing = _float_arg(b, c, "label_smoothing")
    if smoothing:
        y_true = b.apply("add", b.apply("multiply", y_true, b.g.const(1.0 - smoothing)), b.g.const(0.5 * smoothing))
    logits = _logits_of(b, c, y_pred, "sigmoid")
    if logits is None and _bool_arg(c, "from_logits"):
        logits = y_pred
    if logits is not None:
        elementwise = _sigmoid_xent(b, y_true, logits)
    else:
        one = b.g.const(1.0)
        p = _clip(b, y_pred, b.g.const(CLIP_LOW), b.g.const(CLIP_HIGH))
        elementwise = b.apply("negative", b.apply("add", b.apply("multiply", y_true, b.apply("log", p)),
                                                  b.apply("multiply", b.apply("subtract", one, y_true),
                                                          b.apply("log", b.apply("subtract", one, p)))))
    return _mean_over_axis(b, c, elementwise, axis)


@builtin("softmax_cross_entropy_with_logits", ("labels", "logits", "axis"), {"axis": -1})
def _softmax_xent(b, c):
    labels, logits = b.tensor(c.args["labels"], c.at("labels")), b.tensor(c.args["logits"], c.at("logits"))
    return b.apply("softmax_cross_entropy_with_logits", labels, logits,
                   axis=b.integer(c.args["axis"], c.at("axis"), "axis"))


@builtin("sigmoid_cross_entropy_with_logits", ("labels", "logits"), {"labels": None, "logits": None},
         group="learning", grad="to labels and logits")
def _sigmoid_xent_builtin(b, c):
    if c.args["labels"] is None or c.args["logits"] is None:
        raise AgError("sigmoid_cross_entropy_with_logits needs labels= and logits=", c.pos)
    labels, logits = b.tensor(c.args["labels"], c.at("labels")), b.tensor(c.args["logits"], c.at("logits"))
    if labels.shape != logits.shape:
        raise AgError(f"labels of shape {labels.shape} and logits of shape {logits.shape} must have the same "
                      "shape", c.at("labels"))
    return _sigmoid_xent(b, labels, logits)


def _static_or_none(b, node, pos, what):
    try:
        return b.static(node, pos, what)
    except AgError:
        return None      # known only when the program runs


def _sparse_xent(b, c, labels, logits, pos):
    """tf.nn.sparse_softmax_cross_entropy_with_logits: class ids for logits' last axis (no
    gradient to the labels)."""
    if not logits.shape:
        raise AgError("logits need a class axis (rank 1 or more)", pos)
    if labels.shape != logits.shape[:-1]:
        raise AgError(f"labels of shape {labels.shape} must have logits' shape without its last axis "
                      f"({logits.shape[:-1]})", pos)
    depth = logits.shape[-1]
    known = _static_or_none(b, labels, pos, "labels")
    if known is not None and known.size and (np.any(known != np.round(known)) or known.min() < 0
                                             or known.max() >= depth):
        bad = known[(known != np.round(known)) | (known < 0) | (known >= depth)].ravel()[0]
        raise AgError(f"label {bad:g} is not a class id in [0, {depth})", pos)
    return b.apply("softmax_cross_entropy_with_logits", b.apply("one_hot", labels, depth=depth), logits, axis=-1)


@builtin("sparse_softmax_cross_entropy_with_logits", ("labels", "logits"), {"labels": None, "logits": None},
         group="learning", grad="to logits: softmax - one_hot(labels); labels: no gradient")
def _sparse_softmax_xent(b, c):
    if c.args["labels"] is None or c.args["logits"] is None:
        raise AgError("sparse_softmax_cross_entropy_with_logits needs labels= and logits=", c.pos)
    labels, logits = b.tensor(c.args["labels"], c.at("labels")), b.tensor(c.args["logits"], c.at("logits"))
    return _sparse_xent(b, c, labels, logits, c.at("labels"))


@builtin("sparse_categorical_crossentropy", ("y_true", "y_pred", "from_logits", "ignore_class", "axis"),
         {"from_logits": False, "ignore_class": None, "axis": -1},
         group="learning", grad="to y_pred (from the logits of a softmax); labels: no gradient; one loss per label")
def _sparse_categorical_crossentropy(b, c):
    # keras.losses.sparse_categorical_crossentropy: from the logits of a softmax's output (or
    # from_logits=True); else log(clip(p)) as the logits (this renormalises p); one loss per label
    y_true, y_pred = b.tensor(c.args["y_true"], c.at("y_true")), b.tensor(c.args["y_pred"], c.at("y_pred"))
    if c.args["ignore_class"] is not None:
        raise AgError("ignore_class is not supported", c.at("ignore_class"))
    axis = _keras_axis(b, c, y_pred)
    if axis != len(y_pred.shape) - 1:
        raise AgError("sparse_categorical_crossentropy's axis must be the last axis (as in Keras)", c.at("axis"))
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = b.apply("squeeze", y_true, axis=[len(y_true.shape) - 1])
    logits = _logits_of(b, c, y_pred, "softmax", axis)
    if logits is None and _bool_arg(c, "from_logits"):
        logits = y_pred
    if logits is None:
        logits = b.apply("log", _clip(b, y_pred, b.g.const(CLIP_LOW), b.g.const(CLIP_HIGH)))
    return _sparse_xent(b, c, y_true, logits, c.at("y_true"))


def _same_rank(b, t, p):
    """Keras' squeeze_or_expand_to_same_rank(y_true, y_pred): a trailing axis of size 1 that
    makes the ranks differ by one is squeezed (or the other expanded when it has rank 1)."""
    rt, rp = len(t.shape), len(p.shape)
    if rt == rp + 1 and t.shape[-1] == 1:
        return (t, b.apply("expand_dims", p, axis=-1)) if rp == 1 else (b.apply("squeeze", t, axis=[rt - 1]), p)
    if rp == rt + 1 and p.shape[-1] == 1:
        return (b.apply("expand_dims", t, axis=-1), p) if rt == 1 else (t, b.apply("squeeze", p, axis=[rp - 1]))
    return t, p


def _keras_pointwise(body):
    """A Keras loss function over the last axis: mean(body(y_true, y_pred), axis=-1)."""
    def handler(b, c):
        y_true, y_pred = _same_rank(b, b.tensor(c.args["y_true"], c.at("y_true")),
                                    b.tensor(c.args["y_pred"], c.at("y_pred")))
        return _mean_over_axis(b, c, body(b, c, y_true, y_pred))
    return handler


def _keras_loss(names, grad, params=("y_true", "y_pred"), defaults=None):
    """Register the decorated per-element body as the Keras loss function(s) `names`."""
    def register(body):
        for name in names:
            builtin(name, params, defaults, group="learning", grad=grad)(_keras_pointwise(body))
        return body
    return register


_PER_SAMPLE = "one loss per sample (the mean over the last axis of n)"


@_keras_loss(("huber",), "to y_pred and y_true: (the error inside delta, delta * sign(error) outside) / n; "
             + _PER_SAMPLE, ("y_true", "y_pred", "delta"), {"delta": 1.0})
def _huber(b, c, y_true, y_pred):
    delta = b.tensor(c.args["delta"], c.at("delta"))
    error = b.apply("subtract", y_pred, y_true)
    size = b.apply("abs", error)
    half = b.g.const(0.5)
    return b.apply("where", b.apply("less_equal", size, delta), b.apply("multiply", half, b.apply("square", error)),
                   b.apply("subtract", b.apply("multiply", delta, size), b.apply("multiply", half, b.apply("square", delta))))


@_keras_loss(("mean_absolute_error", "mae"), "to y_true and y_pred (0 where equal); one loss per sample")
def _mae(b, c, y_true, y_pred):
    return b.apply("abs", b.apply("subtract", y_true, y_pred))


@_keras_loss(("log_cosh", "logcosh"), "to y_true and y_pred: tanh(error) / n; " + _PER_SAMPLE)
def _log_cosh(b, c, y_true, y_pred):
    # Keras 3: x + softplus(-2 x) - log(2), x = y_pred - y_true
    x = b.apply("subtract", y_pred, y_true)
    return b.apply("subtract", b.apply("add", x, b.apply("softplus", b.apply("multiply", x, b.g.const(-2.0)))),
                   b.g.const(float(np.log(2.0))))


@_keras_loss(("mean_squared_error",), "to y_true and y_pred; one loss per sample (the mean over the last axis)")
def _squared_error(b, c, y_true, y_pred):
    return b.apply("square", b.apply("subtract", y_true, y_pred))


