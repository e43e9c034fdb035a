"""Arrays as plain JSON data, and back: one encoding for what the box's child hands the
parent (the graph exchange's parameters, core/exchange.py; a snippet's gradient values,
snippets/job.py). The parent reads it as JSON only and checks every part.

    {"array": [values, flat], "dtype", "shape"}   (at most MAX_LISTED values)
    {"bytes": base64 of the values little-endian, "dtype", "shape"}   (more)
    {"fill": value, "dtype", "shape"}   (one value repeated)

In "array" and "fill", NaN and the infinities are the strings "nan", "inf", "-inf".
"""
from __future__ import annotations

import base64
import math

import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.support.limits import MAX_RANK, check_elements, element_count, limit

DTYPES = ("float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint64", "uint32", "uint16",
          "uint8", "bool")
# The numbers a graph sends in all (array and scalar values): the box's result channel takes about
# 256 MB of JSON, and a float64 written out takes up to ~24 characters.
MAX_NUMBERS = 5_000_000
MAX_LISTED = 64          # elements of an array sent as a JSON list; larger ones go as base64 bytes
                         # (2,000,000 float32 values: 40 MB and ~3 s of JSON as numbers, 21 MB and
                         # ~0.1 s as bytes)


class ExchangeError(Exception):
    """The graph cannot be written as plain data (a parameter of a kind the format does not
    have, or more numbers than MAX_NUMBERS): the child says so instead of sending it."""


class TooLarge(ExchangeError):
    """More to send than the budget (a graph's: MAX_NUMBERS numbers)."""


def encode_array(array: np.ndarray, budget=None, cost: int = 1) -> dict:
    """An array as plain data: {"fill"} for one value repeated, {"bytes"} past MAX_LISTED
    values, else {"array"}; `budget`: [what may still be sent], spent `cost` per number
    sent before the bytes are made (TooLarge past it)."""
    dtype = dtype_name(array.dtype)
    shape = [int(d) for d in array.shape]
    if array.size > 1:
        flat = np.ascontiguousarray(array).reshape(-1)
        bits = flat.view(f"u{flat.itemsize}")      # compared bit for bit: -0.0 is not 0.0
        if (bits == bits[0]).all():
            spend(budget, cost)
            return {"fill": number(flat[0].item()), "dtype": dtype, "shape": shape}
    spend(budget, array.size * cost)
    if array.size > MAX_LISTED:
        raw = np.ascontiguousarray(array, dtype=np.dtype(dtype).newbyteorder("<")).tobytes()
        return {"bytes": base64.b64encode(raw).decode("ascii"), "dtype": dtype, "shape": shape}
    flat = array.reshape(-1).tolist()
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        flat = [number(v) for v in flat]
    return {"array": flat, "dtype": dtype, "shape": shape}


def dtype_name(dtype) -> str:
    name = np.dtype(dtype).name
    if name not in DTYPES:
        raise ExchangeError(f"an array of dtype {name}, which the plain form of arrays does not have")
    return name


def number(x):
    """A number as JSON has it: NaN and the infinities as strings."""
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if x != x else ("inf" if x > 0 else "-inf")
    return x


def spend(budget, count) -> None:
    if budget is None:
        return
    budget[0] -= count
    if budget[0] < 0:
        raise TooLarge(f"the graph's values hold more than {MAX_NUMBERS:,} numbers, more than the box hands back")


def decode_array(value, budget) -> np.ndarray:
    """The array of plain data {"array" | "fill" | "bytes", "dtype", "shape"}, every part
    checked (an AgError saying what is wrong); `budget`: [elements still allowed]."""
    dtype = dtype_of(value.get("dtype"))
    shape = value.get("shape")
    if not (isinstance(shape, list) and len(shape) <= MAX_RANK and all(type(d) is int and d >= 0 for d in shape)):
        raise AgError("an array's shape is not a list of sizes")
    check_elements(shape)
    count = element_count(shape)
    budget[0] -= count
    if budget[0] < 0:
        raise AgError(f"its arrays hold more than {limit('MAX_ELEMENTS'):,} elements in all (MAX_ELEMENTS)")
    if "fill" in value:
        return np.full(shape, numbers([value["fill"]], dtype)[0], dtype=dtype)
    if "bytes" in value:
        text = value["bytes"]
        size = count * dtype.itemsize
        if not isinstance(text, str) or len(text) != 4 * ((size + 2) // 3):
            raise AgError(f"an array of shape {tuple(shape)} sent with other than {count:,} values")
        try:
            raw = base64.b64decode(text, validate=True)
        except ValueError:
            raise AgError("an array's bytes are not base64") from None
        if len(raw) != size:
            raise AgError(f"an array of shape {tuple(shape)} sent with other than {count:,} values")
        if dtype == np.bool_ and max(raw, default=0) > 1:
            raise AgError("a bool array holds other than booleans")
        return np.frombuffer(raw, dtype=dtype.newbyteorder("<")).astype(dtype).reshape(shape)
    flat = value["array"]
    if not isinstance(flat, list) or len(flat) != count:
        raise AgError(f"an array of shape {tuple(shape)} sent with other than {count:,} values")
    return numbers(flat, dtype).reshape(shape)


def numbers(items, dtype: np.dtype) -> np.ndarray:
    """Checked values of one dtype: numbers (NaN and the infinities as strings) or booleans."""
    if dtype == np.bool_:
        if not all(type(v) is bool for v in items):
            raise AgError("a bool array holds other than booleans")
        return np.array(items, dtype=dtype)
    if any(type(v) not in (int, float) for v in items):
        items = [special(v) if isinstance(v, str) else v for v in items]
        if any(type(v) not in (int, float) for v in items):
            raise AgError("a number array holds other than numbers")
    try:
        return np.array(items, dtype=dtype)
    except (OverflowError, ValueError):
        raise AgError(f"a value does not fit {dtype.name}") from None


SPECIAL = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


def special(text):
    """NaN and the infinities, sent as strings in arrays (anything else stays a string and is refused)."""
    return SPECIAL.get(text, text)


def dtype_of(name) -> np.dtype:
    if name not in DTYPES:
        raise AgError(f"{str(name)[:40]!r} is not a dtype the plain form of arrays has")
    return np.dtype(name)
