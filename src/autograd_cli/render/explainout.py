"""explain's output: rich text and the --json document. Nothing here computes."""
from __future__ import annotations

import numpy as np

from autograd_cli.analysis.explain import (MAX_CUT_PATHS, MAX_PATH_NODES, MAX_PATHS, MAX_PULLS, TIME_BUDGET, count_json,
                       count_text, magnitude, path_text)
from autograd_cli.ops import fmt
from autograd_cli.render.tables import format_value as _full_value
from autograd_cli.support.records import Record

INLINE_ELEMENTS = 8       # tensors up to this size are written out on one line; larger ones summarised


def one_line(value) -> str:
    """One line: a number, a small tensor written out, or a summary of a large one."""
    if value is None or isinstance(value, (bool, str, list)):
        return _full_value(value)
    array = np.asarray(value)
    if array.ndim == 0 or array.dtype == bool:
        return _full_value(array)
    if array.size <= INLINE_ELEMENTS:
        return np.array2string(array, separator=", ", max_line_width=10 ** 6, precision=10,
                               floatmode="maxprec").replace("\n", "")
    shape = fmt(array.shape)
    with np.errstate(all="ignore"):
        finite = array[np.isfinite(array)]
        if not array.any():
            return f"zeros {shape}"
        largest = float(np.max(np.abs(finite))) if finite.size else float("nan")
        norm = float(np.sqrt(np.sum(np.square(finite)))) if finite.size else float("nan")
    bad = array.size - finite.size
    extra = f", {bad:,} not finite" if bad else ""
    return f"tensor {shape}: norm {norm:.6g}, largest |element| {largest:.6g}{extra}"

SHOWN_PATHS = 5           # text output lists this many largest paths (all of them when complete and <= 30)
SHOWN_CUT_PATHS = 10
SHOWN_EDGES = 15
JSON_PATH_NODES = 1000    # a longer path lists its first and last 500 nodes in --json ("elided")


def _y_text(record, path):
    return record.y_texts[path.y_index]


def _agree(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True))


def say(out, text: str, indent: str = "  ", style: str | None = None, hang: str | None = None) -> None:
    """Text wrapped at the terminal's width between words (never inside one), with a
    hanging indent; `style` is a rich style for every line."""
    import textwrap

    from rich.text import Text

    width = max(20, out.width)
    lines = textwrap.wrap(text, width=width, initial_indent=indent,
                          subsequent_indent=hang if hang is not None else indent + "  ",
                          break_long_words=False, break_on_hyphens=False) or [""]
    for line in lines:
        out.print(Text(line, style=style or ""), soft_wrap=True)


def _path_lines(path: str, what: str, column: int | None, width: int) -> list[str]:
    """One path and what it carries: on one line (`what` in a column when `column` is
    given), or broken before an arrow, `what` on the last line or its own."""
    indent = "    "
    if column is not None:
        line = f"{indent}{path.ljust(column)}   {what}"
        if len(line) <= width:
            return [line]
    if len(indent) + len(path) + 3 + len(what) <= width:
        return [f"{indent}{path}   {what}"]
    lines, current = [], indent
    for k, part in enumerate(path.split(" → ")):
        piece = part if k == 0 else f" → {part}"
        if k and len(current) + len(piece) > width:
            lines.append(current)
            current = indent + "  " + piece.lstrip()
        else:
            current += piece
    if len(current) + 3 + len(what) <= width:
        lines.append(f"{current}   {what}")
    else:
        lines += [current, f"{indent}    {what}"]
    return lines


class Line(Record):
    """One line of explain's text: what it says and its style ("" plain, "heading",
    "sentence", "cut", "note"), with its indent and the indent of its continuation lines
    when the terminal wraps it. The terminal wraps and colours Lines, the HTML report
    gives them classes; what they say is decided here once (lines, record_lines)."""

    _fields = ("text", "style", "indent", "hang")

    def __init__(self, text="", style="", indent="  ", hang=None):
        self.text = text
        self.style = style
        self.indent = indent
        self.hang = hang      # None: the indent and two more spaces


class PathRows(Record):
    """The paths listed for one x: (path text, what it carries, style) each, in a column."""

    _fields = ("rows", "column")

    def __init__(self, rows, column):
        self.rows = rows
        self.column = column  # width of the path column when each fits on one line

    def texts(self, column) -> list:
        return [(f"    {path.ljust(column)}   {what}", style) for path, what, style in self.rows]


TERMINAL_STYLE = {"heading": "bold", "sentence": "yellow", "cut": "yellow", "note": "dim"}


