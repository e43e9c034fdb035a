"""Whether AD, SymPy and finite differences agree on one check (kinks, None, tolerances)."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.core import paths
from autograd_cli.analysis.verify.common import FD2_ATOL, FD2_RTOL, FD_ATOL, FD_RTOL, entry_text


def judge(check, program, record, k, zero, kinks, scale, undefined, rtol, atol):
    second = record.kind == "hessians"
    fd_rtol = max(FD2_RTOL if second else FD_RTOL, rtol)
    fd_atol = max(FD2_ATOL if second else FD_ATOL, atol) * max(1.0, scale)
    errors = []
    if check.ad is None:
        x = record.x_nodes[k]
        stop_ids = {s.id for s in record.stop_nodes}
        if paths.path_space(x, record.y_nodes, stop_ids).live:
            check.ok = False
            check.notes.append("AD says None, but gradient can flow from the ys to x (a live path exists)")
        else:
            reason = paths.unconnected_reason(x, record.y_nodes, stop_ids)
            check.notes.append(f"None agrees with a zero derivative: no live path ({reason})")
        if zero is not None and not all(zero.get(e, False) for e in check.entries):
            check.ok = False
            check.notes.append("AD says None, but SymPy's derivative is not exactly 0")
        elif zero is not None:
            check.notes[-1] += "; SymPy's derivative is exactly 0"
        ad_flat = np.zeros(int(np.prod(check.shape, dtype=np.int64)))
    else:
        ad_flat = check.ad.reshape(-1)
    for e in check.entries:
        a = float(ad_flat[e])
        s = check.symbolic.get(e)
        f = None if e in undefined else check.finite_difference.get(e)
        kink = kinks.get(e)
        if kink is not None:
            lo, hi = kink
            margin = fd_atol + fd_rtol * max(abs(lo), abs(hi))
            inside = [v for v in (a, s) if v is not None and not (lo - margin <= v <= hi + margin)]
            if inside:
                check.bad_entries.append(e)
            errors += [abs(a - v) for v in (s, f) if v is not None]
            continue
        good = True
        if s is not None:
            good &= _close(a, s, rtol, atol)
            errors.append(_error(a, s))
        if f is not None:
            good &= _close(a, f, fd_rtol, fd_atol)
            errors.append(_error(a, f))
        if not good:
            check.bad_entries.append(e)
    if undefined:
        where = ", ".join(entry_text(check.shape, e) or "x" for e in sorted(undefined)[:3])
        check.notes.append(f"finite differences undefined at {where}: the function is not finite "
                           "there or nearby, so only SymPy is compared")
    if kinks:
        where = ", ".join(entry_text(check.shape, e) or "x" for e in list(kinks)[:3])
        check.notes.append(f"kink at {where}: one-sided slopes differ, so AD and SymPy need only lie "
                           "between them (TensorFlow and SymPy pick different values there)")
    if check.bad_entries:
        check.ok = False
    # a NaN on one side only is a disagreement: its error is NaN, never hidden behind the
    # small error of the other entries
    check.max_error = math.nan if any(math.isnan(e) for e in errors) else (max(errors) if errors else None)


def _close(a: float, b: float, rtol: float, atol: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= atol + rtol * max(abs(a), abs(b))


def _error(a: float, b: float) -> float:
    if math.isnan(a) and math.isnan(b):
        return 0.0
    if math.isinf(a) and a == b:
        return 0.0
    return abs(a - b)
