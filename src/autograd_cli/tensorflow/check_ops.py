"""The assert family (tf.debugging.assert_equal ... assert_all_finite, and TF1's root
spellings), tf.debugging.check_numerics and tf.compat.v1.verify_tensor_all_finite /
add_check_numerics_ops, with TensorFlow 2.21's messages.

Eagerly an assert raises InvalidArgumentError when it fails and returns None. In a graph it
is checked while building where TensorFlow checks it then (both operands constant; a static
rank, dtype or shape), else it is an Assert op (effects.py) that fails the `sess.run` needing
it, as a fetch or through tf.control_dependencies. The TF2 spellings take no `data=`.
"""
from __future__ import annotations

import functools

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops
from autograd_cli.tensorflow.array_ops import identity, shape as shape_of, static_value
from autograd_cli.tensorflow.control import no_op
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.effects import Assert, effect_op, remembering
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.modes import name_scope


def _tf2(v1, *paths):
    """Export TF2's spelling `fn` at paths; in TF1 code (where `tf` is tf.compat.v1) a call of it
    is TF1's (its `data=`, its order of arguments, its results)."""
    def export(v2):
        @functools.wraps(v2)
        def call(*args, **kwargs):
            return (v1 if ctx.v1 else v2)(*args, **kwargs)
        return tf_export(*paths)(call)
    return export


def _prefix(message) -> str:
    return f"{message}.  " if message else ""


def _limit(summarize):
    """An eager message's element count: 3 by default, every element when negative."""
    return 3 if summarize is None else (10 ** 9 if summarize < 0 else int(summarize))


def _pretty(item, limit) -> str:
    """A data entry in an eager assert's message: a tensor as a list of its first elements'
    texts (`['1.0', '2.0', '...']`), a scalar as its value, anything else as str()."""
    if isinstance(item, Tensor):
        value = np.asarray(item._value)
        if value.ndim == 0:
            return str(value[()])
        flat = value.reshape(-1)
        texts = [str(v) for v in flat[:limit]]
        if len(texts) < flat.size:
            texts.append("...")
        return str(texts)
    return str(item)


def _failure_data(sym, x, y, limit, holds):
    """TensorFlow's default eager message after its first line: where the condition fails
    (when x and y have one shape, not scalar), then the first elements of each."""
    data = [f"Condition x {sym} y did not hold."]
    if limit > 0:
        xv, yv = np.asarray(x._value), np.asarray(y._value)
        if x._shape == y._shape and x._shape:
            failed = ~np.asarray(holds, dtype=bool)
            indices = np.argwhere(failed)
            count = min(limit, indices.shape[0])
            data += [f"Indices of first {count} different values:", indices[:count],
                     "Corresponding x values:", xv[failed].reshape(-1)[:count],
                     "Corresponding y values:", yv[failed].reshape(-1)[:count]]
        xf, yf = xv.reshape(-1), yv.reshape(-1)
        data += [f"First {min(xf.size, limit)} elements of x:", xf[:min(xf.size, limit)],
                 f"First {min(yf.size, limit)} elements of y:", yf[:min(yf.size, limit)]]
    return data


def _static_failure(data):
    """Both operands constant and the condition false while building: TensorFlow's error, its
    data's constants as NumPy prints them."""
    texts = []
    for k, item in enumerate(data):
        if isinstance(item, Tensor):
            value = static_value(item)
            if value is None:
                raise TypeError(f"sequence item {k}: expected str instance, SymbolicTensor found")
            texts.append(str(value))
        else:
            texts.append(str(item))
    return InvalidArgumentError(None, None, "\n".join(texts))


