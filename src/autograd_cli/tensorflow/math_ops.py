"""tf.math: elementwise math, comparisons, reductions, matmul; the tensor operators."""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import OPS, ShapeError
from autograd_cli.ops.table import FLOAT_COMPLEX, FLOAT_REAL, broadcast
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import kernel_errors as kernel
from autograd_cli.tensorflow.core import (Tensor, constant_tensor, convert_to_tensor, ctx, is_tensor_like,
                                          make_op, to_array)
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.lowering import Recipe, shared
from autograd_cli.tensorflow.string_kernels import complex_abs, complex_to_real, string_add, string_cast

_ARG_NAMES = ("x", "y")
_F32 = np.dtype(np.float32)


def _shape_text(shape):
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def row_eager(row, params=None, op_type="", message=None):
    """op row `row` computed on NumPy arrays (params prepared from the arrays' shapes)."""
    op = OPS[row]
    params = params or {}
    forward, prepare, shape_rule, kernel32 = op.forward, op.prepare, op.shape, op.float32
    # a ufunc broadcasting as the rule does raises the rule's error itself (ValueError: the
    # message is made from the arrays either way)
    ruled = not (message is not None and prepare is None and shape_rule is broadcast
                 and isinstance(forward, np.ufunc))

    def fn(*arrays):
        try:
            p = prepare(*[a.shape for a in arrays], **params) if prepare is not None else params
            if ruled and (len(arrays) > 1 or prepare is not None):
                shape_rule(*[a.shape for a in arrays], **p)
            with np.errstate(all="ignore"):
                if kernel32 is not None and arrays[0].dtype == _F32:    # (TensorFlow's own float32 kernel)
                    return kernel32(*arrays, **p)
                if any(a.dtype == _C64 for a in arrays):
                    # (complex64 computed in complex128, as a graph's engine does, then rounded:
                    # NumPy's complex64 multiply fuses, x * conj(x) gets an imaginary part)
                    return _rounded_c64(forward(*[a.astype(np.complex128) if a.dtype == _C64 else a
                                                  for a in arrays], **p))
                return forward(*arrays, **p)
        except (ShapeError, ValueError, IndexError) as exc:
            text = message(*arrays) if message is not None else str(exc)
            raise InvalidArgumentError(None, None, kernel_message(op_type, text, op_type != "Reshape")) from None
    return fn


_C64 = np.dtype(np.complex64)


def _rounded_c64(out):
    out = np.asarray(out)
    if out.dtype == np.complex128:
        return out.astype(np.complex64)
    return out.astype(np.float32) if out.dtype == np.float64 else out


def _incompatible(*arrays):
    return "Incompatible shapes: " + " vs. ".join(_shape_text(a.shape) for a in arrays)


def tensor_of(value, dtype=None, name=None):
    return convert_to_tensor(value, dtype=dtype)


def op_scope(op_type, name, *operands):
    """In a graph, where an operand is a Python value: the op's name reserved first, as
    TensorFlow opens the op's name scope before it converts the operands (the constant is
    `mul/y`, the op `mul`, and no `Const` name is taken). None otherwise."""
    if ctx.eager or all(is_tensor_like(v) for v in operands):
        return None
    return ctx.graph.unique_name(name or op_type)


def scoped_name(scope, name):
    """The name to give an op of the reserved scope (as is), else `name`."""
    return name if scope is None else scope + "/"


def binary_inputs(op_type, x, y, scope=None, names=("x", "y")):
    """Two operands as tensors of one dtype, as TensorFlow converts them: a Python
    value takes the tensor's dtype; two tensors of different dtypes are an error. With
    the op's reserved scope, a converted operand is named in it (`mul/y`)."""
    x_is, y_is = is_tensor_like(x), is_tensor_like(y)
    if x_is:
        x = convert_to_tensor(x)
    if y_is:
        y = convert_to_tensor(y)
    const_x = None if scope is None else f"{scope}/{names[0]}/"
    const_y = None if scope is None else f"{scope}/{names[1]}/"
    if x_is and not y_is:
        y = _operand(op_type, y, x, *names[::-1], const_y)
    elif y_is and not x_is:
        x = _operand(op_type, x, y, *names, const_x)
    elif not x_is and not y_is:
        x = convert_to_tensor(x, name=const_x)
        y = _operand(op_type, y, x, *names[::-1], const_y)
    if x.dtype != y.dtype:
        if ctx.eager:
            raise InvalidArgumentError(None, None, f"cannot compute {op_type} as input #1(zero-based) was expected "
                                       f"to be a {x.dtype.kernel_name} tensor but is a {y.dtype.kernel_name} "
                                       f"tensor [Op:{op_type}] name: ")
        raise TypeError(f"Input '{names[1]}' of '{op_type}' Op has type {y.dtype.name} that does not match type "
                        f"{x.dtype.name} of argument '{names[0]}'.")
    return x, y


