"""More segment reductions and counts of tf.math: segment_min, segment_prod,
unsorted_segment_mean / _prod / _sqrt_n, bincount and confusion_matrix, composed of this
package's ops (their gradients are those ops').

A product per segment is a reduce_prod over a (segments x elements) mask (so zeros get
TensorFlow's exact gradients); the sizes that depend on values (a sorted op's number of
segments, bincount's length, confusion_matrix's classes when not given) are read from
the values: eagerly always, in a graph when they are constants. bincount supports
`axis=None` (and 0) only: the counts of all of `arr`'s values."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import array_ops
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import _const_value, convert_to_tensor, ctx, is_tensor_like, make_op
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.linalg_ops import segment_max, unsorted_segment_sum
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.modes import name_scope


def _known(t, what):
    """A tensor's values when they are known now (eagerly, or a graph's constant)."""
    value = t._value if ctx.eager else _const_value(t)
    if value is None:
        raise NotImplementedError(f"{what} depends on values known only when the graph runs: here they must be "
                                  "known when it is built (a constant)")
    return np.asarray(value)


def _fail(op_type, text, named=True):
    raise InvalidArgumentError(None, None, kernel_message(op_type, text, named))


def _all_tensors(*values):
    """TensorFlow's eager message ends with ` name: ` when the op was given tensors, not when
    it converted a Python list itself."""
    return all(is_tensor_like(v) for v in values)


def _sorted_count(op_type, ids, named):
    """The number of segments of a sorted op (its last id + 1), checked as its kernel checks."""
    values = _known(ids, f"tf.math.{op_type}'s number of segments").reshape(-1)
    if ctx.eager:
        if ids._value.ndim != 1:
            _fail(op_type, "segment_ids should be a vector.", named)
        if values.size and values[-1] < 0:
            _fail(op_type, "segment ids must be >= 0", named)
        if values.size and np.any(np.diff(values) < 0):
            _fail(op_type, "segment ids are not increasing", named)
    return int(values[-1]) + 1 if values.size else 0


def _check_unsorted(op_type, ids, num, named):
    if ctx.eager:
        for k, d in enumerate(ids._value.reshape(-1).tolist()):
            if d >= num:
                _fail(op_type, f"segment_ids[{k}] = {d} is out of range [0, {num})", named)


def _segment_prod(data, ids, num):
    """prod over i of where(ids[i] == s, data[i], 1), for each segment s < num."""
    x, ids = convert_to_tensor(data), convert_to_tensor(ids)
    id_rank, rank = len(ids._shape), len(x._shape)
    if id_rank != 1:        # ids of several dimensions: both flattened over them
        x = array_ops.reshape(x, [-1] + list(x._shape[id_rank:]))
        ids = array_ops.reshape(ids, [-1])
        rank = rank - id_rank + 1
    segments = convert_to_tensor(np.arange(num).reshape(num, 1), dtype=ids.dtype)
    member = m.equal(array_ops.expand_dims(ids, 0), segments)           # [num, n]
    member = array_ops.reshape(member, [num, -1] + [1] * (rank - 1))
    spread = array_ops.where(member, array_ops.expand_dims(x, 0), convert_to_tensor(1, dtype=x.dtype))
    return m.reduce_prod(spread, axis=1)


@tf_export("math.segment_prod", "compat.v1.segment_prod")
def segment_prod(data, segment_ids, name=None):
    with name_scope(name, "SegmentProd"):
        ids = convert_to_tensor(segment_ids)
        return _rows_unknown(_segment_prod(data, ids, _sorted_count("SegmentProd", ids, _all_tensors(data, segment_ids))))


@tf_export("math.unsorted_segment_prod", "compat.v1.unsorted_segment_prod")
def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    with name_scope(name, "UnsortedSegmentProd"):
        ids, num = convert_to_tensor(segment_ids), int(num_segments)
        _check_unsorted("UnsortedSegmentProd", ids, num, _all_tensors(data, segment_ids))
        return _segment_prod(data, ids, num)


@tf_export("math.segment_min", "compat.v1.segment_min")
def segment_min(data, segment_ids, name=None):
    """-segment_max(-data) (0 for an empty segment, as TensorFlow's; the + 0 keeps it from being -0)."""
    with name_scope(name, "SegmentMin"):
        ids = convert_to_tensor(segment_ids)
        _sorted_count("SegmentMin", ids, _all_tensors(data, segment_ids))
        return _rows_unknown(m.add(m.negative(segment_max(m.negative(data), ids)), 0))


def _rows_unknown(out):
    """A sorted op's static shape in a graph: its number of rows is its ids' last value, which
    TensorFlow's shape function leaves unknown (the graph computes it here all the same)."""
    if not ctx.eager and out._shape:
        out._shape = (None,) + tuple(out._shape[1:])
    return out


def _segment_counts(x, ids, num):
    """TensorFlow's _unsorted_segment_N: each segment's count (at least 1), shaped to divide the sums."""
    ones = array_ops.ones(list(ids._shape), dtype=x.dtype)
    counts = unsorted_segment_sum(ones, ids, num)
    counts = array_ops.reshape(counts, [num] + [1] * (len(x._shape) - len(ids._shape)))
    return m.maximum(counts, 1)


@tf_export("math.unsorted_segment_mean", "compat.v1.unsorted_segment_mean")
def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    with name_scope(name, "UnsortedSegmentMean"):
        x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        counts = _segment_counts(x, ids, int(num_segments))
        return unsorted_segment_sum(x, ids, int(num_segments)) / counts


@tf_export("math.unsorted_segment_sqrt_n", "compat.v1.unsorted_segment_sqrt_n")
def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    with name_scope(name, "UnsortedSegmentSqrtN"):
        x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        counts = _segment_counts(x, ids, int(num_segments))
        return unsorted_segment_sum(x, ids, int(num_segments)) / m.sqrt(counts)


@tf_export("math.bincount", "compat.v1.bincount")
def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
             binary_output=False):
    """How often each value 0, 1, ... occurs in arr (or the sum of its weights): the
    unsorted_segment_sum of the weights by value. Taking the weights' gradient is TensorFlow's
    LookupError (it registers none for DenseBincount)."""
    with name_scope(name or "bincount"):
        arr = convert_to_tensor(arr)
        if weights is not None:
            weights = convert_to_tensor(weights)
            if binary_output:
                raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please specify "
                                 "only one.")
        if not arr.dtype.is_integer:
            arr = m.cast(arr, dtypes.int32)
        if axis is None:
            axis = 0
        if axis not in (0, -1):
            raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported.")
        if axis == -1 and len(arr._shape) > 1:
            raise NotImplementedError("tf.math.bincount with axis=-1 (counts per row) is not supported here")
        size = _bincount_size(arr, minlength, maxlength)
        flat = array_ops.reshape(arr, [-1])
        if ctx.eager and np.any(flat._value < 0):
            _fail("DenseBincount", "Input arr must be non-negative!")
        if weights is None:
            weights = array_ops.ones_like(flat, dtype=as_dtype(dtype))
        else:
            weights = _no_registered_gradient(array_ops.reshape(weights, [-1]), "DenseBincount")
            if ctx.eager and weights._shape != flat._shape:
                _fail("DenseBincount", "`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which "
                      f"case it acts as all weights equal to 1. Received [{','.join(map(str, weights._shape))}]")
        kept = array_ops.where(m.less(flat, size), flat, convert_to_tensor(-1, dtype=flat.dtype))
        counts = unsorted_segment_sum(weights, kept, size)
        if binary_output:
            counts = m.cast(m.greater(counts, 0), counts.dtype)
        return counts


