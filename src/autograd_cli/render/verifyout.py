"""verify's output: one rich table per gradient, and the spec's JSON object. Nothing here computes."""
from __future__ import annotations

import re

import numpy as np

from autograd_cli.render.symbols import symbols
from autograd_cli.render.tables import escape_markup

FORMULA_WIDTH = 48


def verify_document(report) -> dict:
    return {
        "ok": report.ok,
        "checks": [
            {"gradient": c.gradient, "kind": c.kind, "line": c.line, "ys": c.ys, "x": c.x,
             "ad": None if c.ad is None else c.ad,
             "symbolic": c.dense(c.symbolic),
             "formula": c.dense(c.formulas),
             "finite_difference": c.dense(c.finite_difference),
             "max_error": c.max_error,
             "ok": c.ok,
             "skipped": "; ".join(c.skipped) if c.skipped else None,
             "notes": c.notes}
            for c in report.checks
        ],
        "warnings": report.warnings,
    }


COLUMNS = ("x", "AD", "SymPy formula", "SymPy", "finite diff.", "max error", "")
# left out first when the terminal is narrow: AD, SymPy and finite differences are the comparison
DROP_ORDER = ("SymPy formula", "max error", "finite diff.", "SymPy")
CELL_WIDTH = 30        # a tensor cell shows at most this many characters, on one line


def check_groups(report) -> list:
    """The checks per gradients record, in order: [(title, [Check])]. With check_row and
    check_notes, what verify shows; the terminal tables and the HTML report format it."""
    groups: list = []
    for c in report.checks:
        key = (c.gradient, c.line, c.kind)
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(c)
    out = []
    for (gradient, line, kind), checks in groups:
        where = f" (line {line})" if line else ""
        out.append((f"{kind} {gradient}{where}: d({', '.join(checks[0].ys)})", checks))
    return out


def check_notes(c) -> list:
    """What a check says under its table: where it disagrees (and why AD is NaN), why a
    None agrees, what was skipped."""
    lines = list(c.notes) + [f"skipped {s}" for s in c.skipped]
    if not c.ok and c.bad_entries:
        lines.insert(0, "disagrees at " + ", ".join(_entry(c.shape, e, c.x) for e in c.bad_entries[:5]))
        why = _nan_reason(c)
        if why:
            lines.insert(1, why)
    return lines


def verify_tables(report, width: int = 120) -> list:
    """Renderables: per gradient record a table, then its notes (why None agrees, skips, ...).
    Cells stay on one line; columns that do not fit `width` are left out (with a note)."""
    from rich.text import Text

    out = []
    for title, checks in check_groups(report):
        for digits in (4, 3, 2):     # fewer digits before a compared column is left out
            rows = [check_row(c, digits) for c in checks]
            shown = _fit(rows, width)
            if all(name in shown for name in ("AD", "SymPy", "finite diff.")):
                break
        out.append(_table(title, rows, shown))
        notes = []
        dropped = [name for name in COLUMNS if name not in shown]
        if dropped:
            notes.append(f"  ({', '.join(dropped)} left out at {width} columns; --json has every value)")
        for c in checks:
            notes += [f"  {c.x}: {line}" for line in check_notes(c)]
        if notes:
            out.append(Text("\n".join(_wrapped(notes, width)), style="dim"))
    return out


def _wrapped(notes, width: int) -> list:
    """Notes broken between words at the terminal's width, continued under their text."""
    import textwrap

    lines = []
    for note in notes:
        lines += textwrap.wrap(note, width=max(20, width), subsequent_indent="      ",
                               break_long_words=False, break_on_hyphens=False) or [""]
    return lines


def _nan_reason(c) -> str | None:
    """Why AD is NaN where SymPy and finite differences are finite: the classic where()."""
    ad = np.asarray(c.ad, dtype=np.float64) if c.ad is not None else None
    if ad is None or not np.isnan(ad).any():
        return None
    others = [v for v in list(c.symbolic.values()) + list(c.finite_difference.values())]
    if not others or not all(np.isfinite(v) for v in others):
        return None
    x = c.x
    return (f"AD is NaN where the derivative is finite: where(cond, a, b) sends 0 * (the untaken "
            f"branch's derivative) back, and that derivative is infinite here (log, sqrt or 1/x at 0), "
            f"so 0 * inf = NaN, as in TensorFlow. Make the untaken branch finite too (the double where): "
            f"where({x} > 0, log(where({x} > 0, {x}, 1)), 0)")


