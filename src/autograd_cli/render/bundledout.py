"""`autograd-cli docs` and `autograd-cli samples`: the shipped files as a table, and a
document for the terminal. Nothing here finds or copies files (support/bundled.py does)."""
from __future__ import annotations

from autograd_cli.render.tables import escape_markup


def bundled_table(title: str, items, folder: str, command: str):
    from rich.table import Table

    table = Table(title=title, title_justify="left", expand=True, caption_justify="left",
                  caption=escape_markup(f"in {folder}\n{command}"))
    table.add_column("name", style="bold", overflow="fold", ratio=2)
    table.add_column("what it is", overflow="fold", ratio=5)
    for item in items:
        table.add_row(escape_markup(item.name), escape_markup(item.summary))
    return table


def document_view(text: str):
    from rich.markdown import Markdown

    return Markdown(text)
