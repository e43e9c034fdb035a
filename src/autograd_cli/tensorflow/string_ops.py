"""tf.strings and tf.as_string: TensorFlow's string kernels on NumPy object arrays of bytes
(string_kernels.py makes them ops, eager and in graphs). Text is bytes, UTF-8 where a unit or
an encoding asks for characters, as in TensorFlow.
"""
from __future__ import annotations

import builtins
import re

import numpy as np

from autograd_cli.ops import ShapeError
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow.string_kernels import (KernelFailure, broadcast_shapes, dims_text, elementwise,
                                                    same_shape, string_op)


def _strings_input(op_type, x, param="input", index=0):
    """A string operand, or TensorFlow's error for another dtype."""
    x = convert_to_tensor(x, dtype=dtypes.string) if isinstance(x, (str, bytes, list)) else convert_to_tensor(x)
    if x.dtype is not dtypes.string:
        if ctx.eager:
            raise InvalidArgumentError(None, None, f"cannot compute {op_type} as input #{index}(zero-based) was "
                                       f"expected to be a string tensor but is a {x.dtype.kernel_name} tensor "
                                       f"[Op:{op_type}] name: ")
        raise TypeError(f"Input '{param}' of '{op_type}' Op has type {x.dtype.name} that does not match expected "
                        "type of string.")
    return x


def _equal_or_scalar(*shapes):
    """StringJoin's shapes: the inputs that are not scalars have one shape, the result's."""
    found = None
    for shape in shapes:
        if len(shape):
            if found is not None and tuple(shape) != tuple(found):
                raise ShapeError(f"Input shapes do not match: {dims_text(found)} vs. {dims_text(shape)}")
            found = shape
    return tuple(found) if found is not None else ()


@tf_export("strings.join", "compat.v1.string_join")
def join(inputs, separator="", name=None):
    tensors = [_strings_input("StringJoin", x, "inputs", k) for k, x in enumerate(inputs)]
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator

    def kernel(*arrays):
        shape = _equal_or_scalar(*[a.shape for a in arrays])
        parts = [np.broadcast_to(a, shape) for a in arrays]
        out = np.empty(shape, dtype=object)
        for index in np.ndindex(shape):
            out[index] = sep.join(p[index] for p in parts)
        return out
    return string_op("StringJoin", kernel, tensors, dtypes.string, _equal_or_scalar, name or "StringJoin",
                     function=f"StringJoin_N_{len(tensors)}")


@tf_export("strings.length")
def length(input, unit="BYTE", name=None):   # noqa: A002
    x = _strings_input("StringLength", input)
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise ValueError(f"Value for attr 'unit' of \"{unit}\" is not in the list of allowed values: \"BYTE\", "
                         "\"UTF8_CHAR\"")
    count = len if unit == "BYTE" else (lambda b: len(b.decode("utf-8", "replace")))
    return string_op("StringLength", elementwise(count, dtypes.int32), [x], dtypes.int32, same_shape,
                     name or "StringLength")


def _case(op_type, fn_name):
    def fn(input, encoding="", name=None):   # noqa: A002
        x = _strings_input(op_type, input)
        if encoding.lower().replace("-", "") == "utf8":
            def change(b):
                return getattr(b.decode("utf-8"), fn_name)().encode("utf-8")
        else:           # (no encoding: ASCII letters only, as TensorFlow's kernel)
            def change(b):
                return getattr(b, fn_name)()
        return string_op(op_type, elementwise(change, dtypes.string), [x], dtypes.string, same_shape, name or op_type)
    fn.__name__ = fn.__qualname__ = fn_name
    return tf_export(f"strings.{fn_name}")(fn)


upper = _case("StringUpper", "upper")
lower = _case("StringLower", "lower")


@tf_export("strings.strip", "compat.v1.string_strip")
def strip(input, name=None):   # noqa: A002
    x = _strings_input("StringStrip", input)
    return string_op("StringStrip", elementwise(lambda b: b.strip(b" \t\n\v\f\r"), dtypes.string), [x],
                     dtypes.string, same_shape, name or "StringStrip")


