"""Strict RFC 8259 JSON: NaN and infinities become the strings "nan", "inf", "-inf"."""
from __future__ import annotations

import json
import math

import numpy as np

from autograd_cli.render.gradients import gradient_document


def jsonable(value):
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        return _clean(np.asarray(value).tolist())
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return _clean(value)


def _clean(data):
    if isinstance(data, float):
        if math.isnan(data):
            return "nan"
        if math.isinf(data):
            return "inf" if data > 0 else "-inf"
        return data
    if isinstance(data, list):
        return [_clean(d) for d in data]
    return data


def dumps(data) -> str:
    return json.dumps(jsonable(data), allow_nan=False, ensure_ascii=False)


CHUNK = 1 << 14   # elements of an array turned into text at a time


STREAM_DEPTH = 4   # lists and dicts deeper than this are written whole: a chain of nested
                   # generators costs its depth per piece (an 20,000-deep list took 50 s)


def pieces(data, depth: int = 0, _written=None):
    """dumps(data) as a sequence of strings (their concatenation is the same text), so
    that big arrays are written a block at a time. An array the document holds twice (a
    gradient's `values` and `by_x`) is turned into text once: its text is kept for the
    second time (the 16M numbers of a 4000 x 4000 jacobian took ~3 s each time)."""
    _written = {} if _written is None else _written
    if depth > STREAM_DEPTH and not isinstance(data, np.ndarray):
        yield dumps(data)
    elif isinstance(data, np.ndarray) and data.size > CHUNK and data.ndim:
        if id(data) in _written:
            yield from _written[id(data)][1]
            return
        text: list = []
        _written[id(data)] = (data, text)       # (the array kept: its id stays its own)
        for piece in _array_pieces(data):
            text.append(piece)
            yield piece
    elif isinstance(data, (list, tuple)):
        yield "["
        for i, item in enumerate(data):
            if i:
                yield ", "
            yield from pieces(item, depth + 1, _written)
        yield "]"
    elif isinstance(data, dict):
        yield "{"
        for i, (key, item) in enumerate(data.items()):
            yield (", " if i else "") + json.dumps(str(key), ensure_ascii=False) + ": "
            yield from pieces(item, depth + 1, _written)
        yield "}"
    else:
        yield dumps(data)


def _array_pieces(data):
    """The text of an array of more than CHUNK elements, a block of rows at a time."""
    yield "["
    row = data[0].size if data.ndim > 1 else 1
    if row > CHUNK:
        for i, item in enumerate(data):
            if i:
                yield ", "
            yield from _array_pieces(item)      # (a row of more than CHUNK elements)
    else:
        rows = CHUNK // row     # rows of the first axis per block
        for start in range(0, len(data), rows):
            if start:
                yield ", "
            yield _block(data[start:start + rows])
    yield "]"


def _block(values) -> str:
    """The items of a block of rows, without the enclosing brackets."""
    if values.dtype.kind == "f" and values.dtype.itemsize <= 8 and np.isfinite(values).all():
        # (no NaN to rename; a float32 as its exact value, as jsonable writes it)
        return json.dumps(values.tolist(), allow_nan=False)[1:-1]
    return dumps(values)[1:-1]


def eval_document(evaluation) -> dict:
    return {
        "values": evaluation.values,
        "gradients": [gradient_document(r, by_x=True) for r in evaluation.gradients],
        "warnings": evaluation.warnings,
    }


def snippet_document(evaluation) -> dict:
    """A snippet's eval --json (spec section 9): its prints, its gradients, warnings."""
    return {
        "prints": [{"line": p.line, "values": p.values} for p in evaluation.prints],
        "gradients": [gradient_document(r, by_x=True) for r in evaluation.gradients],   # (as a .ag program's)
        "warnings": evaluation.warnings,
    }
