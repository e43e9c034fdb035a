"""Notebooks (Jupyter, IPython): `%load_ext autograd_cli` gives the `%%ag` cell magic,
and our result objects display as HTML.

    %load_ext autograd_cli

    %%ag --steps 200
    w = variable(2.0)
    ...

The cell is a `.ag` program; it shows as the same HTML as `autograd-cli report`
(without the page around it), and the magic's value is the report (analysis/report.py's
ReportData: `.evaluation.values`, `.evaluation.gradients`, ...). A program error shows as
the located message, never a traceback. IPython is an optional extra
(`pip install 'autograd-cli[notebook]'`) imported only here, only when the extension loads.
"""
from __future__ import annotations

from autograd_cli.support import display


def _evaluation_html(evaluation) -> str:
    from autograd_cli.render.html import evaluation_html

    return evaluation_html(evaluation)


def _explanation_html(record) -> str:
    from autograd_cli.render.html import explanation_html

    return explanation_html(record)


def _report_html(report) -> str:
    from autograd_cli.render.html import fragment

    return fragment(report)


def register_displays() -> None:
    """The HTML each result class shows in a notebook (its _repr_html_ asks for it)."""
    display.register("autograd_cli.api.Evaluation", _evaluation_html)
    display.register("autograd_cli.api.SnippetEvaluation", _evaluation_html)
    display.register("autograd_cli.analysis.explain.RecordExplanation", _explanation_html)
    display.register("autograd_cli.analysis.report.ReportData", _report_html)


MAGIC_USAGE = ("usage: %%ag [--steps N] [--verify] [--set NAME=VALUE ...] [--unconnected none|zero] "
               "[--grad NAME [--wrt NAME ...]]")


def parse_magic_line(line: str) -> dict:
    """The options after %%ag, as make_report's keywords (AgError for anything else)."""
    import shlex

    from autograd_cli.api import parse_set
    from autograd_cli.support.errors import AgError

    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise AgError(f"%%ag {line.strip()}: {exc}; {MAGIC_USAGE}") from None
    options: dict = {"sets": {}, "grads": [], "wrt": [], "verify": False, "steps": None, "unconnected": "none"}
    k = 0
    while k < len(words):
        word = words[k]
        name, eq, inline = word.partition("=")
        takes_value = name in ("--steps", "--set", "--unconnected", "--grad", "--wrt")
        if word == "--verify":
            options["verify"] = True
            k += 1
            continue
        if not takes_value:
            raise AgError(f"%%ag: unknown option {word!r}; {MAGIC_USAGE}")
        if eq:
            value, k = inline, k + 1
        else:
            if k + 1 >= len(words):
                raise AgError(f"%%ag: {name} needs a value; {MAGIC_USAGE}")
            value, k = words[k + 1], k + 2
        if name == "--steps":
            try:
                options["steps"] = int(value)
            except ValueError:
                raise AgError(f"%%ag: --steps must be a whole number, got {value!r}") from None
        elif name == "--set":
            key, array = parse_set(value)
            options["sets"][key] = array
        elif name == "--unconnected":
            if value not in ("none", "zero"):
                raise AgError(f"%%ag: --unconnected must be none or zero, got {value!r}")
            options["unconnected"] = value
        else:
            options["grads" if name == "--grad" else "wrt"].append(value)
    if options["wrt"] and not options["grads"]:
        raise AgError("%%ag: --wrt needs --grad")
    return options


def run_cell(line: str, cell: str):
    """What %%ag does: the cell's report, or an error shown as its located message."""
    from autograd_cli.analysis.report import make_report
    from autograd_cli.render.explainout import one_line
    from autograd_cli.support.errors import AgError

    try:
        options = parse_magic_line(line)
        return make_report(cell, "%%ag cell", "ag", format_flow=one_line, **options)
    except AgError as error:
        return CellError(error.render("<cell>", cell))
    except RecursionError:
        return CellError("<cell>: the program is nested too deeply to process")
    except MemoryError:
        return CellError("<cell>: out of memory (lower the limits, e.g. AUTOGRAD_CLI_MAX_MEMORY=N)")


class CellError:
    """A %%ag cell's error: shown as the located message (text and HTML), no traceback."""

    def __init__(self, message: str):
        self.message = message

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from autograd_cli.render.html import text

        return f'<pre style="color:#a40000;white-space:pre-wrap">{text(self.message)}</pre>'


def load_ipython_extension(ipython) -> None:
    """`%load_ext autograd_cli`: registers the %%ag cell magic."""

    def ag(line, cell):
        return run_cell(line, cell)

    ag.__doc__ = "Run the cell as a .ag program and show its report. " + MAGIC_USAGE
    ipython.register_magic_function(ag, magic_kind="cell", magic_name="ag")
