"""tf.nn's composite losses and statistics: weighted_cross_entropy_with_logits,
log_poisson_loss, compute_average_loss, scale_regularization_loss,
sufficient_statistics, normalize_moments. Each is TensorFlow's own composition of
ops of this package, so values follow its float32 steps and gradients come from those ops.
There is no distribution strategy here: the number of replicas is always 1."""
from __future__ import annotations

import math

from autograd_cli.tensorflow import array_ops
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.nn_ops import relu


def _same_shape(first, second, first_name, second_name):
    if not second.shape.is_compatible_with(first.shape):
        raise ValueError(f"`{first_name}` and `{second_name}` must have the same shape, received ({first.shape} vs "
                         f"{second.shape}).")


@tf_export("nn.weighted_cross_entropy_with_logits")
def weighted_cross_entropy_with_logits(*args, **kwargs):
    """TF2's `(labels, logits, pos_weight, name=None)`; in TF1 code TF1's, which also takes `targets=`."""
    return (weighted_cross_entropy_with_logits_v1 if ctx.v1 else _weighted_cross_entropy)(*args, **kwargs)


@tf_export("compat.v1.nn.weighted_cross_entropy_with_logits")
def weighted_cross_entropy_with_logits_v1(labels=None, logits=None, pos_weight=None, name=None, targets=None):
    if labels is not None and targets is not None:
        raise ValueError("Cannot specify both 'labels' and 'targets'")
    return _weighted_cross_entropy(targets if labels is None else labels, logits, pos_weight, name)


def _weighted_cross_entropy(labels, logits, pos_weight, name=None):
    """(1 - z) * x + (1 + (q - 1) * z) * (log1p(exp(-|x|)) + relu(-x)), TensorFlow's stable form."""
    with name_scope(name, "logistic_loss") as scope:
        logits = convert_to_tensor(logits)
        labels = convert_to_tensor(labels)
        _same_shape(logits, labels, "logits", "labels")
        log_weight = 1 + (pos_weight - 1) * labels
        softplus_part = m.add(m.log1p(m.exp(m.negative(m.abs(logits)))), relu(m.negative(logits)))
        return m.add((1 - labels) * logits, log_weight * softplus_part, name=scope or None)


@tf_export("nn.log_poisson_loss")
def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """exp(c) - z * c, plus Stirling's z log z - z + log(2 pi z) / 2 where z > 1 with compute_full_loss."""
    with name_scope(name, "log_poisson_loss"):
        log_input = convert_to_tensor(log_input)
        targets = convert_to_tensor(targets)
        if not targets.shape.is_compatible_with(log_input.shape):
            raise ValueError(f"`log_input` and `targets` must have the same shape, received ({log_input.shape} vs "
                             f"{targets.shape}).")
        result = m.exp(log_input) - log_input * targets
        if compute_full_loss:
            half = convert_to_tensor(0.5, dtype=targets.dtype)
            two_pi = convert_to_tensor(2 * math.pi, dtype=targets.dtype)
            stirling = targets * m.log(targets) - targets + half * m.log(two_pi * targets)
            zeros = array_ops.zeros_like(targets, dtype=targets.dtype)
            ones = array_ops.ones_like(targets, dtype=targets.dtype)
            small = m.logical_and(m.greater_equal(targets, zeros), m.less_equal(targets, ones))
            result = result + array_ops.where(small, zeros, stirling)
        return result


@tf_export("nn.scale_regularization_loss")
def scale_regularization_loss(regularization_loss):
    return m.truediv(m.reduce_sum(regularization_loss), 1)


@tf_export("nn.compute_average_loss")
def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """sum(loss * sample_weight) / global_batch_size (0 when that is 0); the batch size is the
    loss's first dimension by default."""
    from autograd_cli.tensorflow import check_ops

    losses = convert_to_tensor(per_example_loss)
    input_dtype = losses.dtype
    if losses._shape is not None and len(losses._shape) == 0:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
                         f"Received per_example_loss={losses} with rank 0")
    if sample_weight is not None:
        losses = _scaled_by_sample_weight(losses, convert_to_tensor(sample_weight))
    losses = m.cast(losses, input_dtype)
    if global_batch_size is None:
        global_batch_size = m.multiply(array_ops.shape(losses)[0], 1)
    check_ops.assert_scalar_v2(global_batch_size, message="global_batch_size must be scalar.")
    check_ops.assert_integer_v2(global_batch_size, message="global_batch_size must be an integer.")
    check_ops.assert_non_negative(global_batch_size, message="global_batch_size must be non-negative.")
    loss = m.reduce_sum(losses)
    return m.div_no_nan(loss, m.cast(global_batch_size, input_dtype))


def _scaled_by_sample_weight(losses, weight):
    """Both in float32 (as TensorFlow does), the weight's last dimension squeezed or added
    when its rank is one more or one less than the losses'."""
    losses, weight = m.cast(losses, dtypes.float32), m.cast(weight, dtypes.float32)
    rank, weight_rank = losses.shape.rank, weight.shape.rank
    if weight_rank not in (0, None) and rank is not None:
        if weight_rank - rank == 1:
            weight = array_ops.squeeze(weight, [-1])
        elif rank - weight_rank == 1:
            weight = array_ops.expand_dims(weight, -1)
    return m.multiply(losses, weight)


@tf_export("nn.sufficient_statistics")
def sufficient_statistics(x, axes, shift=None, keepdims=None, name=None, keep_dims=None):
    """(count, sum of x - shift, sum of (x - shift)^2, shift) over axes (TF1's 4th argument,
    `keep_dims`, is the same flag)."""
    axes = list(set(axes))
    keep = bool(keepdims if keepdims is not None else keep_dims)
    with name_scope(name, "sufficient_statistics"):
        x = convert_to_tensor(x)
        dims = x._shape
        if dims is not None and all(dims[d] is not None for d in axes):
            counts = 1
            for d in axes:
                counts *= dims[d]
            counts = convert_to_tensor(counts, dtype=x.dtype)
        else:           # a size fed later: the count is computed when the graph runs
            rank = len(dims) if dims is not None else None
            if rank is None:
                raise NotImplementedError("sufficient_statistics of a tensor of unknown rank is not supported here")
            positive = [a + rank if a < 0 else a for a in axes]
            sizes = array_ops.gather(m.cast(array_ops.shape(x), x.dtype), positive)
            counts = m.reduce_prod(sizes, name="count")
        if shift is not None:
            shift = convert_to_tensor(shift)
            m_ss, v_ss = m.subtract(x, shift), m.squared_difference(x, shift)
        else:
            m_ss, v_ss = x, m.square(x)
        m_ss = m.reduce_sum(m_ss, axes, keepdims=keep, name="mean_ss")
        v_ss = m.reduce_sum(v_ss, axes, keepdims=keep, name="var_ss")
    return counts, m_ss, v_ss, shift


@tf_export("nn.normalize_moments")
def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    with name_scope(name, "normalize"):
        divisor = m.reciprocal(counts, name="divisor")
        if shift is not None:
            shifted_mean = m.multiply(mean_ss, divisor, name="shifted_mean")
            mean = m.add(shifted_mean, shift, name="mean")
        else:
            shifted_mean = m.multiply(mean_ss, divisor, name="mean")
            mean = shifted_mean
        variance = m.subtract(m.multiply(variance_ss, divisor), m.square(shifted_mean), name="variance")
    return mean, variance


refresh()