def _operand(op_type, value, other, mine, theirs, const_name=None):
    try:
        array, kind = to_array(value, other.dtype)
    except TypeError:
        if ctx.eager:
            raise
        _, kind = to_array(value, None)
        raise TypeError(f"Input '{mine}' of '{op_type}' Op has type {kind.name} that does not match type "
                        f"{other.dtype.name} of argument '{theirs}'.") from None
    return constant_tensor(array, kind, const_name)


def binary(op_type, row, x, y, name=None, out_dtype=None):
    if op_type == "AddV2" and _is_string(x):
        op_type = "Add"               # (TensorFlow's add of strings is the Add op: AddV2 has no string kernel)
    if not ctx.eager:
        _check_strings(op_type, x)    # (a graph's op builder checks x's dtype before it converts y)
    scope = op_scope(op_type, name, x, y)
    x, y = binary_inputs(op_type, x, y, scope)
    name = scoped_name(scope, name)
    if x.dtype is dtypes.string:
        if op_type == "Add":
            return string_add(x, y, name)
        _check_strings(op_type, x)
    dt = out_dtype or x.dtype
    recipe, eager_fn = shared("row", row, None, lambda: row_eager(row, None, op_type, _incompatible), op_type)
    return make_op(op_type, recipe, [x, y], [dt], name, eager_fn=eager_fn)[0]


def _is_string(x) -> bool:
    return isinstance(x, (str, bytes)) or is_tensor_like(x) and convert_to_tensor(x).dtype is dtypes.string


# The dtypes of the binary ops' kernels that have none for strings (Equal and NotEqual have:
# interned strings compare by their engine positions), in their OpDefs' order.
_WIDE = ("bfloat16", "half", "float", "double", "uint8", "int8", "uint16", "int16", "int32", "uint32", "uint64",
         "int64", "complex64", "complex128")
_ORDERED = ("float", "double", "int32", "uint8", "int16", "int8", "int64", "bfloat16", "uint16", "half", "uint32",
            "uint64")
_EXTREMA = ("bfloat16", "half", "float", "double", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
            "uint64")
_NO_STRINGS = {
    "Sub": ("bfloat16", "half", "float", "double", "uint8", "int8", "uint16", "int16", "int32", "int64",
            "complex64", "complex128", "uint32", "uint64"),
    "Mul": _WIDE, "FloorDiv": _WIDE, "Maximum": _EXTREMA, "Minimum": _EXTREMA,
    "FloorMod": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bfloat16", "half",
                 "float", "double"),
    "Pow": ("bfloat16", "float", "half", "double", "int8", "int16", "int32", "int64", "complex64", "complex128"),
    "SquaredDifference": ("bfloat16", "half", "float", "double", "int32", "int64", "complex64", "complex128"),
    "Less": _ORDERED, "LessEqual": _ORDERED, "Greater": _ORDERED, "GreaterEqual": _ORDERED,
}
_COMMUTATIVE = ("Mul", "SquaredDifference")


def _check_strings(op_type, x):
    """TensorFlow's error for a string operand of a binary op without a string kernel."""
    if op_type in ("Equal", "NotEqual", "Add") or not (is_tensor_like(x) and convert_to_tensor(x).dtype is
                                                        dtypes.string):
        return
    result = "z:bool" if op_type.startswith(("Less", "Greater")) else "z:T"
    check_kernel(op_type, convert_to_tensor(x), _NO_STRINGS.get(op_type, FLOAT_COMPLEX), f"x:T, y:T -> {result}",
                 tail="; is_commutative=true" if op_type in _COMMUTATIVE else "")


def unary(op_type, row, x, name=None, out_dtype=None, allowed=None, signature="x:T -> y:T"):
    x = convert_to_tensor(x)
    if allowed is not None:
        check_kernel(op_type, x, allowed, signature)
    recipe, eager_fn = shared("row", row, None, lambda: row_eager(row, None, op_type), (op_type, 1))
    return make_op(op_type, recipe, [x], [out_dtype or x.dtype], name, eager_fn=eager_fn)[0]


_PYTHON_NAMES = {"half": "float16", "float": "float32", "double": "float64"}


