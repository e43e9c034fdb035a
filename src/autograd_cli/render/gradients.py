"""What a gradient table holds: its title and one row per x (the gradient, and for a
None gradient the reason and the lines that cut it). The terminal table, the JSON
document and the HTML report all read this model and only format it, so the three
never disagree on what a row says. Nothing here computes a gradient."""
from __future__ import annotations

import re

from autograd_cli.support.records import Record

# The reasons name the statements that cut a path as "line N" ("cut by stop_gradient at
# line 5", "round has no gradient (line 3)"); a name never holds a space, so the phrase
# only ever comes from the reason's own wording.
_LINE = re.compile(r"\bline (\d+)\b")


class GradientRow(Record):
    _fields = ("x", "value", "reason", "cut_lines")

    def __init__(self, x, value, reason, cut_lines):
        self.x = x                    # the x as the program wrote it
        self.value = value            # ndarray, or None for an unconnected x
        self.reason = reason          # why the gradient is None (None when it is not)
        self.cut_lines = cut_lines    # [int] program lines the reason names, in its order


class GradientTableModel(Record):
    _fields = ("kind", "name", "line", "ys", "title", "rows")

    def __init__(self, kind, name, line, ys, title, rows):
        self.kind = kind
        self.name = name
        self.line = line              # 0 for a gradient asked for on the command line
        self.ys = ys
        self.title = title            # "gradients g (line 7): d(b)/dx"
        self.rows = rows              # [GradientRow], every x in order


def reason_lines(reason: str | None) -> list[int]:
    """The program lines a why-None reason names, each once, in the reason's order."""
    if not reason:
        return []
    return list(dict.fromkeys(int(m.group(1)) for m in _LINE.finditer(reason)))


def gradient_model(result) -> GradientTableModel:
    """The table of one gradients result (core.results.GradientResult)."""
    where = f" (line {result.line})" if result.line else ""
    title = f"{result.kind} {result.name}{where}: d({', '.join(result.ys)})/dx"
    rows = []
    for x, value in zip(result.xs, result.values):
        reason = result.unconnected.get(x)
        rows.append(GradientRow(x, value, reason, reason_lines(reason)))
    return GradientTableModel(result.kind, result.name, result.line, list(result.ys), title, rows)


def gradient_document(result, by_x: bool = False) -> dict:
    """A gradients result in --json: the values in x order (with `by_x`, also keyed by x:
    an x given twice appears once), the reasons by x."""
    model = gradient_model(result)
    doc = {"name": model.name, "line": model.line, "ys": model.ys, "xs": [r.x for r in model.rows],
           "values": [r.value for r in model.rows]}
    if by_x:
        doc["by_x"] = {r.x: r.value for r in model.rows}
    doc["unconnected"] = {r.x: r.reason for r in model.rows if r.reason is not None}
    return doc
