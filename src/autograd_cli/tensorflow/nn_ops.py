"""tf.nn: activations, softmax, the cross-entropies and losses."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import NN_FLOAT
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.math_ops import builtin_op, row_eager
from autograd_cli.tensorflow.modes import name_scope

_FEATURES = "features:T -> activations:T"


def _activation(op_type, row, *paths, builtin=None, allowed=None):
    def fn(features, name=None):
        x = convert_to_tensor(features)
        if allowed is not None:
            m.check_kernel(op_type, x, allowed, _FEATURES, "features")
        return make_op(op_type, Recipe("row", row), [x], [x.dtype], name or op_type,
                       eager_fn=row_eager(row, None, op_type))[0]
    fn.__name__ = fn.__qualname__ = row
    return tf_export(*paths, builtin=builtin or row)(fn)


relu = _activation("Relu", "relu", "nn.relu")
relu6 = _activation("Relu6", "relu6", "nn.relu6")
elu = _activation("Elu", "elu", "nn.elu", allowed=NN_FLOAT)
selu = _activation("Selu", "selu", "nn.selu", allowed=NN_FLOAT)
softsign = _activation("Softsign", "softsign", "nn.softsign", "math.softsign", allowed=NN_FLOAT)


@tf_export("nn.crelu")
def crelu(features, *args, **kwargs):
    """TF2's `tf.nn.crelu(features, axis=-1, name=None)`; TF1's `(features, name=None, axis=-1)`."""
    return (crelu_v1 if ctx.v1 else _crelu)(features, *args, **kwargs)


def _crelu(features, axis=-1, name=None):
    """TensorFlow's composition: relu of x and -x concatenated along axis."""
    from autograd_cli.tensorflow import array_ops

    with name_scope(name, "CRelu"):
        x = convert_to_tensor(features)
        return relu(array_ops.concat([x, m.negative(x)], axis, name="CRelu"))


@tf_export("compat.v1.nn.crelu")
def crelu_v1(features, name=None, axis=-1):
    return _crelu(features, axis, name)


@tf_export("nn.leaky_relu", builtin="leaky_relu")
def leaky_relu(features, alpha=0.2, name=None):
    x = convert_to_tensor(features)
    if x.dtype.is_integer:      # TensorFlow's leaky_relu computes integers in float32
        x = m.cast(x, dtypes.float32)
    params = {"alpha": float(alpha)}
    return make_op("LeakyRelu", Recipe("row", "leaky_relu", params), [x], [x.dtype], name,
                   eager_fn=row_eager("leaky_relu", params, "LeakyRelu"))[0]


def _axis_row(op_type, row, *paths):
    signature = f"logits:T -> {op_type.lower()}:T"

    def fn(logits, axis=None, name=None, dim=None):
        x = convert_to_tensor(logits)
        m.check_kernel(op_type, x, NN_FLOAT, signature, "logits")
        axis = -1 if axis is None and dim is None else (axis if axis is not None else dim)
        params = {"axis": int(axis)}
        if ctx.eager:
            kernel.softmax_axis(op_type, x._shape, params["axis"])
        return make_op(op_type, Recipe("row", row, params), [x], [x.dtype], name or op_type,
                       eager_fn=row_eager(row, params, op_type))[0]
    fn.__name__ = fn.__qualname__ = row
    return tf_export(*paths, builtin=row)(fn)


softmax = _axis_row("Softmax", "softmax", "nn.softmax", "math.softmax")
log_softmax = _axis_row("LogSoftmax", "log_softmax", "nn.log_softmax", "math.log_softmax")


@tf_export("nn.gelu", builtin="gelu")
def gelu(features, approximate=False, name=None):
    x = convert_to_tensor(features)
    if not x.dtype.is_floating:
        raise ValueError(f"`features.dtype` must be a floating point tensor.Received:features.dtype={x.dtype!r}")
    return builtin_op("Gelu", "gelu", {"features": x}, {"approximate": bool(approximate)}, x.dtype, name)


@tf_export("nn.silu", "nn.swish", builtin="swish")
def silu(features, beta=1.0, name=None):
    x = convert_to_tensor(features)
    return m.multiply(x, m.sigmoid(m.multiply(beta, x)), name)


@tf_export("nn.bias_add")
def bias_add(value, bias, data_format=None, name=None):
    return m.add(value, bias, name or "BiasAdd")


@tf_export("nn.l2_loss", builtin="l2_loss")
def l2_loss(t, name=None):
    t = convert_to_tensor(t)
    m.check_kernel("L2Loss", t, NN_FLOAT, "t:T -> output:T", "t")
    return builtin_op("L2Loss", "l2_loss", {"t": t}, {}, t.dtype, name)


