"""Python's operators on tensors and variables, as TensorFlow defines them."""
from __future__ import annotations

from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx, is_tensor_like
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.tracing import eager_outside_functions


def _swap(fn, name):
    # a reflected operator converts the Python operand to the tensor's dtype first, strictly
    # (TensorFlow's r_binary_op_wrapper): `1 / x` of a float32 x divides float32s. In a graph
    # it does so in the op's name scope: the constant of `1.0 - x` is `sub/x`, the op `sub`.
    def reflected(self, other):
        if not is_tensor_like(other):
            scope = m.op_scope(name, name, other)
            other = convert_to_tensor(other, dtype=convert_to_tensor(self).dtype,
                                      name=None if scope is None else f"{scope}/x/")
            return fn(other, self, m.scoped_name(scope, name))
        return fn(other, self)
    return reflected


def _add(x, y, name="add"):
    # (TensorFlow's `x + y` converts y with x's dtype only as a hint: 1.0 to an int32 x is a float
    # tensor, then the kernel's dtype error; `1.0 + x` converts 1.0 strictly, a TypeError)
    scope = m.op_scope("AddV2", name, x, y)
    y = m.hinted(y, convert_to_tensor(x).dtype, None if scope is None else f"{scope}/y/")
    return m.binary("AddV2", "add", x, y, m.scoped_name(scope, name))


def _radd(x, y, name="add"):
    return m.binary("AddV2", "add", x, y, name)


def _sub(x, y, name="sub"):
    return m.binary("Sub", "subtract", x, y, name)


def _mul(x, y, name="mul"):
    return m.binary("Mul", "multiply", x, y, name)


def _truediv(x, y, name="truediv"):
    return m.truediv(x, y, name)


def _floordiv(x, y, name="floordiv"):
    return m.floordiv(x, y, name)      # (its kernel's check: integer division by zero)


def _mod(x, y, name="mod"):
    return m.floormod(x, y, name)


def _pow(x, y, name="pow"):
    return m.binary("Pow", "pow", x, y, name)


def _matmul(x, y, name="matmul"):
    return m.matmul(x, y, name=name)


def _eq(x, y):
    if ctx.v1 or not eager_outside_functions():
        return x is y
    if y is None:
        return False
    try:
        return m.equal(x, y)
    except (TypeError, ValueError):
        return False
    except InvalidArgumentError:        # shapes that do not broadcast: False (incompatible_shape_error=False)
        return convert_to_tensor(False)


def _ne(x, y):
    if ctx.v1 or not eager_outside_functions():
        return x is not y
    if y is None:
        return True
    try:
        return m.not_equal(x, y)
    except (TypeError, ValueError):
        return True
    except InvalidArgumentError:
        return convert_to_tensor(True)


def _and(x, y, name=None):
    return m.logical_and(x, y, name=name)


def _or(x, y, name=None):
    return m.logical_or(x, y, name=name)


def _xor(x, y, name=None):
    return m.logical_xor(x, y, name=name)


def _invert(x):
    x = convert_to_tensor(x)
    return m.logical_not(x)


def _abs(x):
    return m.abs(x)


def _neg(x):
    return m.negative(x)


def _wrapped(fn):
    """A Python operator as TensorFlow's binary_op_wrapper: its op is made in a name scope of
    its own name, which a tape's gradient ops are named in (`gradient_tape/mul/Mul`)."""
    def operator(x, y, *name):
        out = fn(x, y, *name)
        if isinstance(out, Tensor) and out._op is not None:
            out._op.attrs["operator_scope"] = True
        return out
    operator.__name__ = operator.__qualname__ = fn.__name__
    return operator


_add, _radd, _sub, _mul, _truediv, _floordiv, _mod, _pow, _matmul = (
    _wrapped(f) for f in (_add, _radd, _sub, _mul, _truediv, _floordiv, _mod, _pow, _matmul))

OPERATORS = {
    "__add__": _add, "__radd__": _swap(_radd, "add"), "__sub__": _sub, "__rsub__": _swap(_sub, "sub"),
    "__mul__": _mul, "__rmul__": _swap(_mul, "mul"), "__truediv__": _truediv, "__rtruediv__": _swap(_truediv, "truediv"),
    "__floordiv__": _floordiv, "__rfloordiv__": _swap(_floordiv, "floordiv"), "__mod__": _mod, "__rmod__": _swap(_mod, "mod"),
    "__pow__": _pow, "__rpow__": _swap(_pow, "pow"), "__matmul__": _matmul, "__rmatmul__": _swap(_matmul, "matmul"),
    "__lt__": m.less, "__le__": m.less_equal, "__gt__": m.greater, "__ge__": m.greater_equal,
    "__and__": _and, "__rand__": _swap(_and, "and"), "__or__": _or, "__ror__": _swap(_or, "or"), "__xor__": _xor,
    "__rxor__": _swap(_xor, "xor"), "__invert__": _invert, "__abs__": _abs, "__neg__": _neg,
    "__pos__": lambda x: x, "__eq__": _eq, "__ne__": _ne,
}


def install(cls):
    for name, fn in OPERATORS.items():
        setattr(cls, name, fn)
    cls.__hash__ = object.__hash__     # identity, without builtins.id's audit event (the box's hook)


install(Tensor)
del dtypes
