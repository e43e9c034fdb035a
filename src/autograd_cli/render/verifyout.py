"""verify's output: one rich table per gradient, and the spec's JSON object. Nothing here computes."""
from __future__ import annotations

import numpy as np

from .symbols import symbols
from .tables import escape_markup, format_value

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


def verify_tables(report) -> list:
    """Renderables: per gradient record a table, then its notes (why None agrees, skips, ...)."""
    from rich.table import Table
    from rich.text import Text

    out, key, notes = [], None, []
    for c in report.checks:
        if (c.gradient, c.line, c.kind) != key:
            if notes:
                out.append(Text("\n".join(notes), style="dim"))
            key, notes = (c.gradient, c.line, c.kind), []
            where = f" (line {c.line})" if c.line else ""
            table = Table(title=escape_markup(f"{c.kind} {c.gradient}{where}: d({', '.join(c.ys)})"),
                          title_justify="left")
            for name in ("x", "AD", "SymPy formula", "SymPy", "finite diff.", "max error", ""):
                table.add_column(name, style="bold" if name == "x" else None, overflow="fold")
            out.append(table)
        table.add_row(
            escape_markup(c.x),
            "None" if c.ad is None else escape_markup(format_value(c.ad, 30)),
            escape_markup(_formula(c)),
            escape_markup(_sampled(c, c.symbolic)),
            escape_markup(_sampled(c, c.finite_difference)),
            "-" if c.max_error is None else ("NaN" if c.max_error != c.max_error else f"{c.max_error:.2g}"),
            f"[green]{symbols().check}[/green]" if c.ok else f"[red]{symbols().cross}[/red]",
        )
        lines = list(c.notes) + [f"skipped {s}" for s in c.skipped]
        if not c.ok and c.bad_entries:
            lines.insert(0, "disagrees at " + ", ".join(_entry(c.shape, e) for e in c.bad_entries[:5]))
        notes += [f"  {c.x}: {line}" for line in lines]
    if notes:
        out.append(Text("\n".join(notes), style="dim"))
    return out


def summary(report) -> str:
    if not report.checks:
        return ("nothing to check: the program computes no gradients (call gradients(y, x) in it, "
                "or give --grad NAME)")
    bad = sum(not c.ok for c in report.checks)
    skipped = sum(bool(c.skipped) for c in report.checks)
    head = "all agree" if not bad else f"{bad} of {len(report.checks)} checks disagree"
    tail = f", {skipped} with a skipped part" if skipped else ""
    return f"{len(report.checks)} checks: {head}{tail} ({report.seconds:.2f} s)"


def _formula(c) -> str:
    if not c.formulas:
        return "-"
    if not c.shape:
        return _short(c.formulas[0])
    first = min(c.formulas)
    more = " " + symbols().ellipsis if len(c.formulas) > 1 else ""
    return f"{_entry(c.shape, first)}: {_short(c.formulas[first])}{more}"


def _short(text: str) -> str:
    return text if len(text) <= FORMULA_WIDTH else text[:FORMULA_WIDTH - 1] + symbols().ellipsis


def _sampled(c, values: dict) -> str:
    if not values:
        return "-"
    total = int(np.prod(c.shape, dtype=np.int64))
    if len(values) == total:
        flat = np.array([values[e] for e in range(total)], dtype=np.float64)
        return format_value(flat.reshape(c.shape), 30)
    shown = ", ".join(f"{_entry(c.shape, e)} {values[e]:.6g}" for e in sorted(values)[:3])
    return f"{shown}, {symbols().ellipsis} ({len(values)} entries)"


def _entry(shape, e) -> str:
    if not shape:
        return "x"
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(e, shape)) + "]"