def check_kernel(op_type, x, allowed=FLOAT_COMPLEX, signature="x:T -> y:T", param="x", before="", tail=""):
    """TensorFlow's error for a dtype the op's kernel does not take: eagerly the kernel's
    InvalidArgumentError, while building a graph the op builder's TypeError."""
    if x.dtype.kernel_name in allowed:
        return
    if ctx.eager:
        listed = ", ".join("DT_" + a.upper() for a in allowed)
        raise InvalidArgumentError(None, None, (
            f"Value for attr 'T' of {x.dtype.kernel_name} is not in the list of allowed values: "
            f"{', '.join(allowed)}\n\t; NodeDef: {{{{node {op_type}}}}}; Op<name={op_type}; signature={signature}; "
            f"{before}attr=T:type,allowed=[{listed}]{tail}> [Op:{op_type}] name: "))
    raise TypeError(f"Value passed to parameter '{param}' has DataType {x.dtype.name} not in list of allowed "
                    f"values: {', '.join(_PYTHON_NAMES.get(a, a) for a in allowed)}")


# ---------------------------------------------------------------- arithmetic

@tf_export("math.add", "add", builtin="add")
def add(x, y, name=None):
    return binary("AddV2", "add", x, y, name or "Add")


@tf_export("math.subtract", "subtract", builtin="subtract")
def subtract(x, y, name=None):
    return binary("Sub", "subtract", x, y, name or "Sub")


@tf_export("math.multiply", "multiply", builtin="multiply")
def multiply(x, y, name=None):
    return binary("Mul", "multiply", x, y, name or "Mul")


@tf_export("math.scalar_mul", "scalar_mul")
def scalar_mul(scalar, x, name=None):
    """TensorFlow's scalar_mul: the scalar takes x's dtype, then an ordinary multiply."""
    x = convert_to_tensor(x)
    scalar = convert_to_tensor(scalar, dtype=x.dtype, name="scalar")
    if scalar.shape.rank not in (0, None):
        raise ValueError(f"Only scalar multiply works, got shape {tuple(scalar.shape.as_list())}")
    return multiply(scalar, x, name)


def hinted(value, dtype, name=None):
    """TensorFlow's convert_to_tensor(value, dtype_hint=dtype): a Python value takes the dtype
    if it can, else its own (a tensor keeps its own)."""
    if is_tensor_like(value):
        return convert_to_tensor(value)
    try:
        return convert_to_tensor(value, dtype=dtype, name=name)
    except (TypeError, ValueError):
        return convert_to_tensor(value, name=name)


@tf_export("math.truediv", "truediv")
def truediv(x, y, name=None):
    # TensorFlow's Python truediv: y converted with x's dtype as a hint, then one dtype or a TypeError
    scope = op_scope("RealDiv", name or "truediv", x, y)
    x = convert_to_tensor(x, name=None if scope is None or is_tensor_like(x) else f"{scope}/x/")
    y = hinted(y, x.dtype, None if scope is None else f"{scope}/y/")
    name = scoped_name(scope, name)
    if x.dtype.base_dtype != y.dtype.base_dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype.base_dtype!r} != {y.dtype.base_dtype!r}.")
    if x.dtype is dtypes.string:
        raise TypeError("Invalid dtype tf.string in __truediv__. Expected one of {tf.uint8, tf.int8, tf.uint16, "
                        "tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, "
                        "tf.float64, tf.complex64, tf.complex128}.")
    x, y = binary_inputs("RealDiv", x, y)
    if x.dtype.is_integer:       # int / int is float64 (int8/int16: float32)
        target = dtypes.float64 if x.dtype in (dtypes.int32, dtypes.int64) else dtypes.float32
        x, y = cast(x, target), cast(y, target)
    return make_op("RealDiv", Recipe("row", "divide"), [x, y], [x.dtype], name or "truediv",
                   eager_fn=row_eager("divide", None, "RealDiv", _incompatible))[0]


@tf_export("math.divide", "divide", builtin="divide")
def divide(x, y, name=None):
    return truediv(x, y, name)


@tf_export("compat.v1.div", "div")
def div(x, y, name=None):
    x, y = binary_inputs("Div", x, y)
    if x.dtype.is_integer:
        return floordiv(x, y, name or "div")
    return truediv(x, y, name or "div")


@tf_export("math.floordiv", "floordiv", builtin="floordiv")
def floordiv(x, y, name=None):
    scope = op_scope("FloorDiv", name or "floordiv", x, y)
    x, y = binary_inputs("FloorDiv", x, y, scope)
    name = scoped_name(scope, name)
    if ctx.eager:
        kernel.integer_division("FloorDiv", y)
    return binary("FloorDiv", "floordiv", x, y, name or "floordiv")


@tf_export("math.floormod", "math.mod", "floormod", "mod", builtin="floormod")
def floormod(x, y, name=None):
    scope = op_scope("FloorMod", name or "mod", x, y)
    x, y = binary_inputs("FloorMod", x, y, scope)
    name = scoped_name(scope, name)
    if ctx.eager:
        kernel.integer_division("FloorMod", y)
    return binary("FloorMod", "floormod", x, y, name or "mod")


