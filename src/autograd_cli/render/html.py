"""The HTML report: one self-contained page (styles inline, pictures as inline SVG, no
script, nothing fetched), or the same content as a fragment for a notebook cell.

What each part says comes from the render layer's models, shared with the terminal and
--json: gradients.gradient_model (a gradient table's rows and why-None reasons),
explainout.lines (explain's text), verifyout.check_groups/check_row/check_notes,
tables.format_value. This module only lays them out. Every text is escaped (a program's
names and strings may hold `<script>`), control characters spelled out (`\\x1b`), and
every "line N" a reason names links to that line of the program listing."""
from __future__ import annotations

import itertools
import re
from html import escape as _escape

from autograd_cli.render.gradients import gradient_model
from autograd_cli.render.tables import elide_rows, format_shape, format_value

PICTURE_NODES = 400      # a larger graph is shown as text (Graphviz would take long and draw it unreadably)
VALUE_WIDTH = 72         # characters per line of an array in a table cell
SOURCE_LINES = 5000      # a longer program lists its first and last lines around a note
_LINE = re.compile(r"\b(lines? )(\d+)\b")
_SURROGATE = re.compile("[\ud800-\udfff]")
_fragments = itertools.count(1)


def text(value) -> str:
    """Any text as HTML: escaped, control characters (and lone surrogates) spelled out."""
    from autograd_cli.support.errors import escape_controls

    value = escape_controls(str(value))
    if _SURROGATE.search(value):
        value = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
    return _escape(value, quote=True)


def linked(value, prefix: str = "", known=None) -> str:
    """Text with each "line N" it names linked to the listing's line N (when listed)."""
    out, last = [], 0
    value = str(value)
    for m in _LINE.finditer(value):
        number = int(m.group(2))
        if known is not None and number not in known:
            continue
        out.append(text(value[last:m.start()]))
        out.append(f'<a class="ref" href="#{prefix}L{number}">{text(m.group(0))}</a>')
        last = m.end()
    out.append(text(value[last:]))
    return "".join(out)


# ---------------------------------------------------------------- whole page / fragment

def page(report) -> str:
    """The report as a complete HTML document."""
    from autograd_cli import __version__

    title = text(f"autograd-cli report: {report.title}")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<meta name=\"generator\" content=\"autograd-cli {text(__version__)}\">\n"
            f"<title>{title}</title>\n<style>{STYLE}{PAGE_STYLE}</style>\n</head>\n<body>\n"
            + body(report, "") + "\n</body>\n</html>\n")


def fragment(report) -> str:
    """The report for a notebook cell: the same content; ids made unique per fragment."""
    prefix = f"ag{next(_fragments)}-"
    return f"<style>{STYLE}</style>" + body(report, prefix)


def body(report, prefix: str) -> str:
    from autograd_cli.render import explainout
    from autograd_cli.render.verifyout import summary

    evaluation = report.evaluation
    known = set(range(1, report.source.count("\n") + 2))
    kind = "TensorFlow snippet" if report.dialect == "tf" else ".ag program"
    parts = [f'<div class="agr"><header><h1>{text(report.title)}</h1>'
             f'<p class="meta">{kind} · made by autograd-cli in {report.seconds:.2f} s</p>']
    sections = [("program", "Program")]
    if report.dialect == "tf":
        sections.append(("printed", "Printed"))
        if getattr(evaluation, "error", None) is not None:
            sections.append(("stopped", "Stopped"))
    else:
        sections.append(("values", "Values"))
    sections += [("gradients", "Gradients"), ("explain", "Explain")]
    if report.verification is not None:
        sections.append(("verify", "Verify"))
    sections.append(("graph", "Graph"))
    if report.run is not None:
        sections.append(("run", "Run"))
    parts.append('<nav>' + " · ".join(f'<a href="#{prefix}{key}">{name}</a>' for key, name in sections)
                 + "</nav></header>")
    parts.append(_section(prefix, "program", "Program", source_listing(report.source, prefix, _cited(report))))
    if report.dialect == "tf":
        parts.append(_section(prefix, "printed", "Printed", prints_html(evaluation.prints, prefix, known)))
        error = getattr(evaluation, "error", None)
        if error is not None:     # the snippet failed after its gradient calls: what follows is up to there
            where = f"line {error.pos.line}: " if error.pos is not None else ""
            parts.append(_section(prefix, "stopped", "Stopped", f'<p class="note">{linked(where + error.message, prefix, known)}'
                                  "</p>"))
    else:
        parts.append(_section(prefix, "values", "Values", values_html(evaluation.values)))
    parts.append(_section(prefix, "gradients", "Gradients", gradients_html(evaluation.gradients, prefix, known)))
    if report.explanations is None:
        parts.append(_section(prefix, "explain", "Explain", no_graph(report)))
    else:
        parts.append(_section(prefix, "explain", "Explain",
                              explain_html(explainout.lines(report.explanations), prefix, known)))
    if report.verification is not None:
        parts.append(_section(prefix, "verify", "Verify", verify_html(report.verification, prefix, known)
                              + f'<p class="summary">{text(summary(report.verification))}</p>'))
    parts.append(_section(prefix, "graph", "Graph", graph_html(report.graph) if report.graph is not None
                          else no_graph(report)))
    if report.run is not None:
        parts.append(_section(prefix, "run", "Run", run_html(report.run)))
    if evaluation.warnings:
        parts.append(_section(prefix, "warnings", "Warnings",
                              "<ul>" + "".join(f"<li>{linked(w, prefix, known)}</li>" for w in evaluation.warnings)
                              + "</ul>"))
    parts.append("</div>")
    return "\n".join(parts)


