"""Rich tables for `run`: one row per step, then the final variable values."""
from __future__ import annotations

from .tables import _escape, format_shape, format_value


def steps_table(columns, rows, skipped: int = 0, head: int = 0):
    from rich.table import Table

    table = Table(title="steps", title_justify="left")
    table.add_column("step", justify="right", style="bold")
    for name in columns:
        table.add_column(_escape(name), overflow="fold")
    for k, (step, values) in enumerate(rows):
        if skipped and k == head:
            note = [f"({skipped:,} steps not shown; run --json gives every step)"] if columns else []
            table.add_row("…", *note, *[""] * (len(columns) - 1))
        table.add_row(str(step), *[_escape(format_value(values[name], 30)) for name in columns])
    return table


def final_table(final: dict):
    from rich.table import Table

    table = Table(title="final variables", title_justify="left")
    table.add_column("variable", style="bold")
    table.add_column("shape")
    table.add_column("value", overflow="fold")
    for name, value in final.items():
        table.add_row(_escape(name), format_shape(value), _escape(format_value(value)))
    return table