@tf_export("math.truncatediv", "truncatediv", builtin="truncatediv")
def truncatediv(x, y, name=None):
    return binary("TruncateDiv", "truncatediv", x, y, name)


@tf_export("math.pow", "pow", builtin="pow")
def pow(x, y, name=None):   # noqa: A001 (TensorFlow's name)
    scope = op_scope("Pow", name or "Pow", x, y)
    x, y = binary_inputs("Pow", x, y, scope)
    name = scoped_name(scope, name)
    if ctx.eager:
        kernel.integer_power(x, y)
    return binary("Pow", "pow", x, y, name or "Pow")


@tf_export("math.maximum", "maximum", builtin="maximum")
def maximum(x, y, name=None):
    return binary("Maximum", "maximum", x, y, name)


@tf_export("math.minimum", "minimum", builtin="minimum")
def minimum(x, y, name=None):
    return binary("Minimum", "minimum", x, y, name)


@tf_export("math.squared_difference", "squared_difference", builtin="squared_difference")
def squared_difference(x, y, name=None):
    return binary("SquaredDifference", "squared_difference", x, y, name)


@tf_export("math.divide_no_nan", "div_no_nan", "math.div_no_nan", builtin="div_no_nan")
def div_no_nan(x, y, name=None):
    # TensorFlow's wrapper: y takes x's dtype only as a hint, so two dtypes are its TypeError;
    # integers are divided as truediv divides them (int32 in float64)
    if not is_tensor_like(x) and is_tensor_like(y):
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype=y.dtype)
    else:
        x = convert_to_tensor(x)
        y = convert_to_tensor(y) if is_tensor_like(y) else convert_to_tensor(y, dtype=x.dtype)
    if x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    if x.dtype.is_integer:
        target = dtypes.float64 if x.dtype in (dtypes.int32, dtypes.int64) else dtypes.float32
        x, y = cast(x, target), cast(y, target)
    return binary("DivNoNan", "div_no_nan", x, y, name)


@tf_export("math.reciprocal_no_nan")
def reciprocal_no_nan(x, name=None):
    """TensorFlow's: the DivNoNan kernel of 1 by x (integers are its dtype error, no cast)."""
    x = convert_to_tensor(x)
    check_kernel("DivNoNan", x, ("half", "float", "bfloat16", "double", "complex64", "complex128"),
                 _BINARY_SIGNATURE)
    return binary("DivNoNan", "div_no_nan", convert_to_tensor(1, dtype=x.dtype), x, name)


@tf_export("math.multiply_no_nan", builtin="mul_no_nan")
def multiply_no_nan(x, y, name=None):
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    check_kernel("MulNoNan", x, FLOAT_COMPLEX, _BINARY_SIGNATURE)
    return binary("MulNoNan", "mul_no_nan", x, y, name)


_BINARY_SIGNATURE = "x:T, y:T -> z:T"


@tf_export("math.negative", "negative", builtin="negative")
def negative(x, name=None):
    x = convert_to_tensor(x)
    if x.dtype is dtypes.string:      # (`-s`, and tf.sort's ascending order: TensorFlow negates)
        check_kernel("Neg", x, ("bfloat16", "half", "float", "double", "int8", "int16", "int32", "int64", "complex64",
                                "complex128"))
    return unary("Neg", "negative", x, name or "Neg")


@tf_export("math.abs", "abs", builtin="abs")
def abs(x, name=None):   # noqa: A001
    x = convert_to_tensor(x) if is_tensor_like(x) else x
    if getattr(getattr(x, "dtype", None), "is_complex", False):
        return complex_abs(x, name)
    return unary("Abs", "abs", x, name or "Abs")


@tf_export("math.sign", "sign", builtin="sign")
def sign(x, name=None):
    return unary("Sign", "sign", x, name)


@tf_export("math.square", "square", builtin="square")
def square(x, name=None):
    return unary("Square", "square", x, name)


def _row_function(row):
    """tf.math.sqrt and the like: the function of an elementwise float row that declares
    its TensorFlow spelling (`tf=TF(...)`, ops/table.py), exported under the row's paths. Its
    parameters are the row's `args`, TensorFlow's names (atan2(y, x), softplus(features)),
    also in its errors."""
    spec, builtin, names = row.tf, row.name if row.args is not None else None, tuple(row.args)
    op_type, allowed, signature = spec.type_of(row), spec.dtypes, spec.signature_of(row)
    if len(names) == 1:
        def fn(x, name=None):
            x = convert_to_tensor(x)
            check_kernel(op_type, x, allowed, signature, names[0])
            return unary(op_type, row.name, x, name)
    else:
        def fn(x, y, name=None):
            x, y = binary_inputs(op_type, x, y, names=names)
            check_kernel(op_type, x, allowed, signature, names[0])
            return binary(op_type, row.name, x, y, name)
    code = fn.__code__     # (the parameters renamed: a keyword call binds as TensorFlow's does)
    fn.__code__ = code.replace(co_varnames=names + code.co_varnames[len(names):])
    fn.__name__ = fn.__qualname__ = spec.paths[0].rpartition(".")[2]
    return tf_export(*spec.paths, builtin=builtin)(fn)