@tf_export("strings.as_string", "as_string", "dtypes.as_string")
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):   # noqa: A002
    """TensorFlow's AsString: a printf format of `fill` (a flag), `width` and `precision`
    (`%f` for floats: 6 decimals)."""
    x = convert_to_tensor(input)
    kind = x.dtype
    problem = ("Fill string must be one or fewer characters" if len(fill) > 1 else
               f'Fill argument not supported: "{fill}"' if fill and fill not in " +-0#" else None)
    if problem is not None:       # (checked when the kernel is made: eagerly, an error of the call)
        raise InvalidArgumentError(None, None, kernel_message("AsString", problem))
    spec = "%" + fill + (str(width) if width > -1 else "")
    if kind is dtypes.string:
        spec += "s"
    elif kind.is_floating:
        spec += (f".{precision}" if precision > -1 else "") + ("g" if shortest else "e" if scientific else "f")
    elif not kind.is_bool:
        spec += "d"

    def text(v):
        if kind is dtypes.string:
            return (spec % v.decode("utf-8", "backslashreplace")).encode("utf-8")
        if kind.is_bool:
            return b"true" if v else b"false"
        return (spec % (float(v) if kind.is_floating else int(v))).encode("utf-8")
    return string_op("AsString", elementwise(text, dtypes.string), [x], dtypes.string, same_shape,
                     name or "AsString")


_NUMBER_TYPES = ("float32", "float64", "int32", "int64", "uint32", "uint64")


@tf_export("strings.to_number")
def to_number(input, out_type=dtypes.float32, name=None):   # noqa: A002
    x = _strings_input("StringToNumber", input, "string_tensor")
    kind = as_dtype(out_type)
    if kind.name not in _NUMBER_TYPES:
        raise TypeError(f"Value passed to parameter 'out_type' has DataType {kind.name} not in list of allowed "
                        f"values: {', '.join(_NUMBER_TYPES)}")

    def number(b):
        text = b.decode("utf-8", "replace")
        try:
            value = int(text.strip()) if kind.is_integer else float(text)
        except ValueError:
            raise KernelFailure(InvalidArgumentError, f"StringToNumberOp could not correctly convert string: {text}") \
                from None
        if kind.is_integer and not np.iinfo(kind.np).min <= value <= np.iinfo(kind.np).max:
            raise KernelFailure(InvalidArgumentError, f"StringToNumberOp could not correctly convert string: {text}")
        return value
    return string_op("StringToNumber", elementwise(number, kind), [x], kind, same_shape, name or "StringToNumber")


@tf_export("compat.v1.string_to_number")
def string_to_number(string_tensor=None, out_type=dtypes.float32, name=None, input=None):   # noqa: A002
    return to_number(string_tensor if string_tensor is not None else input, out_type, name)


@tf_export("strings.reduce_join", "compat.v1.reduce_join")
def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    x = _strings_input("ReduceJoin", inputs, "inputs")
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator
    axes = None if axis is None else [int(a) for a in np.atleast_1d(axis)]

    def reduced(shape):
        rank = len(shape)
        chosen = range(rank) if axes is None else [a % rank if rank else a for a in axes]
        return chosen, tuple(1 if k in chosen else d for k, d in enumerate(shape)) if keepdims else tuple(
            d for k, d in enumerate(shape) if k not in chosen)

    def kernel(a):
        chosen, shape = reduced(a.shape)
        rest = [k for k in range(a.ndim) if k not in chosen]
        moved = np.transpose(a, rest + list(chosen)).reshape([a.shape[k] for k in rest] + [-1])
        out = np.empty(moved.shape[:-1], dtype=object)
        for index in np.ndindex(out.shape):
            out[index] = sep.join(moved[index])
        return out.reshape(shape)
    return string_op("ReduceJoin", kernel, [x], dtypes.string, lambda s: reduced(s)[1], name or "ReduceJoin")


@tf_export("compat.v1.strings.split")
def split_v1(source=None, sep=None, maxsplit=-1, result_type="SparseTensor", name=None, input=None):   # noqa: A002
    raise NotImplementedError("tf.compat.v1.strings.split gives a SparseTensor or RaggedTensor: sparse and ragged "
                              "tensors are not supported here (TF2's tf.strings.split of a scalar is)")