def _no_registered_gradient(t, op_type):
    """t itself, where a gradient is TensorFlow's LookupError (it registers none for op_type)."""
    from autograd_cli.tensorflow.custom_gradients import _memo_rule

    def grads_of(g, dy):
        raise LookupError(f"gradient registry has no entry for: {op_type}")

    def lower(L, a):
        g = L.g
        return g.apply("custom_gradient", g.identity(a), a, rule=_memo_rule(g, grads_of, 1), name=op_type)
    return make_op(op_type, Recipe("fn", lower), [t], [t.dtype], op_type, eager_fn=lambda a: a)[0]


def _bincount_size(arr, minlength, maxlength):
    if minlength is not None and maxlength is not None and int(minlength) == int(maxlength):
        return int(minlength)
    values = _known(arr, "tf.math.bincount's length")
    size = int(values.max()) + 1 if values.size else 0
    if minlength is not None:
        size = max(int(minlength), size)
    if maxlength is not None:
        size = min(int(maxlength), size)
    return size


@tf_export("math.confusion_matrix")
def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=dtypes.int32, name=None):
    """counts[label, prediction] (or summed weights), num_classes x num_classes; TensorFlow's
    checks of negative and out-of-bound values are made eagerly."""
    from autograd_cli.tensorflow import check_ops
    from autograd_cli.tensorflow.tf1_metrics import _squeezable

    dtype = as_dtype(dtype)
    with name_scope(name, "confusion_matrix"):
        labels, predictions = _squeezable(convert_to_tensor(labels), convert_to_tensor(predictions))
        predictions, labels = m.cast(predictions, dtypes.int64), m.cast(labels, dtypes.int64)
        if ctx.eager:
            check_ops.assert_non_negative(labels, message="`labels` contains negative values")
            check_ops.assert_non_negative(predictions, message="`predictions` contains negative values")
        if num_classes is None:
            num = max(int(_known(t, "tf.math.confusion_matrix's number of classes").max(initial=-1))
                      for t in (labels, predictions)) + 1
        else:
            num = int(num_classes)
            if ctx.eager:
                bound = convert_to_tensor(num, dtype=dtypes.int64)
                check_ops.assert_less(labels, bound, message="`labels` out of bound")
                check_ops.assert_less(predictions, bound, message="`predictions` out of bound")
        if weights is not None:
            weights = convert_to_tensor(weights)
            if not predictions.shape.is_compatible_with(weights.shape):
                raise ValueError(f"Shapes {predictions.shape} and {weights.shape} are incompatible")
            values = m.cast(weights, dtype)
        else:
            values = array_ops.ones_like(predictions, dtype=dtype)
        cells = m.add(m.multiply(labels, num), predictions)
        counts = unsorted_segment_sum(values, cells, num * num)
        return array_ops.reshape(counts, [num, num])


@tf_export("compat.v1.math.confusion_matrix", "compat.v1.confusion_matrix")
def confusion_matrix_v1(labels, predictions, num_classes=None, dtype=dtypes.int32, name=None, weights=None):
    """TF1's order of arguments (dtype before weights)."""
    return confusion_matrix(labels, predictions, num_classes, weights, dtype, name)
refresh()