@tf_export("nn.softmax_cross_entropy_with_logits", builtin="softmax_cross_entropy_with_logits")
def softmax_cross_entropy_with_logits(labels=None, logits=None, axis=-1, name=None, dim=None, _sentinel=None):
    """TF2's; in TF1 code TF1's, whose labels get no gradient (`tf.compat.v1` there)."""
    if ctx.v1:
        return softmax_cross_entropy_with_logits_v1(labels, logits, -1 if dim is None else dim, name, axis)
    return softmax_cross_entropy_with_logits_v2(labels, logits, axis, name, dim)


@tf_export("compat.v1.nn.softmax_cross_entropy_with_logits")
def softmax_cross_entropy_with_logits_v1(labels=None, logits=None, dim=-1, name=None, axis=None, _sentinel=None):
    from autograd_cli.tensorflow.array_ops import stop_gradient

    with name_scope(name, "softmax_cross_entropy_with_logits_sg") as scope:
        labels = stop_gradient(labels, name="labels_stop_gradient")
        return softmax_cross_entropy_with_logits_v2(labels, logits, dim if axis is None else axis, scope or None)


@tf_export("nn.softmax_cross_entropy_with_logits_v2", "compat.v1.nn.softmax_cross_entropy_with_logits_v2")
def softmax_cross_entropy_with_logits_v2(labels=None, logits=None, axis=-1, name=None, dim=None, _sentinel=None):
    with name_scope(name, "softmax_cross_entropy_with_logits"):
        return _softmax_xent(labels, logits, axis, dim)


def _softmax_xent(labels, logits, axis, dim):
    labels, logits = m.binary_inputs("SoftmaxCrossEntropyWithLogits", labels, logits)
    params = {"axis": int(axis if dim is None else dim)}
    if ctx.eager and logits._shape == ():       # (scalar logits: the wrapper's Slice error comes first)
        kernel.softmax_cross_entropy(labels._shape, logits._shape)
    if labels._shape is not None and logits._shape is not None and len(labels._shape) != len(logits._shape):
        # TensorFlow flattens both to [-1, classes] before its kernel (labels [[y]] of a
        # list around the one-hot tensor then fit), and the cost takes logits' outer shape
        from autograd_cli.tensorflow import array_ops

        axis = params["axis"] % len(logits._shape)
        if axis != len(logits._shape) - 1 or len(logits._shape) != 2:
            raise NotImplementedError("softmax_cross_entropy_with_logits of labels and logits of different "
                                      "ranks is supported here for rank-2 logits only")
        classes = logits._shape[-1]
        labels = array_ops.reshape(labels, [-1, classes if classes is not None else array_ops.shape(logits)[-1]])
    if ctx.eager:
        kernel.softmax_cross_entropy(labels._shape, logits._shape)
    # one op here; named as TensorFlow's last op of the scope (the reshape of its kernel's
    # result to logits' outer shape), so printed tensors and later names are TensorFlow's
    return make_op("SoftmaxCrossEntropyWithLogits", Recipe("row", "softmax_cross_entropy_with_logits", params),
                   [labels, logits], [logits.dtype], "Reshape_2",
                   eager_fn=row_eager("softmax_cross_entropy_with_logits", params, "SoftmaxCrossEntropyWithLogits"))[0]


