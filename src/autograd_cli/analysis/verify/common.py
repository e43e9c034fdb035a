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
    return x.shape


def entry_text(shape, e) -> str:
    if not shape:
        return ""
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(e, shape)) + "]"
