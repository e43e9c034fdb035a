"""`run`'s screen: the steps table (cells on one line, 6 significant digits, the columns
that fit the terminal), the columns that never changed (once, above the table), and a
sparkline of the loss under it. The final variables use tables.value_table. Nothing
here computes: the caller hands in the rows and what History (steps.py) observed."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.render.symbols import symbols, unicode_ok
from autograd_cli.render.tables import escape_markup, format_value

CELL_LIMIT = 40          # a tensor cell shows at most this many characters
SPARK_WIDTH = 60
BLOCKS = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS = "_.-=+*#@"


class Shown(str):
    """A cell already formatted (see brief_row)."""


def brief_row(values: dict) -> dict:
    """A step's values as the table shows them, formatted when the step ends: the table
    keeps up to 10,000 rows, and keeping a 1M-element variable per row took gigabytes."""
    return {name: Shown(cell(value)) for name, value in values.items()}


def cell(value) -> str:
    """A run table cell: one line; a scalar to 6 significant digits."""
    if type(value) is Shown:
        return value
    if isinstance(value, (float, np.floating)) or (isinstance(value, np.ndarray) and value.shape == ()
                                                  and value.dtype != bool):
        return f"{float(value):.6g}"
    text = " ".join(format_value(value, 10_000).split())
    if len(text) > CELL_LIMIT:
        text = text[:CELL_LIMIT - 1] + symbols().ellipsis
    return text


def steps_screen(columns, rows, skipped: int = 0, head: int = 0, width: int = 120,
                 constants=(), first=None, suggested=(), every: int = 1) -> list:
    """Renderables: the constants line, the table, the note on columns left out."""
    from rich.table import Table
    from rich.text import Text

    out = []
    if constants and first is not None:
        parts = [f"{name} = {cell(first[name])}" for name in constants]
        out.append(Text("same at every step: " + ", ".join(parts), overflow="fold"))
    shown_names = [n for n in columns if n not in set(constants)]
    cells = {n: [cell(values[n]) for _, values in rows] for n in shown_names}
    steps_text = [str(step) for step, _ in rows]
    step_width = max([4] + [len(s) for s in steps_text] + [len(symbols().ellipsis)])
    used = 1 + step_width + 3             # left border, the step column, padding and its border
    fitted, dropped = [], []
    for name in shown_names:
        need = max([len(name)] + [len(c) for c in cells[name]]) + 3
        if not dropped and used + need <= width:
            fitted.append(name)
            used += need
        else:
            dropped.append(name)
    table = Table(title="steps", title_justify="left")
    table.add_column("step", justify="right", style="bold", no_wrap=True)
    for name in fitted:
        table.add_column(escape_markup(name), no_wrap=True, justify="right")
    for k, (step, _) in enumerate(rows):
        if skipped and k == head:
            table.add_row(symbols().ellipsis, *[""] * len(fitted))
        table.add_row(steps_text[k], *[escape_markup(cells[n][k]) for n in fitted])
    out.append(table)
    if every > 1:
        out.append(Text(f"(a row every {every:,} steps and the last; --every K to choose)", style="dim",
                        overflow="fold"))
    if skipped:
        out.append(Text(f"({skipped:,} steps not shown; --every K shows every K-th step, "
                        "--json gives every step)", style="dim", overflow="fold"))
    if dropped:
        out.append(Text(f"{len(dropped)} column(s) did not fit in {width} columns: "
                        f"{', '.join(dropped)}; choose columns with --fetch, e.g. --fetch "
                        f"{','.join(suggested or (fitted + dropped)[:3])}", style="dim", overflow="fold"))
    return out


def sparkline(name: str, steps: list, values: list, width: int = 120):
    """A one-line picture of a series under the table: `loss ▇▅▃▂▁▁ 4.1 → 0.0021 (steps 0–999)`."""
    from rich.text import Text

    from autograd_cli.run.steps import series_levels

    finite = [v for v in values if math.isfinite(v)]
    if len(values) < 2 or not finite:
        return None
    log = min(finite) > 0 and max(finite) / min(finite) > 1e3
    label = f"{name} "
    tail = f" {values[0]:.4g} {symbols().arrow} {values[-1]:.4g}" + (" (log scale)" if log else "")
    room = max(8, min(SPARK_WIDTH, width - len(label) - len(tail) - 1, len(values)))
    blocks = BLOCKS if unicode_ok() else ASCII_BLOCKS
    top = len(blocks) - 1
    chars = ["?" if x is None else blocks[min(top, max(0, int(x * top + 0.5)))]
             for x in series_levels(values, room, log)]
    text = Text(label, style="bold")
    text.append("".join(chars), style="cyan")
    text.append(tail)
    text.no_wrap = True
    return text


def progress_info(row: dict, names, width: int) -> str:
    """The fetched scalars for the progress bar: `loss=0.0123 w=2.99`, cut to `width`."""
    parts = []
    used = 0
    for name in names:
        part = f"{name}={cell(row[name])}"
        if used + len(part) + 1 > width:
            break
        parts.append(part)
        used += len(part) + 1
    return " ".join(parts)