def _binary_assert(sym, opname, compare, holds_np, x, y, data, summarize, message, name):
    with name_scope(name, opname):
        x = convert_to_tensor(x, name="x")
        y = convert_to_tensor(y, name="y")
        if ctx.eager:
            holds = compare(x, y)        # (TensorFlow's errors for shapes and dtypes that do not match)
            if bool(np.all(holds._value)):
                return None
            limit = _limit(summarize)
            if data is None:
                data = _failure_data(sym, x, y, limit, holds._value)
            if message is not None:
                data = [message] + list(data)
            raise InvalidArgumentError(None, None, "\n".join(_pretty(d, limit) for d in data))
        if data is None:
            data = [f"Condition x {sym} y did not hold element-wise:", f"x ({x.name}) = ", x, f"y ({y.name}) = ", y]
        if message is not None:
            data = [message] + list(data)
        condition = math_ops.reduce_all(compare(x, y))
        xs, ys = static_value(x), static_value(y)
        if xs is not None and ys is not None and not np.all(holds_np(xs, ys)):
            raise _static_failure(data)
        return Assert(condition, data, summarize=summarize)


def _binary(sym, opname, compare, holds_np, root_v2, export=True):
    def v1(x, y, data=None, summarize=None, message=None, name=None):
        return _binary_assert(sym, opname, compare, holds_np, x, y, data, summarize, message, name)

    def v2(x, y, message=None, summarize=None, name=None):
        return v1(x, y, summarize=summarize, message=message, name=name)
    v1.__name__ = v1.__qualname__ = opname
    v2.__name__ = v2.__qualname__ = f"{opname}_v2"
    if export:
        tf_export(f"compat.v1.debugging.{opname}", f"compat.v1.{opname}")(v1)
        _tf2(v1, f"debugging.{opname}", *([opname] if root_v2 else []))(v2)
    return v1


_assert_equal = _binary("==", "assert_equal", math_ops.equal, np.equal, True, export=False)
assert_none_equal = _binary("!=", "assert_none_equal", math_ops.not_equal, np.not_equal, False)
assert_less = _binary("<", "assert_less", math_ops.less, np.less, True)
assert_less_equal = _binary("<=", "assert_less_equal", math_ops.less_equal, np.less_equal, False)
assert_greater = _binary(">", "assert_greater", math_ops.greater, np.greater, True)
assert_greater_equal = _binary(">=", "assert_greater_equal", math_ops.greater_equal, np.greater_equal, False)


def assert_equal(x, y, data=None, summarize=None, message=None, name=None):
    with name_scope(name, "assert_equal"):     # (TensorFlow's own, before its check's: a graph name taken)
        if x is y:           # (the same object is equal to itself)
            return None if ctx.eager else no_op()
    return _assert_equal(x, y, data, summarize, message, name)


def assert_equal_v2(x, y, message=None, summarize=None, name=None):
    return assert_equal(x, y, summarize=summarize, message=message, name=name)


tf_export("compat.v1.debugging.assert_equal", "compat.v1.assert_equal")(assert_equal)
_tf2(assert_equal, "debugging.assert_equal", "assert_equal")(assert_equal_v2)


def _sign(opname, condition_text, zero_first, compare):
    """assert_positive ... assert_non_positive: x against 0 by assert_less / assert_less_equal,
    TensorFlow's message naming x by its shape and dtype (eagerly) or its name."""
    def v1(x, data=None, summarize=None, message=None, name=None):
        prefix = _prefix(message)
        with name_scope(name, opname):
            x = convert_to_tensor(x, name="x")
            if data is None:
                shown = f"shape={x.shape} dtype={x.dtype.name}" if ctx.eager else x.name
                data = [prefix] + [part.format(shown) for part in condition_text]
                data.append(x)
            zero = convert_to_tensor(np.zeros((), dtype=x.dtype.np), dtype=x.dtype)
            a, b = (zero, x) if zero_first else (x, zero)
            return compare(a, b, data=data, summarize=summarize)

    def v2(x, message=None, summarize=None, name=None):
        return v1(x, summarize=summarize, message=message, name=name)
    v1.__name__ = v1.__qualname__ = opname
    v2.__name__ = v2.__qualname__ = f"{opname}_v2"
    tf_export(f"compat.v1.debugging.{opname}", f"compat.v1.{opname}")(v1)
    _tf2(v1, f"debugging.{opname}")(v2)
    return v1


