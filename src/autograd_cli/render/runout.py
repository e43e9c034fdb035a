"""Rich table for `run`: one row per step (the final variables use tables.value_table)."""
from __future__ import annotations

from .symbols import symbols
from .tables import escape_markup, format_value


def steps_table(columns, rows, skipped: int = 0, head: int = 0):
    from rich.table import Table

    table = Table(title="steps", title_justify="left")
    table.add_column("step", justify="right", style="bold")
    for name in columns:
        table.add_column(escape_markup(name), overflow="fold")
    for k, (step, values) in enumerate(rows):
        if skipped and k == head:
            note = [f"({skipped:,} steps not shown; run --json gives every step)"] if columns else []
            table.add_row(symbols().ellipsis, *note, *[""] * (len(columns) - 1))
        table.add_row(str(step), *[escape_markup(format_value(values[name], 30)) for name in columns])
    return table
