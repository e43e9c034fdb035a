"""What verify's parts share: tolerances and limits, the exception for a part that
cannot be done, and how a check names the entries of a gradient."""
from __future__ import annotations

import numpy as np

DEFAULT_TIMEOUT = 5.0          # seconds of SymPy work per check
DEFAULT_RTOL = 1e-6            # AD vs SymPy: |ad - sym| <= atol + rtol * max(|ad|, |sym|)
DEFAULT_ATOL = 1e-8
FD_RTOL = 1e-4                 # AD vs finite differences (first order), at least rtol
FD_ATOL = 1e-6                 # ... times max(1, largest |output|), at least atol
FD2_RTOL = 1e-3                # second differences (hessians)
FD2_ATOL = 1e-5
SAMPLE = 64                    # entries checked per gradient (evenly spaced when more)
SYMBOLIC_MAX_ELEMENTS = 1024   # largest tensor turned into SymPy expressions
SIMPLIFY_SECONDS = 0.5         # extra time per check for sympy.simplify on the shown formula
SYMBOLIC_MAX_SIZE = 2000       # largest derivative entry (SymPy expression tree nodes) evaluated

EPS = np.finfo(np.float64).eps


class Skip(Exception):
    """A part of a check that cannot be done (the reason is shown)."""


def result_shape(record, k) -> tuple:
    x = record.x_nodes[k]
    if record.kind == "hessians":
        return x.shape + x.shape
    if record.kind == "jacobian":
        return record.y_nodes[0].shape + x.shape
    if record.kind == "batch_jacobian":
        return x.shape[:1] + record.y_nodes[0].shape[1:] + x.shape[1:]
    return x.shape


def jacobian_rows(record, y_value):
    """The outputs a jacobian's rows differentiate, flat: y's elements, or for a
    batch_jacobian (TensorFlow's: each row is the gradient of one element summed over the
    batch) y summed over its first axis."""
    y_value = np.asarray(y_value, dtype=object if y_value.dtype == object else np.float64)
    if record.kind == "batch_jacobian":
        return y_value.reshape(y_value.shape[0], -1).sum(axis=0)
    return y_value.reshape(-1)


def jacobian_entry(record, x_shape: tuple, e: int) -> tuple:
    """(row of jacobian_rows, flat x element) a jacobian's or batch_jacobian's entry e is."""
    x_size = int(np.prod(x_shape, dtype=np.int64))
    if record.kind == "jacobian":
        return divmod(e, x_size)
    per_x = int(np.prod(x_shape[1:], dtype=np.int64))
    rows = int(np.prod(record.y_nodes[0].shape[1:], dtype=np.int64))
    b, rest = divmod(e, rows * per_x)
    i, j = divmod(rest, per_x)
    return i, b * per_x + j


def entry_text(shape, e) -> str:
    if not shape:
        return ""
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(e, shape)) + "]"