# The functions of the rows with a `tf`, by row name; each is also this module's attribute of
# its Python name (math_ops.sqrt), as a function written here would be.
FROM_ROWS = {row.name: _row_function(row) for row in OPS.values() if row.tf is not None}
globals().update({fn.__name__: fn for fn in FROM_ROWS.values()})


@tf_export("math.round", "round", builtin="round")
def round_(x, name=None):
    """Rounds half to even; an integer tensor is returned as it is (TensorFlow's round)."""
    x = convert_to_tensor(x)
    return x if x.dtype.is_integer else unary("Round", "round", x, name)


@tf_export("math.log_sigmoid", "log_sigmoid")
def log_sigmoid(x, name=None):
    return negative(FROM_ROWS["softplus"](negative(x)), name)


@tf_export("math.is_nan", "is_nan")
def is_nan(x, name=None):
    x = convert_to_tensor(x)
    return make_op("IsNan", Recipe("fn", lambda L, n: L.apply("not_equal", n, n)), [x], [dtypes.bool_], name,
                   eager_fn=np.isnan)[0]


@tf_export("math.is_finite", "is_finite")
def is_finite(x, name=None):
    x = convert_to_tensor(x)

    def lower(L, n):
        return L.apply("less", L.apply("abs", n), L.g.const(np.inf))
    return make_op("IsFinite", Recipe("fn", lower), [x], [dtypes.bool_], name, eager_fn=np.isfinite)[0]


@tf_export("math.is_inf", "is_inf")
def is_inf(x, name=None):
    x = convert_to_tensor(x)

    def lower(L, n):
        return L.apply("equal", L.apply("abs", n), L.g.const(np.inf))
    return make_op("IsInf", Recipe("fn", lower), [x], [dtypes.bool_], name, eager_fn=np.isinf)[0]


# ---------------------------------------------------------------- comparisons and logic

def _compare(op_type, row, path, builtin):
    def fn(x, y, name=None):
        return binary(op_type, row, x, y, name, out_dtype=dtypes.bool_)
    fn.__name__ = fn.__qualname__ = path
    return tf_export(f"math.{path}", path)(fn)


equal = _compare("Equal", "equal", "equal", "equal")
not_equal = _compare("NotEqual", "not_equal", "not_equal", "not_equal")
less = _compare("Less", "less", "less", "less")
less_equal = _compare("LessEqual", "less_equal", "less_equal", "less_equal")
greater = _compare("Greater", "greater", "greater", "greater")
greater_equal = _compare("GreaterEqual", "greater_equal", "greater_equal", "greater_equal")


def _logical(op_type, path, fn_np, lower):
    def fn(x, y, name=None):
        x, y = binary_inputs(op_type, convert_to_tensor(x, dtypes.bool_), convert_to_tensor(y, dtypes.bool_))
        return make_op(op_type, Recipe("fn", lower), [x, y], [dtypes.bool_], name, eager_fn=fn_np)[0]
    fn.__name__ = fn.__qualname__ = path
    return tf_export(f"math.{path}", path)(fn)


logical_and = _logical("LogicalAnd", "logical_and", np.logical_and,
                       lambda L, a, b: L.apply("greater", L.apply("multiply", a, b), L.g.const(0.0)))
logical_or = _logical("LogicalOr", "logical_or", np.logical_or,
                      lambda L, a, b: L.apply("greater", L.apply("add", a, b), L.g.const(0.0)))
logical_xor = _logical("LogicalXor", "logical_xor", np.logical_xor, lambda L, a, b: L.apply("not_equal", a, b))


@tf_export("math.logical_not", "logical_not")
def logical_not(x, name=None):
    x = convert_to_tensor(x, dtypes.bool_)
    return make_op("LogicalNot", Recipe("fn", lambda L, a: L.apply("equal", a, L.g.const(0.0))), [x],
                   [dtypes.bool_], name, eager_fn=np.logical_not)[0]


# ---------------------------------------------------------------- casts