assert_negative = _sign("assert_negative", ["Condition x < 0 did not hold element-wise:", "x ({}) = "], False,
                        assert_less)
assert_positive = _sign("assert_positive", ["Condition x > 0 did not hold element-wise:", "x ({}) = "], True,
                        assert_less)
assert_non_negative = _sign("assert_non_negative", ["Condition x >= 0 did not hold element-wise:", "x ({}) = "],
                            True, assert_less_equal)
# (TensorFlow's text has no line break before `x (...)` here)
assert_non_positive = _sign("assert_non_positive", ["Condition x <= 0 did not hold element-wise:x ({}) = "], False,
                            assert_less_equal)


@tf_export("compat.v1.debugging.assert_near", "compat.v1.assert_near")
def assert_near(x, y, rtol=None, atol=None, data=None, summarize=None, message=None, name=None):
    """|x - y| < atol + rtol |y| everywhere (10 eps of the dtype by default); no check while
    building, as in TensorFlow."""
    prefix = _prefix(message)
    with name_scope(name, "assert_near"):
        x = convert_to_tensor(x, name="x")
        y = convert_to_tensor(y, name="y", dtype=x.dtype)
        eps = np.finfo(x.dtype.np).eps            # (an integer dtype: NumPy's ValueError, as TensorFlow's)
        rtol = convert_to_tensor(10 * eps if rtol is None else rtol, name="rtol", dtype=x.dtype)
        atol = convert_to_tensor(10 * eps if atol is None else atol, name="atol", dtype=x.dtype)
        if ctx.eager:
            x_name, y_name = (f"shape={t.shape} dtype={t.dtype.name}" for t in (x, y))
        else:
            x_name, y_name = x.name, y.name
        if data is None:
            data = [prefix, f"x and y not equal to tolerance rtol = {rtol!s}, atol = {atol!s}", f"x ({x_name}) = ", x,
                    f"y ({y_name}) = ", y]
        tolerance = math_ops.add(atol, math_ops.multiply(rtol, math_ops.abs(y)))
        condition = math_ops.reduce_all(math_ops.less(math_ops.abs(math_ops.subtract(x, y)), tolerance))
        return Assert(condition, data, summarize=summarize)


