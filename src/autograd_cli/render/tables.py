"""Rich tables for values and gradients. NumPy lays out arrays, and loads only for one:
a snippet's results reach the command line as plain numbers where they are scalars."""
from __future__ import annotations

from autograd_cli.core.results import Float32
from autograd_cli.support.errors import fmt


LIST_EDGE = 3        # a long list shows its first and last LIST_EDGE items (as NumPy's edgeitems)
TEXT_LIMIT = 200     # longer names and strings are shortened in tables (JSON keeps them whole)


LIST_BUDGET = 40     # items shown of one (nested) list value in all; the rest become "..."
TABLE_EDGE_ROWS = 1000  # a table with more rows shows the first and last this many (rich
                        # takes ~0.25 ms a row; --json always has every row)


def format_value(value, width: int = 60, _budget=None) -> str:
    if value is None:
        return "None"
    if isinstance(value, (bool, str)):
        return clip_text(repr(value)) if isinstance(value, str) else str(value)
    if isinstance(value, list):
        budget = [LIST_BUDGET] if _budget is None else _budget
        if budget[0] <= 0:
            return "..."
        if len(value) > 2 * LIST_EDGE + 1:
            shown = [format_value(v, width, budget) for v in value[:LIST_EDGE]] + ["..."] \
                + [format_value(v, width, budget) for v in value[-LIST_EDGE:]]
            return "[" + ", ".join(shown) + f"] ({len(value):,} items)"
        return "[" + ", ".join(format_value(v, width, budget) for v in value) + "]"
    if _budget is not None:
        _budget[0] -= 1
    if isinstance(value, Float32):
        return value.shortest()
    if isinstance(value, (int, float)):     # (NumPy's float64 too; as a 0-d array shows)
        return f"{float(value):.10g}"
    import numpy as np

    array = np.asarray(value)
    if array.ndim == 0 and array.dtype != bool:
        return str(array[()]) if array.dtype == np.float32 else f"{float(array):.10g}"
    if array.size > SUMMARY_SIZE and array.ndim > 2:
        return summary(array)
    if array.dtype == bool:
        return str(array.tolist()) if array.size <= 20 else np.array2string(array, threshold=20)
    # a float32 array with a float32's digits, as the snippet's own print shows it
    return np.array2string(array, threshold=40, edgeitems=3, precision=8 if array.dtype == np.float32 else 6,
                           max_line_width=width,
                           floatmode="maxprec", suppress_small=False)


SUMMARY_SIZE = 40    # a tensor of 3+ dims with more elements is shown flat: first and last few
SUMMARY_EDGE = 3     # (NumPy never summarises a dimension of 6 or fewer: ones([2] * 20) printed 1M)


def summary(array) -> str:
    """A large tensor whatever its number of dimensions: its first and last few elements
    in flat (C) order and the count; the shape is in its own column (--json is complete)."""
    flat = array.reshape(-1)
    if array.dtype == bool:
        pick = [str(bool(v)) for v in flat[:SUMMARY_EDGE]] + ["..."] + [str(bool(v)) for v in flat[-SUMMARY_EDGE:]]
    else:
        pick = [f"{float(v):.6g}" for v in flat[:SUMMARY_EDGE]] + ["..."] \
            + [f"{float(v):.6g}" for v in flat[-SUMMARY_EDGE:]]
    return f"[{' '.join(pick)}] ({array.size:,} elements, flattened)"


def format_shape(value) -> str:
    import numpy as np

    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        return fmt(np.shape(value))
    if isinstance(value, list):
        return f"list[{len(value)}]"
    return "-"


def value_table(values: dict, title: str = "values", width: int | None = None):
    """`width`: the console's; arrays are then laid out by NumPy for the value column's
    width, so the table never re-wraps their lines."""
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column("name", style="bold")
    table.add_column("shape")
    table.add_column("value", overflow="fold")
    rows = [item if isinstance(item, str) else (escape_markup(clip_text(item[0])), format_shape(item[1]), item[1])
            for item in elide_rows(list(values.items()), "values")]
    value_width = _room(width, [r[:2] for r in rows if not isinstance(r, str)], ("name", "shape"))
    for row in rows:
        if isinstance(row, str):
            table.add_row("...", "", row)
            continue
        name, shape, value = row
        table.add_row(name, shape, escape_markup(format_value(value, value_width)))
    return table


def _room(width, others, headers) -> int:
    """Characters left for the one value column of a table at this console width, given
    the other columns' texts (`others`: a tuple per row) and headers (box borders: 3 a
    column and 1 more); at least 20, and 60 when the width is not known."""
    if width is None:
        return 60
    used = [max([len(h)] + [len(r[k]) for r in others]) for k, h in enumerate(headers)]
    return max(20, width - sum(used) - 3 * (len(headers) + 1) - 1)


def elide_rows(rows: list, what: str, edge: int = TABLE_EDGE_ROWS) -> list:
    """The rows a table shows: all, or the first and last `edge` around a note."""
    if len(rows) <= 2 * edge + 1:
        return rows
    return rows[:edge] + [f"{len(rows) - 2 * edge:,} more {what} (--json lists all)"] + rows[-edge:]


def gradient_table(result, width: int | None = None):
    """The rich table of a gradients result; what it holds is gradients.gradient_model's."""
    from rich.table import Table

    from autograd_cli.render.gradients import gradient_model

    model = gradient_model(result)
    table = Table(title=escape_markup(clip_text(model.title)), title_justify="left")
    table.add_column("x", style="bold")
    table.add_column("gradient", overflow="fold")
    table.add_column("why None", style="yellow")
    rows = [item if isinstance(item, str) else
            (escape_markup(clip_text(item.x)), item.value, escape_markup(item.reason or ""))
            for item in elide_rows(model.rows, "xs")]
    room = _room(width, [(r[0], r[2]) for r in rows if not isinstance(r, str)], ("x", "why None"))
    for row in rows:
        if isinstance(row, str):
            table.add_row("...", row, "")
            continue
        x, value, why = row
        table.add_row(x, escape_markup(format_value(value, room)), why)
    return table


def clip_text(text: str, limit: int = TEXT_LIMIT) -> str:
    if len(text) <= limit:
        return text
    keep = (limit - 20) // 2
    return f"{text[:keep]}...({len(text) - 2 * keep:,} characters)...{text[-keep:]}"


def escape_markup(text: str) -> str:
    """Text for a rich table: markup escaped, and control characters spelled out (`\\x1b`),
    so a program's names and strings never send escape sequences to the terminal."""
    from rich.markup import escape

    from autograd_cli.support.errors import escape_controls

    return escape(escape_controls(text))