def text(records, out) -> None:
    """Print every record's explanation to a rich console, wrapped at its width."""
    from rich.text import Text

    from autograd_cli.support.errors import escape_controls

    width = max(20, out.width)
    for item in lines(records):
        if isinstance(item, PathRows):
            column = item.column
            if any(len(line) > out.width for line, _ in item.texts(column)):
                column = None     # no room for a column: each path as it fits
            for path, what, style in item.rows:
                for line in _path_lines(escape_controls(path), escape_controls(what), column, width):
                    out.print(Text(line, style=TERMINAL_STYLE.get(style, "")), soft_wrap=True)
        elif not item.text:
            out.print()
        else:
            say(out, escape_controls(item.text), item.indent, TERMINAL_STYLE.get(item.style), item.hang)


def lines(records) -> list:
    """explain's text for the records: Lines and PathRows."""
    if not records:
        return [Line("The program computes no gradients. Add gradients(...) to it, or pass "
                     "--grad Y (and --wrt X) to explain one.", indent="")]
    out: list = []
    for record in records:
        out += record_lines(record)
        out.append(Line())
    return out


def record_lines(record) -> list:
    """One record's heading, each x's explanation and the record's edge flows."""
    where = f" (line {record.line})" if record.line else ""
    out = [Line(f"{record.kind} {record.name}{where}: d({', '.join(record.y_texts)})/dx", "heading", indent="")]
    if record.note:
        out.append(Line(record.note, "note"))
    for item in record.xs:
        out += _x_lines(item, record)
    out += _record_flows(record)
    return out


def _x_lines(item, record) -> list:
    space = item.space
    ys = ", ".join(dict.fromkeys(record.y_texts))
    grad = one_line(item.gradient)
    out = [Line(), Line(f"d({ys})/d({item.x_text}) = {grad}", "heading")]
    if item.sentence:
        out.append(Line(item.sentence, "sentence"))
    if space.total == 0:
        return out
    out.append(Line(f"{_count_phrase(space, item.x_text, ys)}:"))
    shown = item.paths if item.complete and len(item.paths) <= 30 else item.paths[:SHOWN_PATHS]
    rows = [(path_text(p, _y_text(record, p), item.x_text), f"contributes {one_line(p.contribution)}", "")
            for p in shown]
    rows += [(path_text(p, _y_text(record, p), item.x_text),
              "carries nothing: " + "; ".join(dict.fromkeys(c.describe() for c in p.cuts)), "cut")
             for p in item.cut_paths[:SHOWN_CUT_PATHS]]
    if rows:
        out.append(PathRows(rows, min(max(len(r[0]) for r in rows), 70)))
    hidden_live = len(item.paths) - len(shown)
    hidden_cut = len(item.cut_paths) - min(len(item.cut_paths), SHOWN_CUT_PATHS)
    if hidden_live > 0 or hidden_cut > 0:
        out.append(Line(f"({hidden_live:,} more live and {hidden_cut:,} more cut paths in --json)", "note"))
    if item.complete and item.paths:
        mark = "✓" if _agree(item.listed_sum, item.gradient) else "✗ (differs from the gradient)"
        if len(item.paths) == 1:
            out.append(Line(f"the one live path carries the whole gradient {grad} {mark}"))
        else:
            texts = [one_line(p.contribution) for p in item.paths]
            if len(texts) <= 8 and not any(t.startswith(("tensor", "zeros")) for t in texts):
                out.append(Line(f"sum: {_terms(texts)} = {one_line(item.listed_sum)}, the gradient {mark}"))
            else:
                out.append(Line(f"the {len(texts):,} contributions sum to {one_line(item.listed_sum)}, "
                                f"the gradient {mark}"))
    elif not item.paths and space.live:
        why_stop = item.stopped_by or "the budget"
        out.append(Line(f"(paths not listed: explain's budget was used up by the gradients above: {why_stop}; "
                        f"the {count_text(space.live)} live paths sum to the gradient {grad})"))
    elif item.paths:
        why_stop = f"the budget ({item.stopped_by})" if item.stopped_by else \
            f"the listing limit ({MAX_PATHS:,} live / {MAX_CUT_PATHS:,} cut paths)"
        out.append(Line(f"{len(item.paths):,} of {count_text(space.live)} live paths listed (stopped by "
                        f"{why_stop}); the listed contributions sum to {one_line(item.listed_sum)}, "
                        f"all {count_text(space.live)} sum to the gradient {grad}"))
    if space.first_cuts and not item.complete:
        for cut, count in space.first_cuts:
            out.append(Line(f"{count_text(count)} paths first cut at line {cut.node.line}: {cut.describe()}", "cut"))
    if not item.complete and item.edge_flows:
        parts = ", ".join(f"{_end(e.target)}: {one_line(e.flow)}" for e in item.edge_flows[:SHOWN_EDGES])
        out.append(Line(f"{item.x_text}'s gradient leaves along its edges to {parts}"))
    return out


