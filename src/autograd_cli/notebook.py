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
    display.register("autograd_cli.dialects.SnippetEvaluation", _evaluation_html)
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


# ---------------------------------------------------------------- TensorFlow code in the notebook

RECENT_CALLS = 100      # gradient calls remembered for why_none (newest last)
_calls: list = []


def watch_gradients() -> None:
    """Remember autograd_cli.tensorflow's gradient calls in this process (tf.gradients,
    tape.gradient, ...), so why_none can find the call a result came from. Done by
    `%load_ext autograd_cli`; call it yourself first in a plain Python script."""
    from autograd_cli.tensorflow.core import ctx

    previous = ctx.on_gradient
    if getattr(previous, "_why_none_recorder", False):
        return

    def record(call):
        _calls.append(call)
        del _calls[:-RECENT_CALLS]
        if previous is not None:
            previous(call)

    record._why_none_recorder = True
    ctx.on_gradient = record


def why_none(grads) -> list:
    """Why each None in a gradients result (what tf.gradients or tape.gradient returned,
    a list or one value) is None: a list with the reason at each None and None at each
    gradient.

        grads = tf.gradients(b, [w1, w2])    # [None, <tf.Tensor ...>]
        why_none(grads)                      # ['cut by stop_gradient at line 3', None]
    """
    from autograd_cli.support.errors import AgError

    items = list(grads) if isinstance(grads, (list, tuple)) else [grads]
    call = _call_of(items)
    if call is None:
        raise AgError("why_none: this is not the result of a gradient call autograd_cli.tensorflow has seen; "
                      "run `%load_ext autograd_cli` (or autograd_cli.notebook.watch_gradients()) before "
                      "computing the gradients")
    return [call.reasons.get(k, "None") if item is None else None for k, item in enumerate(items)]


def _call_of(items):
    """The gradient call these results came from: graph-mode tensors know their
    operation's call; otherwise the newest remembered call with these very results."""
    for item in items:
        op = getattr(item, "_op", None)
        call = getattr(op, "attrs", {}).get("call") if op is not None else None
        if call is not None and any(t is item for t in getattr(call, "tensors", ())):
            return call
    for call in reversed(_calls):
        produced = getattr(call, "tensors", None) or [None if v is None else v for v in call.values]
        if len(produced) != len(items):
            continue
        if all(_same_result(p, i) for p, i in zip(produced, items)):
            return call
    return None


def _same_result(produced, item) -> bool:
    if item is None or produced is None:
        return item is None and produced is None
    return produced is item or getattr(item, "_value", None) is produced


def load_ipython_extension(ipython) -> None:
    """`%load_ext autograd_cli`: registers the %%ag cell magic, and remembers the gradient
    calls of autograd_cli.tensorflow code run in the notebook (for why_none)."""
    try:
        watch_gradients()
    except ImportError:      # the TensorFlow package cannot load here: %%ag works without it
        pass

    def ag(line, cell):
        return run_cell(line, cell)

    ag.__doc__ = "Run the cell as a .ag program and show its report. " + MAGIC_USAGE
    ipython.register_magic_function(ag, magic_kind="cell", magic_name="ag")