@_tf2(assert_near, "debugging.assert_near")
def assert_near_v2(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    return assert_near(x, y, rtol=rtol, atol=atol, summarize=summarize, message=message, name=name)


# ---------------------------------------------------------------- ranks, dtypes, scalars

def _rank_tensor(x):
    """tf.rank, also of a graph tensor of unknown rank (its rank at run time)."""
    if x._shape is not None:
        return convert_to_tensor(np.int32(len(x._shape)))
    return make_op("Rank", Recipe("fn", lambda L, n: L.g.const(np.array(float(len(n.shape))))), [x],
                   [dtypes.int32])[0]


def _rank_assert(x, ranks, wording, holds, data, summarize, message, opname, name):
    """assert_rank / assert_rank_at_least / assert_rank_in: static where x's rank and the
    ranks are known, else an Assert on the rank at run time."""
    with name_scope(name, opname):
        x = convert_to_tensor(x, name="x")
        ranks = [convert_to_tensor(r, name="rank") for r in ranks]
        prefix = _prefix(message)
        shown = "" if ctx.eager else x.name
        if data is None:
            data = [prefix, f"Tensor {shown} must have rank{wording}", *ranks, "Received shape: ", shape_of(x)]
        for r in ranks:
            assert_type(r, dtypes.int32)
        known = [static_value(r) for r in ranks]
        if all(k is not None for k in known):
            if any(np.ndim(k) != 0 for k in known):
                raise ValueError("Rank must be a scalar.")
            if x._shape is not None:
                if not holds(len(x._shape), [int(k) for k in known]):
                    given = (f" {int(known[0])}" if len(known) == 1 and opname != "assert_rank_in"
                             else f" {tuple(int(k) for k in known)}")
                    raise ValueError(f"{prefix}Tensor {shown} must have rank{wording}{given}.  Received rank "
                                     f"{len(x._shape)}, shape {x.shape}")
                return no_op(name="static_checks_determined_all_ok")
        actual = _rank_tensor(x)
        compare = math_ops.greater_equal if holds is _at_least else math_ops.equal
        checks = [compare(actual, r) for r in ranks]
        condition = checks[0]
        for check in checks[1:]:
            condition = math_ops.logical_or(condition, check)
        return Assert(condition if checks else False, data, summarize=summarize)


def _equal(actual, ranks):
    return actual == ranks[0]


def _at_least(actual, ranks):
    return actual >= ranks[0]


def _within(actual, ranks):
    return actual in ranks


@tf_export("compat.v1.debugging.assert_rank", "compat.v1.assert_rank")
def assert_rank(x, rank, data=None, summarize=None, message=None, name=None):
    return _rank_assert(x, [rank], "", _equal, data, summarize, message, "assert_rank", name)


@_tf2(assert_rank, "debugging.assert_rank", "assert_rank")
def assert_rank_v2(x, rank, message=None, name=None):
    return assert_rank(x, rank, message=message, name=name)


@tf_export("compat.v1.debugging.assert_rank_at_least", "compat.v1.assert_rank_at_least")
def assert_rank_at_least(x, rank, data=None, summarize=None, message=None, name=None):
    return _rank_assert(x, [rank], " at least", _at_least, data, summarize, message, "assert_rank_at_least", name)


@_tf2(assert_rank_at_least, "debugging.assert_rank_at_least")
def assert_rank_at_least_v2(x, rank, message=None, name=None):
    return assert_rank_at_least(x, rank, message=message, name=name)


@tf_export("compat.v1.debugging.assert_rank_in", "compat.v1.assert_rank_in")
def assert_rank_in(x, ranks, data=None, summarize=None, message=None, name=None):
    return _rank_assert(x, list(ranks), " in", _within, data, summarize, message, "assert_rank_in", name)


@_tf2(assert_rank_in, "debugging.assert_rank_in")
def assert_rank_in_v2(x, ranks, message=None, name=None):
    return assert_rank_in(x, ranks, message=message, name=name)


@tf_export("compat.v1.debugging.assert_type", "compat.v1.assert_type")
def assert_type(tensor, tf_type, message=None, name=None):
    tf_type = as_dtype(tf_type)
    with name_scope(name, "assert_type"):
        tensor = convert_to_tensor(tensor, name="tensor")
        if tensor.dtype != tf_type:
            raise TypeError(f"{_prefix(message)}{getattr(tensor, 'name', 'tensor')} must be of type {tf_type!r}; "
                            f"got {tensor.dtype!r}")
        return no_op(name="statically_determined_correct_type")


@_tf2(assert_type, "debugging.assert_type")
def assert_type_v2(tensor, tf_type, message=None, name=None):
    assert_type(tensor, tf_type, message=message, name=name)


@tf_export("compat.v1.debugging.assert_integer", "compat.v1.assert_integer")
def assert_integer(x, message=None, name=None):
    with name_scope(name, "assert_integer"):
        x = convert_to_tensor(x, name="x")
        if not x.dtype.is_integer:
            shown = "tensor" if ctx.eager else x.name
            raise TypeError(f'{_prefix(message)}Expected "x" to be integer type.  Found: {shown} of dtype {x.dtype}')
        return no_op(name="statically_determined_was_integer")


@_tf2(assert_integer, "debugging.assert_integer")
def assert_integer_v2(x, message=None, name=None):
    assert_integer(x, message=message, name=name)


@tf_export("compat.v1.debugging.assert_scalar", "compat.v1.assert_scalar")
def assert_scalar(tensor, name=None, message=None):
    with name_scope(name, "assert_scalar"):
        tensor = convert_to_tensor(tensor)
        if tensor._shape is None or len(tensor._shape) != 0:
            where = "" if ctx.eager else f" for {tensor.name}"
            raise ValueError(f"{_prefix(message)}Expected scalar shape{where}, saw shape: {tensor.shape}.")
        return tensor


@_tf2(assert_scalar, "debugging.assert_scalar")
def assert_scalar_v2(tensor, message=None, name=None):
    assert_scalar(tensor, message=message, name=name)


# ---------------------------------------------------------------- NaN and Inf

def _numerics_failure(values) -> str | None:
    value = values[0]
    inf, nan = bool(np.isinf(value).any()), bool(np.isnan(value).any())
    if not (inf or nan):
        return None
    return "Inf and NaN" if inf and nan else "Inf" if inf else "NaN"


def _numerics_error(message, kind, node, eager):
    text = f"{message} : Tensor had {kind} values"
    if eager:
        return InvalidArgumentError(None, None, kernel_message("CheckNumerics", text, named=True))
    return InvalidArgumentError(None, None, f"{text}\n\t [[{{{{node {node}}}}}]]")


def _checked_gradient(message, node, eager):
    """CheckNumerics' gradient: the upstream gradient, checked too (TensorFlow's message)."""
    # (TensorFlow formats the op's message attribute, bytes: `b'...'`)
    shown = message.encode() if isinstance(message, str) else message
    text = f"Not a number (NaN) or infinity (Inf) values detected in gradient. {shown!s}"

    @remembering
    def check(index, dy):
        kind = _numerics_failure([dy])
        if kind is not None:
            raise _numerics_error(text, kind, f"gradients/{node}_grad/CheckNumerics", eager)
        return dy

    def rule(g, dy, i):
        return g.apply("py_function", dy, call=check, index=0, shape=dy.shape) if i == 0 else None
    return rule


@tf_export("debugging.check_numerics", "compat.v1.debugging.check_numerics", "compat.v1.check_numerics")
def check_numerics(tensor, message, name=None):
    """The tensor, or InvalidArgumentError (when it runs, in a graph) if it holds a NaN or an
    infinity; its gradient the upstream gradient, checked as well."""
    x = convert_to_tensor(tensor)
    if not x.dtype.is_floating:
        raise TypeError(f"Value passed to parameter 'tensor' has DataType {x.dtype.name} not in list of allowed "
                        "values: bfloat16, float16, float32, float64")
    eager = ctx.eager
    node = "CheckNumerics" if eager else ctx.graph.unique_name(name or "CheckNumerics")

    def act(values):
        kind = _numerics_failure(values)
        if kind is not None:
            raise _numerics_error(message, kind, node, eager)
    return effect_op("CheckNumerics", node, [x], act, through=_checked_gradient(message, node, eager))


@tf_export("compat.v1.verify_tensor_all_finite", "compat.v1.debugging.assert_all_finite")
def verify_tensor_all_finite(t=None, msg=None, name=None, x=None, message=None):
    x = t if t is not None else x
    message = msg if msg is not None else message
    with name_scope(name, "VerifyFinite"):
        x = convert_to_tensor(x, name="x")
        checked = check_numerics(x, message=message)
        return identity(checked, name="control_dependency")


@_tf2(verify_tensor_all_finite, "debugging.assert_all_finite")
def verify_tensor_all_finite_v2(x, message, name=None):
    return verify_tensor_all_finite(x=x, message=message, name=name)


@tf_export("compat.v1.add_check_numerics_ops")
def add_check_numerics_ops():
    """A check_numerics op on every float tensor of the graph so far, each run after the one
    before it (so the first failing tensor in creation order is the one reported)."""
    from autograd_cli.tensorflow.control import control_dependencies, group

    if ctx.eager:
        raise RuntimeError("add_check_numerics_ops() is not compatible with eager execution. To check for Inf's "
                           "and NaN's under eager execution, call tf.debugging.enable_check_numerics() once before "
                           "executing the checked operations.")
    checks: list = []
    for op in ctx.graph.get_operations():
        for output in op.outputs:
            if output.dtype in (dtypes.float16, dtypes.float32, dtypes.float64):
                with control_dependencies(checks):
                    checks = [check_numerics(output, message=f"{op.name}:{output.value_index}")]
    return group(*checks)


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