def _record_flows(record) -> list:
    """The largest gradient flows over the record's edges (shown when paths were summarised)."""
    if all(item.complete for item in record.xs) or not record.edge_flows:
        return []
    edges = sorted(record.edge_flows, key=lambda e: -_size(e.flow))[:SHOWN_EDGES]
    out = [Line(), Line(f"gradient flowing back along each edge, largest {len(edges)} of "
                        f"{len(record.edge_flows):,} (one reverse sweep; --json has them all):")]
    for edge in edges:
        out.append(Line(f"{_end(edge.source)} → {_end(edge.target)}: {one_line(edge.flow)}", indent="    "))
    return out


def _terms(texts) -> str:
    """'2 + 1 - 0.5': scalar terms with their signs; tensors joined with +."""
    out = texts[0]
    for text in texts[1:]:
        out += f" - {text[1:]}" if text.startswith("-") and "\n" not in text else f" + {text}"
    return out


def _count_phrase(space, x_text, ys) -> str:
    word = "path" if space.total == 1 else "paths"
    text = f"{count_text(space.total)} {word} from {x_text} to {ys}"
    if space.cut and not space.live:
        text += ", and it is cut" if space.total == 1 else ", all of them cut"
    elif space.cut:
        live = "carries" if space.live == 1 else "carry"
        cut = "is" if space.cut == 1 else "are"
        text += f", {count_text(space.live)} {live} gradient, {count_text(space.cut)} {cut} cut"
    return text


def _size(value) -> float:

    return magnitude(value)


def _end(node) -> str:
    name = node.label or f"[{node.op.name}]"
    return f"{name} (line {node.line})"


# ---------------------------------------------------------------- --json


def document(records) -> dict:
    return {
        "budget": {"max_paths": MAX_PATHS, "max_cut_paths": MAX_CUT_PATHS,
                   "max_vjp_products": MAX_PULLS, "max_path_nodes": MAX_PATH_NODES,
                   "time_seconds": TIME_BUDGET, "path_nodes_shown": JSON_PATH_NODES},
        "gradients": [_record_doc(r) for r in records],
    }


def _record_doc(record) -> dict:
    return {
        "kind": record.kind, "name": record.name, "line": record.line, "ys": record.y_texts,
        "note": record.note,
        "xs": [_x_doc(item, record) for item in record.xs],
        "edge_flows": [_edge_doc(e) for e in record.edge_flows],
    }


def _edge_doc(e) -> dict:
    return {"from": _node_doc(e.source), "to": _node_doc(e.target), "operand": e.operand, "flow": e.flow}


def _node_doc(node, name=None) -> dict:
    return {"name": node.label or name, "op": node.op.name, "line": node.line}


def _path_doc(path, record, item) -> dict:
    last = len(path.nodes) - 1
    keep = range(len(path.nodes)) if len(path.nodes) <= JSON_PATH_NODES else \
        list(range(JSON_PATH_NODES // 2)) + list(range(len(path.nodes) - JSON_PATH_NODES // 2, len(path.nodes)))
    nodes = [_node_doc(path.nodes[k], item.x_text if k == 0 else record.y_texts[path.y_index] if k == last else None)
             for k in keep]
    doc = {"y": record.y_texts[path.y_index], "length": len(path.nodes), "nodes": nodes,
           "operands": [path.operands[k] for k in keep if k < last],
           "text": path_text(path, record.y_texts[path.y_index], item.x_text)}
    if len(path.nodes) > JSON_PATH_NODES:
        doc["elided"] = {"after": JSON_PATH_NODES // 2, "count": len(path.nodes) - JSON_PATH_NODES}
    if path.cuts:
        doc["cuts"] = [{"kind": c.kind, "op": c.node.op.name, "line": c.node.line, "reason": c.describe()}
                       for c in path.cuts]
        doc["reason"] = "; ".join(dict.fromkeys(c.describe() for c in path.cuts))
    else:
        doc["contribution"] = path.contribution
    return doc


def _x_doc(item, record) -> dict:
    space = item.space
    return {
        "x": item.x_text,
        "gradient": item.gradient,
        "why_none": item.reason,
        "sentence": item.sentence,
        "path_count": count_json(space.total),
        "live_path_count": count_json(space.live),
        "cut_path_count": count_json(space.cut),
        "complete": item.complete,
        "stopped_by": item.stopped_by,
        "paths": [_path_doc(p, record, item) for p in item.paths],
        "contributions_sum": item.listed_sum,
        "cut_paths": [_path_doc(p, record, item) for p in item.cut_paths],
        "cuts": [{"kind": c.kind, "op": c.node.op.name, "line": c.node.line, "reason": c.describe(),
                  "paths": count_json(n)} for c, n in space.first_cuts],
        "edge_flows": [_edge_doc(e) for e in item.edge_flows],
    }
