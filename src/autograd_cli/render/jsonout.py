"""Strict RFC 8259 JSON: NaN and infinities become the strings "nan", "inf", "-inf"."""
from __future__ import annotations

import json
import math

import numpy as np


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


def eval_document(evaluation) -> dict:
    return {
        "values": evaluation.values,
        "gradients": [
            {"name": r.name, "line": r.line, "ys": r.ys, "xs": r.xs, "values": r.values,
             "unconnected": r.unconnected}
            for r in evaluation.gradients
        ],
        "warnings": evaluation.warnings,
    }