@tf_export("cast", "dtypes.cast", builtin="cast")
def cast(x, dtype, name=None):
    dtype = as_dtype(dtype)
    if is_tensor_like(x):
        x = convert_to_tensor(x)
    else:
        array, _ = to_array(x, None)
        x = constant_tensor(array, dtypes.of_array(array) if array.dtype != np.float64 else dtypes.float32)
    if x.dtype == dtype:
        return x
    if dtypes.string in (x.dtype, dtype):
        return string_cast(x, dtype, name)
    if x.dtype.is_complex and not dtype.is_complex:
        return complex_to_real(x, dtype, name)
    if dtype.is_integer and not x.dtype.is_bool:
        recipe = Recipe("row", "cast_to_int")

        def eager(a):
            with np.errstate(all="ignore"):
                return np.trunc(a).astype(dtype.np)
    elif dtype.is_bool:
        recipe = Recipe("fn", lambda L, n: L.apply("not_equal", n, L.g.const(0.0)))

        def eager(a):
            return a != 0
    else:
        recipe = Recipe("row", "identity") if x.dtype.is_floating else Recipe("fn", _lower_to_float)

        def eager(a):
            return a.astype(dtype.np)
    return make_op("Cast", recipe, [x], [dtype], name or "Cast", eager_fn=eager)[0]


def _lower_to_float(L, n):
    # integers carry no gradient through a cast (TensorFlow's _CastGrad: float <-> float only)
    return L.apply("stop_gradient", n) if n.op.dtype == "float" else L.g.to_float(n)


@tf_export("compat.v1.to_float", "to_float")
def to_float(x, name="ToFloat"):
    return cast(x, dtypes.float32, name)


@tf_export("compat.v1.to_int32", "to_int32")
def to_int32(x, name="ToInt32"):
    return cast(x, dtypes.int32, name)


@tf_export("compat.v1.to_int64", "to_int64")
def to_int64(x, name="ToInt64"):
    return cast(x, dtypes.int64, name)


@tf_export("compat.v1.to_double", "to_double")
def to_double(x, name="ToDouble"):
    return cast(x, dtypes.float64, name)


@tf_export("dtypes.saturate_cast", "saturate_cast")
def saturate_cast(value, dtype, name=None):
    return cast(value, dtype, name)


# ---------------------------------------------------------------- reductions

def _axis_value(axis):
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = axis.numpy() if axis._value is not None else _static_of(axis)
    if isinstance(axis, np.ndarray):
        axis = axis.tolist()
    if isinstance(axis, (list, tuple)):
        return [int(a) for a in axis]
    return int(axis)


def _static_of(t):
    from autograd_cli.tensorflow.core import _const_value

    value = _const_value(t)
    if value is None:
        raise TypeError("axis must be known when the graph is built (a constant)")
    return value


_SUMMED = ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64", "qint8", "quint8", "qint32",
           "bfloat16", "qint16", "quint16", "uint16", "complex128", "half", "uint32", "uint64")
_EXTREMAL = ("float", "double", "int32", "uint8", "int16", "int8", "int64", "bfloat16", "uint16", "half", "uint32",
             "uint64", "qint8", "quint8", "qint32", "qint16", "quint16")
_REDUCED = {"Sum": _SUMMED, "Mean": _SUMMED, "Prod": _SUMMED, "Max": _EXTREMAL, "Min": _EXTREMAL}   # (kernel dtypes)