@tf_export("strings.split")
def split(input, sep=None, maxsplit=-1, name=None):   # noqa: A002
    """A scalar's parts (a vector); the RaggedTensor of a vector's is not supported here."""
    x = _strings_input("StringSplitV2", input)
    if x._shape is None or len(x._shape):
        raise NotImplementedError("tf.strings.split of a tensor that is not a scalar gives a RaggedTensor: ragged "
                                  "tensors are not supported here")
    token = sep.encode("utf-8") if isinstance(sep, str) else sep

    def kernel(a):
        text = a[()]
        parts = text.split(token, maxsplit) if token else text.split(None, maxsplit)
        out = np.empty(len(parts), dtype=object)
        out[:] = parts
        return out
    out = string_op("StringSplitV2", kernel, [x], dtypes.string, lambda s: None, name or "StringSplit")
    if not ctx.eager:
        out._shape = (None,)       # (its length is the data's)
    return out


@tf_export("strings.substr", "compat.v1.substr")
def substr(input, pos, len, unit="BYTE", name=None):   # noqa: A002
    x = _strings_input("Substr", input)
    pos, size = convert_to_tensor(pos), convert_to_tensor(len)

    def cut(b, p, n):
        text = b if unit == "BYTE" else b.decode("utf-8")
        count = builtins.len(text)
        if not -count <= p <= count:
            raise KernelFailure(InvalidArgumentError, f"pos {p} out of range for string b'{b.decode('utf-8', 'replace')}' "
                                "at index 0")
        start = p + count if p < 0 else p
        piece = text[start:start + max(int(n), 0)]
        return piece if unit == "BYTE" else piece.encode("utf-8")
    return string_op("Substr", elementwise(cut, dtypes.string), [x, pos, size], dtypes.string, broadcast_shapes,
                     name or "Substr")


def _pattern(pattern) -> re.Pattern:
    return re.compile(pattern.encode("utf-8") if isinstance(pattern, str) else pattern)


@tf_export("strings.regex_replace", "compat.v1.regex_replace")
def regex_replace(input, pattern, rewrite, replace_global=True, name=None):   # noqa: A002
    x = _strings_input("StaticRegexReplace", input)
    found = _pattern(pattern)
    target = rewrite.encode("utf-8") if isinstance(rewrite, str) else rewrite
    count = 0 if replace_global else 1
    return string_op("StaticRegexReplace", elementwise(lambda b: found.sub(target, b, count=count), dtypes.string),
                     [x], dtypes.string, same_shape, name or "StaticRegexReplace")


@tf_export("strings.regex_full_match")
def regex_full_match(input, pattern, name=None):   # noqa: A002
    x = _strings_input("StaticRegexFullMatch", input)
    found = _pattern(pattern)
    return string_op("StaticRegexFullMatch", elementwise(lambda b: found.fullmatch(b) is not None, dtypes.bool_),
                     [x], dtypes.bool_, same_shape, name or "StaticRegexFullMatch")


@tf_export("strings.format")
def format(template, inputs, placeholder="{}", summarize=3, name=None):   # noqa: A001
    """TensorFlow's StringFormat: each placeholder replaced by an input as tf.print shows it."""
    from autograd_cli.tensorflow.extras import printed_value

    values = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    tensors = [convert_to_tensor(v) for v in values]
    pieces = template.split(placeholder)
    if len(pieces) - 1 != len(tensors):
        raise ValueError(f"num placeholders in template and num inputs must match: {len(pieces) - 1} vs. "
                         f"{len(tensors)}")
    kinds = [t.dtype for t in tensors]

    def kernel(*arrays):
        shown = [printed_value(a, k, summarize, quoted=True) for a, k in zip(arrays, kinds)]
        text = pieces[0] + "".join(s + p for s, p in zip(shown, pieces[1:]))
        return np.array(text.encode("utf-8"), dtype=object)
    if not tensors:       # (no input: the template itself)
        from autograd_cli.tensorflow.core import constant_tensor

        return constant_tensor(np.array(template.encode("utf-8"), dtype=object), dtypes.string, name,
                               op_name="StringFormat")
    return string_op("StringFormat", kernel, tensors, dtypes.string, lambda *s: (), name or "StringFormat")


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