@tf_export("nn.sparse_softmax_cross_entropy_with_logits", builtin="sparse_softmax_cross_entropy_with_logits")
def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None, _sentinel=None):
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    m.check_kernel("SparseSoftmaxCrossEntropyWithLogits", logits, NN_FLOAT,
                   "features:T, labels:Tlabels -> loss:T, backprop:T", "features")
    if labels._shape is not None and logits._shape and tuple(labels._shape) != tuple(logits._shape[:-1]):
        raise ValueError(f"`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                         f"labels.shape={labels.shape} and logits.shape={logits.shape}")
    if ctx.eager and labels._value is not None:
        kernel.sparse_labels(labels._value, logits._shape[-1])
    with name_scope(name, "SparseSoftmaxCrossEntropyWithLogits"):
        return builtin_op("SparseSoftmaxCrossEntropyWithLogits", "sparse_softmax_cross_entropy_with_logits",
                          {"labels": labels, "logits": logits}, {}, logits.dtype, None)


@tf_export("nn.sigmoid_cross_entropy_with_logits", builtin="sigmoid_cross_entropy_with_logits")
def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None, _sentinel=None):
    logits, labels = convert_to_tensor(logits), convert_to_tensor(labels)
    if not labels.shape.is_compatible_with(logits.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received ({logits.shape} vs "
                         f"{labels.shape}).")
    # TensorFlow's formula meets the dtypes at `logits * labels`, then at exp
    logits, labels = m.binary_inputs("Mul", logits, labels)
    m.check_kernel("Exp", logits)
    with name_scope(name, "logistic_loss") as scope:
        return builtin_op("SigmoidCrossEntropyWithLogits", "sigmoid_cross_entropy_with_logits",
                          {"labels": labels, "logits": logits}, {}, logits.dtype, scope or None)


@tf_export("nn.moments")
def moments(x, axes, shift=None, keepdims=False, name=None, keep_dims=None):
    x = convert_to_tensor(x)
    with name_scope(name, "moments"):
        mean = m.reduce_mean(x, axes, keepdims=True, name="mean")
        variance = m.reduce_mean(m.squared_difference(x, mean), axes, keepdims=True, name="variance")
        if not (keepdims or keep_dims):
            from autograd_cli.tensorflow.array_ops import squeeze

            mean, variance = squeeze(mean, axes), squeeze(variance, axes)
        return mean, variance


@tf_export("nn.batch_normalization")
def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """TensorFlow's formula: x * inv + (offset - mean * inv), inv = rsqrt(variance + eps) * scale."""
    x = convert_to_tensor(x)
    inv = m.rsqrt(m.add(variance, variance_epsilon))
    if scale is not None:
        inv = m.multiply(inv, scale)
    shift = m.subtract(offset, m.multiply(mean, inv)) if offset is not None else m.negative(m.multiply(mean, inv))
    return m.add(m.multiply(x, m.cast(inv, x.dtype)), m.cast(shift, x.dtype), name=name or "batchnorm")


@tf_export("nn.l2_normalize", "math.l2_normalize", "linalg.l2_normalize")
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    x = convert_to_tensor(x)
    with name_scope(name, "l2_normalize") as scope:
        square_sum = m.reduce_sum(m.square(x), axis if axis is not None else dim, keepdims=True)
        return m.multiply(x, m.rsqrt(m.maximum(square_sum, epsilon)), scope or None)


@tf_export("nn.dropout")
def dropout(x, *args, **kwargs):
    """TF2's `tf.nn.dropout(x, rate, noise_shape, seed, name)`; in TF1 code (after
    disable_v2_behavior, as a TF1 snippet runs) TF1's `(x, keep_prob, noise_shape, seed, name,
    rate)`, as `import tensorflow` gives `tensorflow.compat.v1` there."""
    from autograd_cli.tensorflow.core import ctx

    return (dropout_v1 if ctx.v1 else _dropout)(x, *args, **kwargs)


@tf_export("compat.v1.nn.dropout")
def dropout_v1(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    if keep_prob is not None:
        rate = 1.0 - keep_prob       # a tensor when keep_prob is one (fed)
    return _dropout(x, rate, noise_shape, seed, name)


def _dropout(x, rate=None, noise_shape=None, seed=None, name=None, keep_prob=None):
    """TensorFlow's dropout: x / (1 - rate), zero where a `tf.random.uniform` draw of this
    seed is below rate, so a seeded dropout keeps TensorFlow's elements (each graph run
    draws anew)."""
    x = convert_to_tensor(x)
    with name_scope(name, "dropout"):
        return _dropout_ops(x, rate, noise_shape, seed, keep_prob)


def _dropout_ops(x, rate, noise_shape, seed, keep_prob):
    from autograd_cli.tensorflow import random_api
    from autograd_cli.tensorflow.array_ops import shape, where

    if keep_prob is not None:
        rate = 1.0 - keep_prob
    if rate is None:
        raise ValueError("dropout needs `rate` (or TF1's `keep_prob`)")
    if isinstance(rate, (int, float, np.number)) and not isinstance(rate, bool):
        if not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")
        if rate == 0:
            random_api._op_seeds(seed)     # TensorFlow's dummy draw: the op-seed sequence moves on
            return x
        scaled = m.multiply(x, convert_to_tensor(1 / (1 - rate), dtype=x.dtype))
    else:
        rate = convert_to_tensor(rate)
        if rate.dtype != x.dtype:
            rate = m.cast(rate, x.dtype, name="rate")
        scaled = m.divide(x, m.subtract(convert_to_tensor(1, dtype=x.dtype), rate))
    if noise_shape is None:
        static = x._shape is not None and all(d is not None for d in x._shape)
        noise_shape = list(x._shape) if static else shape(x)
    keep = m.greater_equal(random_api.uniform(noise_shape, dtype=x.dtype, seed=seed), rate)
    out = where(keep, scaled, convert_to_tensor(0, dtype=x.dtype))
    if not ctx.eager and x._shape is not None:
        out.set_shape(x._shape)      # as TensorFlow's: a fed rate of unknown shape leaves x's shape
    return out


@tf_export("nn.embedding_lookup")
def embedding_lookup(params, ids, max_norm=None, name=None):
    from autograd_cli.tensorflow.array_ops import gather, identity

    if ctx.eager:
        return gather(params, ids)
    # TensorFlow's ops: a gather named as the scope, then the scope's Identity (its gradient's names)
    with ctx.graph.name_scope(name or "embedding_lookup") as scope:
        return identity(gather(params, ids, name=scope))


@tf_export("nn.zero_fraction", "math.zero_fraction")
def zero_fraction(value, name=None):
    value = convert_to_tensor(value)
    return m.reduce_mean(m.cast(m.equal(value, m.cast(0, value.dtype)), dtypes.float32))