def _reduction(op_type, row, path, builtin, bool_input=False):
    def fn(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        x = convert_to_tensor(input_tensor)
        if bool_input:
            x = convert_to_tensor(x, dtypes.bool_)
        elif x.dtype is dtypes.string:
            check_kernel(op_type, x, _REDUCED.get(op_type, _REDUCED["Sum"]), "input:T, reduction_indices:Tidx -> "
                         "output:T", "input", "attr=keep_dims:bool,default=false; ",
                         "; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")
        if axis is None:
            axis = reduction_indices
        keep = bool(keepdims if keepdims is not None else keep_dims if keep_dims is not None else False)
        axes = _axis_value(axis)
        if ctx.eager and x._shape is not None:
            kernel.reduction(op_type if op_type != "ReduceLogSumExp" else "Max", len(x._shape), axes)
        if axes is None and not ctx.eager:
            ctx.graph.unique_name("Const")      # TensorFlow makes the axes a constant named Const
        params = {"axis": axes, "keepdims": keep}
        out = dtypes.bool_ if bool_input else x.dtype
        recipe, eager_fn = shared("row", row, params, lambda: row_eager(row, params, op_type), op_type)
        return make_op(op_type, recipe, [x], [out], name or op_type, eager_fn=eager_fn)[0]
    fn.__name__ = fn.__qualname__ = path
    return tf_export(f"math.{path}", path, builtin=builtin)(fn)


reduce_sum = _reduction("Sum", "reduce_sum", "reduce_sum", "reduce_sum")
reduce_max = _reduction("Max", "reduce_max", "reduce_max", "reduce_max")
reduce_min = _reduction("Min", "reduce_min", "reduce_min", "reduce_min")
reduce_prod = _reduction("Prod", "reduce_prod", "reduce_prod", "reduce_prod")
_reduce_logsumexp = _reduction("ReduceLogSumExp", "reduce_logsumexp", "reduce_logsumexp", "reduce_logsumexp")


@tf_export("math.reduce_logsumexp", "reduce_logsumexp", builtin="reduce_logsumexp")
def reduce_logsumexp(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    x = convert_to_tensor(input_tensor)
    check_kernel("IsFinite", x, FLOAT_REAL, "x:T -> y:bool")   # TensorFlow's formula tests its max first
    return _reduce_logsumexp(x, axis, keepdims, name, reduction_indices, keep_dims)
reduce_any = _reduction("Any", "reduce_any", "reduce_any", "reduce_any", bool_input=True)
reduce_all = _reduction("All", "reduce_all", "reduce_all", "reduce_all", bool_input=True)
reduce_euclidean_norm = _reduction("EuclideanNorm", "reduce_euclidean_norm", "reduce_euclidean_norm",
                                   "reduce_euclidean_norm")
_reduce_mean = _reduction("Mean", "reduce_mean", "reduce_mean", "reduce_mean")


@tf_export("math.reduce_mean", "reduce_mean", builtin="reduce_mean")
def reduce_mean(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    x = convert_to_tensor(input_tensor)
    if x.dtype.is_integer:      # an integer mean is the sum divided in integers (TensorFlow truncates)
        total = reduce_sum(x, axis, keepdims, None, reduction_indices, keep_dims)
        count = int(np.prod(x._shape)) // max(1, int(np.prod(total._shape or ()))) if x._shape else 1
        return floordiv(total, count, name) if count != 1 else total
    return _reduce_mean(x, axis, keepdims, name, reduction_indices, keep_dims)


@tf_export("math.reduce_variance")
def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """TensorFlow's composition: the mean of the squared deviations from the (kept) mean."""
    x = convert_to_tensor(input_tensor)
    means = reduce_mean(x, axis, keepdims=True)
    if means.dtype.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type {means.dtype}.")
    return reduce_mean(square(subtract(x, means)), axis, keepdims=keepdims, name=name)


@tf_export("math.reduce_std")
def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    return FROM_ROWS["sqrt"](reduce_variance(input_tensor, axis, keepdims), name=name)


def _arg(op_type, row, path, builtin):
    def fn(input, axis=None, output_type=dtypes.int64, name=None, dimension=None):   # noqa: A002
        x = convert_to_tensor(input)
        if x.dtype is dtypes.string:
            check_kernel(op_type, x, _EXTREMAL + ("bool",), "input:T, dimension:Tidx -> output:output_type", "input",
                         tail="; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
                         "attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]")
        if axis is None:
            axis = dimension if dimension is not None else 0
        params = {"axis": _axis_value(axis)}
        if ctx.eager:
            kernel.arg_reduction(op_type, len(x._shape), params["axis"])
        return make_op(op_type, Recipe("row", row, params), [x], [as_dtype(output_type)], name or op_type,
                       eager_fn=row_eager(row, params, op_type))[0]
    fn.__name__ = fn.__qualname__ = path
    return tf_export(f"math.{path}", path, builtin=builtin)(fn)


argmax = _arg("ArgMax", "argmax", "argmax", "argmax")
argmin = _arg("ArgMin", "argmin", "argmin", "argmin")


@tf_export("math.cumsum", "cumsum", builtin="cumsum")
def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    x = convert_to_tensor(x)
    rank = len(x._shape)
    if ctx.eager:
        kernel.scan("Cumsum", rank, int(axis))
    params = {"axis": int(axis) % max(rank, 1), "exclusive": bool(exclusive), "reverse": bool(reverse)}
    return make_op("Cumsum", Recipe("row", "cumsum", params), [x], [x.dtype], name,
                   eager_fn=row_eager("cumsum", params, "Cumsum"))[0]


@tf_export("math.cumprod", "cumprod", builtin="cumprod")
def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    x = convert_to_tensor(x)
    rank = len(x._shape)
    if ctx.eager:
        kernel.scan("Cumprod", rank, int(axis))
    params = {"axis": int(axis) % max(rank, 1), "exclusive": bool(exclusive), "reverse": bool(reverse)}
    return make_op("Cumprod", Recipe("row", "cumprod", params), [x], [x.dtype], name,
                   eager_fn=row_eager("cumprod", params, "Cumprod"))[0]


@tf_export("math.add_n", "add_n", builtin="add_n")
def add_n(inputs, name=None):
    if not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and "
                         "shape.")
    xs = [convert_to_tensor(x) for x in inputs]
    if len(xs) == 1:
        return xs[0]
    if ctx.eager:
        kernel.list_dtypes("AddN", xs)
        kernel.add_n([x._shape for x in xs])
    return make_op("AddN", Recipe("row", "add_n"), xs, [xs[0].dtype], name,
                   eager_fn=row_eager("add_n", None, "AddN", _incompatible))[0]


# ---------------------------------------------------------------- matmul

@tf_export("linalg.matmul", "matmul", builtin="matmul")
def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
           b_is_sparse=False, output_type=None, name=None, grad_a=False, grad_b=False):
    scope = op_scope("MatMul", name, a, b)
    a, b = binary_inputs("MatMul", a, b, scope, ("a", "b"))
    name = scoped_name(scope, name)
    transpose_a = transpose_a or adjoint_a
    transpose_b = transpose_b or adjoint_b
    if ctx.eager and (len(a._shape) > 2 or len(b._shape) > 2):    # TensorFlow's BatchMatMulV2 then
        kernel.batch_matmul(a._shape, b._shape, transpose_a, transpose_b)
    for t in (a, b):
        if t._shape is not None and len(t._shape) < 2:
            message = (f"In[0] and In[1] has different ndims: {_shape_text(a._shape or ())} vs. "
                       f"{_shape_text(b._shape or ())}")
            if ctx.eager:
                raise InvalidArgumentError(None, None, kernel_message("MatMul", message))
            raise ValueError(f"Shape must be rank 2 but is rank {len(t._shape)} for '{{{{node MatMul}}}} = MatMul'")
    params = {"transpose_a": bool(transpose_a), "transpose_b": bool(transpose_b)}

    def eager(x, y):
        xa = np.swapaxes(x, -1, -2) if transpose_a else x
        yb = np.swapaxes(y, -1, -2) if transpose_b else y
        if xa.shape[-1] != yb.shape[-2]:
            raise InvalidArgumentError(None, None, kernel_message(
                "MatMul", f"Matrix size-incompatible: In[0]: {_shape_text(x.shape)}, In[1]: {_shape_text(y.shape)}"))
        if xa.dtype == np.float32 and yb.dtype == np.float32:
            return OPS["matmul"].float32(xa, yb)      # (TensorFlow's order of the float32 sums)
        return np.matmul(xa, yb)
    if not ctx.eager:
        sa, sb = a._shape, b._shape
        if sa is not None and sb is not None:
            ka = sa[-2] if transpose_a else sa[-1]
            kb = sb[-1] if transpose_b else sb[-2]
            if ka is not None and kb is not None and ka != kb:
                node = ctx.graph.unique_name(name or 'MatMul', mark_as_used=False)
                raise ValueError(f"Dimensions must be equal, but are {ka} and {kb} for '{{{{node "
                                 f"{node}}}}} = "
                                 f"MatMul[T=DT_FLOAT, grad_a=false, grad_b=false, transpose_a="
                                 f"{str(transpose_a).lower()}, transpose_b={str(transpose_b).lower()}]"
                                 f"({a._op.name}, {b._op.name})' with input shapes: {_shape_text(sa)}, "
                                 f"{_shape_text(sb)}.")
    return make_op("MatMul", shared("fn", _lower_matmul, params)[0], [a, b], [a.dtype], name or "MatMul",
                   eager_fn=eager)[0]


def _lower_matmul(L, a, b, transpose_a, transpose_b):
    from autograd_cli.ops.table import swap_last

    if transpose_a:
        a = swap_last(L.g, a)
    if transpose_b:
        b = swap_last(L.g, b)
    return L.apply("matmul", a, b)


@tf_export("tensordot", "linalg.tensordot", builtin="tensordot")
def tensordot(a, b, axes, name=None):
    a, b = binary_inputs("Tensordot", a, b)
    arrays_axes = axes if isinstance(axes, int) else [list(np.atleast_1d(x)) for x in axes]
    return _builtin_op("Tensordot", "tensordot", {"a": a, "b": b}, {"axes": arrays_axes}, a.dtype, name)


def _builtin_op(op_type, builtin, tensors: dict, static: dict, out_dtype, name=None, outputs=1):
    """An op that is a .ag built-in: its handler builds the engine nodes."""
    names = tuple(tensors)
    inputs = [convert_to_tensor(t) for t in tensors.values()]
    recipe = Recipe("builtin", builtin, {"names": names, "static": static})
    out = make_op(op_type, recipe, inputs, [out_dtype] * outputs, name)
    return out[0] if outputs == 1 else out


builtin_op = _builtin_op