def check_row(c, digits: int = 4) -> dict:
    """A check's cells, by column name (COLUMNS)."""
    return {
        "x": c.x,
        "AD": "None" if c.ad is None else _one_line(c.ad, digits),
        "SymPy formula": _formula(c),
        "SymPy": _sampled(c, c.symbolic, digits),
        "finite diff.": _sampled(c, c.finite_difference, digits),
        "max error": _max_error(c),
        "": symbols().check if c.ok else symbols().cross,
    }


def _max_error(c) -> str:
    if c.max_error is None:
        return "-"
    if c.max_error != c.max_error:
        return "NaN"
    text = f"{c.max_error:.2g}"
    if c.ok and any(note.startswith("kink at") for note in c.notes) and c.max_error > 1e-6:
        text += " (kink)"    # agrees although the error is large: see the kink note
    return text


def _fit(rows, width: int) -> list:
    """The columns shown: all, less those in DROP_ORDER until the table fits `width`."""
    need = {name: max([len(name)] + [len(line) for r in rows for line in r[name].split("\n")]) + 3
            for name in COLUMNS}
    shown = list(COLUMNS)
    for name in DROP_ORDER:
        if 1 + sum(need[n] for n in shown) <= width:
            break
        shown.remove(name)
    return shown


def _table(title, rows, shown):
    from rich.table import Table

    table = Table(title=escape_markup(title), title_justify="left")
    for name in shown:
        table.add_column(name, style="bold" if name == "x" else None, no_wrap=True, overflow="ellipsis")
    for r in rows:
        cells = []
        for name in shown:
            text = escape_markup(r[name])
            if name == "":
                text = f"[green]{text}[/green]" if r[name] == symbols().check else f"[red]{text}[/red]"
            cells.append(text)
        table.add_row(*cells)
    return table


MATRIX_ROWS = 6    # a matrix with at most this many rows is written a row a line, whole


def _one_line(value, digits: int = 4) -> str:
    """A value: a scalar to 10 significant digits; a small matrix a row a line (a Hessian
    is never cut), entries to 4 digits; any other tensor on one line, entries to 6, cut to
    CELL_WIDTH characters."""
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return f"{float(array):.10g}"
    if array.ndim == 2 and array.shape[0] <= MATRIX_ROWS and array.shape[1] <= MATRIX_ROWS:
        text = np.array2string(array, max_line_width=10**6, separator=" ",
                               formatter={"float_kind": lambda v: "0" if v == 0 else f"{v:.{digits}g}"})
        return "\n".join(re.sub(r"(?<=\S) +", " ", line.rstrip()) for line in text.splitlines())
    text = np.array2string(array, precision=6, threshold=8, edgeitems=2, max_line_width=10**6,
                           floatmode="maxprec", separator=" ")
    text = " ".join(text.split())
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + symbols().ellipsis


def summary(report) -> str:
    if not report.checks:
        return ("nothing to check: the program computes no gradients (call gradients(y, x) in it, "
                "or give --grad NAME)")
    bad = sum(not c.ok for c in report.checks)
    skipped = sum(bool(c.skipped) for c in report.checks)
    head = ("all agree" if len(report.checks) > 1 else "it agrees") if not bad else \
        f"{bad} of {len(report.checks)} disagree" if len(report.checks) > 1 else "it disagrees"
    tail = f", {skipped} with a skipped part" if skipped else ""
    word = "check" if len(report.checks) == 1 else "checks"
    return f"{len(report.checks)} {word}: {head}{tail} ({report.seconds:.2f} s)"


def _formula(c) -> str:
    if not c.formulas:
        return "-"
    if not c.shape:
        return _short(c.formulas[0])
    first = min(c.formulas)
    more = " " + symbols().ellipsis if len(c.formulas) > 1 else ""
    return f"{_entry(c.shape, first, '')}: {_short(c.formulas[first])}{more}"


def _short(text: str) -> str:
    return text if len(text) <= FORMULA_WIDTH else text[:FORMULA_WIDTH - 1] + symbols().ellipsis


def _sampled(c, values: dict, digits: int = 4) -> str:
    if not values:
        return "-"
    total = int(np.prod(c.shape, dtype=np.int64))
    if len(values) == total:
        flat = np.array([values[e] for e in range(total)], dtype=np.float64)
        return _one_line(flat.reshape(c.shape), digits)
    shown = ", ".join(f"{_entry(c.shape, e, '')} {values[e]:.6g}" for e in sorted(values)[:3])
    return f"{shown}, {symbols().ellipsis} ({len(values)} entries)"


def _entry(shape, e, name: str = "x") -> str:
    """The entry e of a tensor named `name`: `w` for a scalar, `w[0, 1]`."""
    if not shape:
        return name or "x"
    return name + "[" + ", ".join(str(int(i)) for i in np.unravel_index(e, shape)) + "]"