def _section(prefix: str, key: str, title: str, content: str) -> str:
    return f'<section id="{prefix}{key}"><h2>{title}</h2>\n{content}\n</section>'


def _cited(report) -> set:
    """The lines a why-None reason names: marked in the listing."""
    return {n for result in report.evaluation.gradients for row in gradient_model(result).rows
            for n in row.cut_lines}


# ---------------------------------------------------------------- parts

def source_listing(source: str, prefix: str = "", cited=()) -> str:
    """The program with line numbers; each line an anchor (`#L5`), the lines that cut a
    gradient marked."""
    lines = source.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    numbered = elide_rows(list(enumerate(lines, 1)), "lines", SOURCE_LINES // 2)
    out = ['<div class="scroll"><pre class="src">']
    for item in numbered:
        if isinstance(item, str):
            out.append(f'<span class="line"><span class="ln">…</span>{text(item)}</span>')
            continue
        n, line = item
        mark = ' cut' if n in cited else ""
        out.append(f'<span class="line{mark}" id="{prefix}L{n}"><a class="ln" href="#{prefix}L{n}">{n}</a>'
                   f'{text(line)}</span>')
    out.append("</pre></div>")
    return "".join(out)


def values_html(values: dict) -> str:
    if not values:
        return "<p>The program names no values.</p>"
    rows = []
    for item in elide_rows(list(values.items()), "values"):
        if isinstance(item, str):
            rows.append(f'<tr><td colspan="3" class="note">{text(item)}</td></tr>')
            continue
        name, value = item
        rows.append(f"<tr><th scope=\"row\">{text(name)}</th><td>{text(format_shape(value))}</td>"
                    f"<td><pre>{text(format_value(value, VALUE_WIDTH))}</pre></td></tr>")
    return _table(["name", "shape", "value"], rows)


def gradients_html(results, prefix: str = "", known=None) -> str:
    if not results:
        return ("<p>The program computes no gradients: call <code>gradients(y, x)</code> in it "
                "(or pass <code>--grad Y</code>).</p>")
    out = []
    for k, result in enumerate(results):
        model = gradient_model(result)
        rows = []
        for item in elide_rows(model.rows, "xs"):
            if isinstance(item, str):
                rows.append(f'<tr><td colspan="3" class="note">{text(item)}</td></tr>')
                continue
            reason = "" if item.reason is None else f'<span class="why">{linked(item.reason, prefix, known)}</span>'
            none = ' class="none"' if item.value is None else ""
            rows.append(f"<tr{none}><th scope=\"row\">{text(item.x)}</th>"
                        f"<td><pre>{text(format_value(item.value, VALUE_WIDTH))}</pre></td><td>{reason}</td></tr>")
        out.append(f'<h3 id="{prefix}g{k + 1}">{linked(model.title, prefix, known)}</h3>'
                   + _table(["x", "gradient", "why None"], rows, "gradient"))
    return "\n".join(out)


def prints_html(prints, prefix: str = "", known=None) -> str:
    if not prints:
        return "<p>The snippet prints nothing.</p>"
    rows = [f'<tr><th scope="row"><a class="ref" href="#{prefix}L{p.line}">line {p.line}</a></th>'
            f"<td><pre>{text(p.text.rstrip(chr(10)))}</pre></td></tr>" for p in prints]
    return _table(["where", "printed"], rows)


EXPLAIN_CLASS = {"heading": "h", "sentence": "s", "cut": "c", "note": "n"}


def explain_html(lines, prefix: str = "", known=None) -> str:
    """explain's Lines as preformatted text (paths in their column), styles as classes."""
    from autograd_cli.render.explainout import PathRows

    out = ['<div class="scroll"><pre class="explain">']

    def styled(line: str, style: str) -> str:
        cls = EXPLAIN_CLASS.get(style)
        inner = linked(line, prefix, known)
        return f'<span class="{cls}">{inner}</span>' if cls else inner

    for item in lines:
        if isinstance(item, PathRows):
            out += [styled(line, style) + "\n" for line, style in item.texts(item.column)]
        elif item.text:
            out.append(text(item.indent) + styled(item.text, item.style) + "\n")
        else:
            out.append("\n")
    out.append("</pre></div>")
    return "".join(out)


def verify_html(report, prefix: str = "", known=None) -> str:
    from autograd_cli.render.verifyout import COLUMNS, check_groups, check_notes, check_row

    out = []
    for title, checks in check_groups(report):
        rows = []
        for c in checks:
            cells = check_row(c)
            mark = "ok" if c.ok else "bad"
            rows.append(f'<tr class="{mark}">' + "".join(
                f"<td><pre>{text(cells[name])}</pre></td>" if "\n" in cells[name] else f"<td>{text(cells[name])}</td>"
                for name in COLUMNS) + "</tr>")
        notes = [f"<li><b>{text(c.x)}</b>: {linked(note, prefix, known)}</li>"
                 for c in checks for note in check_notes(c)]
        out.append(f"<h3>{linked(title, prefix, known)}</h3>" + _table([name or "agrees" for name in COLUMNS], rows)
                   + (f'<ul class="notes">{"".join(notes)}</ul>' if notes else ""))
    return "\n".join(out) or "<p>Nothing to check: the program computes no gradients.</p>"


def no_graph(report) -> str:
    """What stands where explain and the picture would be when the snippet's graph did not come back."""
    why = getattr(report.evaluation, "unavailable", None) or "the snippet's run handed back no graph"
    return (f"<p class=\"note\">Explain, verify and the graph picture need the graph the snippet built, and "
            f"{text(why)}.</p>")


def graph_html(view) -> str:
    """The graph as inline SVG drawn by Graphviz when its `dot` is installed and the graph
    is small enough; else as text (one equation per line)."""
    import shutil

    from autograd_cli.render import diagram_text

    why = None
    if len(view.nodes) > PICTURE_NODES:
        why = f"the graph has {len(view.nodes):,} nodes, more than a picture shows readably ({PICTURE_NODES:,})"
    elif shutil.which("dot") is None:
        why = "Graphviz's dot is not installed (e.g. apt-get install graphviz) to draw it"
    else:
        from autograd_cli.render.svg import clean_svg
        from autograd_cli.support.errors import AgError

        try:
            svg = clean_svg(diagram_text.picture(diagram_text.to_dot(view), "svg", "the report's graph"))
            legend = ("<p class=\"note\">Dashed red: cut by stop_gradient; dotted grey: no gradient; "
                      "a red box: a None gradient and why.</p>")
            return f'<div class="scroll graphbox">{svg}</div>{legend}'
        except (AgError, ValueError) as exc:    # ValueError: SVG that does not parse
            why = f"Graphviz could not draw it ({getattr(exc, 'message', exc)})"
    return (f'<p class="note">The graph as text: {text(why)}.</p>'
            f'<div class="scroll"><pre class="graphtext">{text(diagram_text.to_text(view))}</pre></div>')


def run_html(run) -> str:
    from autograd_cli.render.svg import line_plot

    out = [f"<p>{run.done:,} of {run.steps:,} steps run (every assign takes effect at the end of its step).</p>"]
    if run.error:
        out.append(f'<p class="why">A step failed: {text(run.error)}</p>')
    if run.untrained:
        out.append(f'<p class="why">{text(run.untrained)}</p>')
    plotted = run.loss or next(iter(run.series), None)
    if plotted is not None and len(run.step_numbers) >= 2:
        out.append(f'<div class="scroll">{line_plot(run.step_numbers, run.series[plotted], plotted)}</div>')
    if run.series:
        rows = [f"<tr><th scope=\"row\">{text(name)}</th><td>{text(_num(values[0]))}</td>"
                f"<td>{text(_num(values[-1]))}</td></tr>" for name, values in run.series.items() if values]
        out.append(_table(["scalar", f"step {run.step_numbers[0]}", f"step {run.step_numbers[-1]}"], rows))
    if run.final:
        out.append("<h3>Final variables</h3>" + values_html(run.final))
    if run.warnings:
        out.append("<ul>" + "".join(f"<li>{text(w)}</li>" for w in run.warnings) + "</ul>")
    return "\n".join(out)


def _num(value: float) -> str:
    return f"{value:.6g}"


def _table(headers, rows, cls: str = "") -> str:
    head = "".join(f'<th scope="col">{text(h)}</th>' for h in headers)
    klass = f' class="{cls}"' if cls else ""
    return f'<div class="scroll"><table{klass}><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'


# ---------------------------------------------------------------- notebook pieces

def evaluation_html(evaluation) -> str:
    """An Evaluation (or a snippet's) in a notebook: its values (or prints) and gradient tables."""
    prefix = f"ag{next(_fragments)}-"
    parts = [f"<style>{STYLE}</style><div class=\"agr\">"]
    if hasattr(evaluation, "prints"):
        parts.append("<h3>Printed</h3>" + prints_html(evaluation.prints, prefix, set()))
    else:
        parts.append("<h3>Values</h3>" + values_html(evaluation.values))
    parts.append(gradients_html(evaluation.gradients, prefix, set()))
    if evaluation.warnings:
        parts.append("<ul>" + "".join(f"<li>{text(w)}</li>" for w in evaluation.warnings) + "</ul>")
    return "".join(parts) + "</div>"


def explanation_html(record) -> str:
    """One explain record (explain.RecordExplanation) in a notebook."""
    from autograd_cli.render import explainout

    return (f"<style>{STYLE}</style><div class=\"agr\">"
            + explain_html(explainout.record_lines(record), "", set()) + "</div>")


# ---------------------------------------------------------------- styles

# Scoped to .agr so that a notebook's own page keeps its look. Colours of the graph
# (Graphviz's fills) are not used here, so a screenshot can find the graph by them.
STYLE = """
.agr{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1b1b1b;
max-width:72rem;margin:0 auto;padding:0 .75rem 2rem}
.agr h1{font-size:1.5rem;margin:.8rem 0 .2rem;overflow-wrap:anywhere}
.agr h2{font-size:1.2rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #d0d0d0}
.agr h3{font-size:1rem;margin:1rem 0 .4rem;overflow-wrap:anywhere}
.agr .meta,.agr .note{color:#5a5a5a;font-size:.9rem}
.agr nav{font-size:.9rem;margin:.3rem 0}
.agr a{color:#0b57b0}
.agr .scroll{overflow-x:auto;max-width:100%}
.agr pre{margin:0;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;
overflow-wrap:anywhere}
.agr pre.src,.agr pre.explain,.agr pre.graphtext{white-space:pre;background:#f6f6f4;padding:.5rem;
border:1px solid #e2e2dc}
.agr .src .line{display:block}
.agr .src .ln{display:inline-block;min-width:2.5em;margin-right:.8em;text-align:right;color:#8a8a8a;
text-decoration:none;user-select:none}
.agr .src .line.cut{background:#fff1c2}
.agr .src .line:target{background:#ffe08a;outline:1px solid #d4a200}
.agr table{border-collapse:collapse;margin:.3rem 0 .6rem;font-size:.92rem}
.agr th,.agr td{border:1px solid #d8d8d8;padding:.25rem .5rem;text-align:left;vertical-align:top}
.agr thead th{background:#efefec}
.agr tr.none td,.agr .why{color:#8a4b00}
.agr tr.bad td{background:#fde8e8}
.agr .explain .h{font-weight:bold}.agr .explain .s,.agr .explain .c{color:#8a4b00}
.agr .explain .n{color:#6a6a6a}
.agr svg{max-width:100%;height:auto}
.agr .summary{font-weight:bold}
@media (max-width:600px){.agr{font-size:14px;padding:0 .4rem}.agr pre{font-size:12px}}
@media print{.agr{max-width:none;font-size:11pt}.agr nav{display:none}.agr a{color:inherit;text-decoration:none}
.agr .scroll{overflow:visible}.agr pre.src,.agr pre.explain,.agr pre.graphtext{white-space:pre-wrap}
.agr section,.agr table,.agr svg{break-inside:avoid}.agr h2,.agr h3{break-after:avoid}}
"""
PAGE_STYLE = "body{margin:0;background:#ffffff}"
