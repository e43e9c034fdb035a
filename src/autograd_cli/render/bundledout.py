"""`autograd-cli docs` and `autograd-cli samples`: the shipped files as a table, and a
document for the terminal. Nothing here finds or copies files (support/bundled.py does)."""
from __future__ import annotations

from autograd_cli.render.tables import escape_markup


def bundled_table(title: str, items, folder: str, command: str, width: int = 120):
    """A table whose names stay whole (a ratio column split `second_derivatives.a|g`); on a
    terminal too narrow for the longest name beside a readable summary, a list."""
    from rich.table import Table

    longest = max((len(item.name) for item in items), default=4)
    if longest + SUMMARY_WIDTH + 7 > width:          # (7: the borders and padding)
        return _bundled_list(title, items, folder, command, width)
    table = Table(title=title, title_justify="left", expand=True, caption_justify="left",
                  caption=escape_markup(f"in {folder}\n{command}"))
    table.add_column("name", style="bold", no_wrap=True, min_width=longest)
    table.add_column("what it is", overflow="fold", ratio=1)
    for item in items:
        table.add_row(escape_markup(item.name), escape_markup(item.summary))
    return table


SUMMARY_WIDTH = 30     # the narrowest summary column worth a table


def _bundled_list(title: str, items, folder: str, command: str, width: int):
    import textwrap

    from rich.console import Group
    from rich.text import Text

    parts = [Text(title)]
    for item in items:
        parts.append(Text(item.name, style="bold"))
        if item.summary:
            parts.append(Text(textwrap.fill(item.summary, max(width, 20), initial_indent="  ", subsequent_indent="  ",
                                            break_long_words=False, break_on_hyphens=False)))
    parts += [Text(f"in {folder}"), Text(command)]
    return Group(*parts)


def document_view(text: str):
    from rich.markdown import Markdown

    return Markdown(text)
