"""More of tf.math: rint (the round row: both round half to even),
and TensorFlow's compositions lbeta, polyval, cumulative_logsumexp, is_non_decreasing,
is_strictly_increasing and invert_permutation, made of this package's ops (their gradients
are those ops')."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import FLOAT_REAL
from autograd_cli.tensorflow import array_ops
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import convert_to_tensor, ctx, is_tensor_like
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.modes import name_scope


@tf_export("math.rint", "compat.v1.rint")
def rint(x, name=None):
    """Rounds half to even, as the round row does; no gradient (TensorFlow's Rint gives None)."""
    return m.unary("Rint", "round", x, name, allowed=FLOAT_REAL)


@tf_export("math.lbeta", "compat.v1.lbeta")
def lbeta(x, name=None):
    """log|Beta(x)| over the last axis: sum(lgamma(x)) - lgamma(sum(x))."""
    with name_scope(name, "lbeta"):
        x = convert_to_tensor(x)
        log_prod_gamma_x = m.reduce_sum(m.lgamma(x), axis=[-1])
        log_gamma_sum_x = m.lgamma(m.reduce_sum(x, axis=[-1]))
        return log_prod_gamma_x - log_gamma_sum_x


@tf_export("math.polyval")
def polyval(coeffs, x, name=None):
    """Horner's rule: coeffs[0] * x^(n-1) + ... + coeffs[n-1]."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    with name_scope(name, "polyval"):
        x = convert_to_tensor(x)
        if not coeffs:
            return array_ops.zeros_like(x, name=name)
        coeffs = [convert_to_tensor(c) for c in coeffs]
        p = coeffs[0]
        for c in coeffs[1:]:
            p = c + p * x
        return p


_LOGSUMEXP_SIGNATURE = "x:T, axis:Tidx -> out:T"


@tf_export("math.cumulative_logsumexp")
def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    """log(cumsum(exp(x))) along axis: here each position is a reduce_logsumexp of the elements
    before it (a triangular mask, so a large spread of values loses nothing and the gradient is
    reduce_logsumexp's, the softmax of those elements). The axis' size must be known."""
    x = convert_to_tensor(x)
    m.check_kernel("CumulativeLogsumexp", x, FLOAT_REAL, _LOGSUMEXP_SIGNATURE,
                   before="attr=exclusive:bool,default=false; attr=reverse:bool,default=false; ",
                   tail="; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")
    rank = len(x._shape)
    axis = int(axis)
    if ctx.eager:
        kernel.scan("CumulativeLogsumexp", rank, axis)
    axis %= max(rank, 1)
    size = x._shape[axis]
    if size is None:
        raise NotImplementedError("tf.math.cumulative_logsumexp needs the size of its axis when the graph is built")
    with name_scope(name, "CumulativeLogsumexp"):
        perm = None
        if axis != rank - 1:
            perm = [*range(axis), *range(axis + 1, rank), axis]
            x = array_ops.transpose(x, perm)
        rows, cols = np.indices((size, size))
        keep = (cols >= rows if reverse else cols <= rows) & ((cols != rows) if exclusive else True)
        spread = array_ops.where(convert_to_tensor(keep), array_ops.expand_dims(x, -2),
                                 convert_to_tensor(-np.inf, dtype=x.dtype))
        out = m.reduce_logsumexp(spread, axis=-1)
        if perm is not None:
            out = array_ops.transpose(out, list(np.argsort(perm)))
        return out


def _differences(x):
    x = convert_to_tensor(x)
    numeric = x.dtype.is_floating or x.dtype.is_integer or x.dtype.is_complex
    if not numeric:
        raise TypeError(f"Expected x to be numeric, instead found: {x}")
    flat = array_ops.reshape(x, [-1])
    return flat[1:] - flat[:-1]


@tf_export("math.is_non_decreasing", "compat.v1.debugging.is_non_decreasing", "compat.v1.is_non_decreasing")
def is_non_decreasing(x, name=None):
    with name_scope(name, "is_non_decreasing"):
        diff = _differences(x)
        return m.reduce_all(m.less_equal(convert_to_tensor(0, dtype=diff.dtype), diff))


@tf_export("math.is_strictly_increasing", "compat.v1.debugging.is_strictly_increasing",
           "compat.v1.is_strictly_increasing")
def is_strictly_increasing(x, name=None):
    with name_scope(name, "is_strictly_increasing"):
        diff = _differences(x)
        return m.reduce_all(m.less(convert_to_tensor(0, dtype=diff.dtype), diff))


@tf_export("math.invert_permutation", "compat.v1.invert_permutation")
def invert_permutation(x, name=None):
    """y[x[i]] = i: here the argsort of x (a permutation's argsort is its inverse), checked
    as TensorFlow's kernel checks it when the values are known."""
    from autograd_cli.tensorflow.linalg_ops import argsort

    named = is_tensor_like(x)     # (given a list, TensorFlow's message has no name)
    x = convert_to_tensor(x)
    if ctx.eager and x.dtype.kernel_name not in ("int32", "int64"):
        raise InvalidArgumentError(None, None, (
            f"Value for attr 'T' of {x.dtype.kernel_name} is not in the list of allowed values: int32, int64\n\t; "
            "NodeDef: {{node InvertPermutation}}; Op<name=InvertPermutation; signature=x:T -> y:T; "
            "attr=T:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:InvertPermutation] name: "))
    m.check_kernel("InvertPermutation", x, ("int32", "int64"))
    if ctx.eager:
        _check_permutation(x._value, named)
    with name_scope(name, "InvertPermutation"):
        return m.cast(argsort(x), x.dtype)


def _check_permutation(values, named):
    def fail(text):
        raise InvalidArgumentError(None, None, kernel_message("InvertPermutation", text, named))
    if values.ndim != 1:
        fail("invert_permutation expects a 1D vector.")
    seen = np.zeros(values.size, dtype=bool)
    for d in values.tolist():
        if not 0 <= d < values.size:
            fail(f"{d} is not between 0 and {values.size}")
        if seen[d]:
            fail(f"{d} is duplicated in the input.")
        seen[d] = True


refresh()
