"""Programs of either dialect: which one a file is (`dialect_of`), and one entry that
evaluates it with the options that dialect takes (`evaluate_program`); a TensorFlow
snippet's side is here (`evaluate_snippet`, `SnippetEvaluation`), a .ag program's is api.py's.

Nothing of the .ag compiler, the engine or NumPy loads with this module: `eval FILE.py`
runs the snippet in the box and shows its scalar results without them (api.py loads
for a .ag program, the engine for a snippet's graph, NumPy for an array).
"""
from __future__ import annotations

from autograd_cli.core.results import GradientResult
from autograd_cli.snippets.runner import FailedRun, PrintRecord, box_value, run_snippet
from autograd_cli.support.display import HtmlDisplay
from autograd_cli.support.errors import AgError
from autograd_cli.support.records import Record


class SnippetEvaluation(HtmlDisplay, Record):
    _fields = ("prints", "gradients", "warnings", "program", "node_values", "unavailable", "error")
    _repr_fields = ("prints", "gradients", "warnings", "program")

    def __init__(self, prints, gradients, warnings, program, node_values=None, unavailable=None, error=None):
        self.prints = prints            # [snippets.runner.PrintRecord]: line, text, values (as sent)
        self.gradients = gradients      # [GradientResult]
        self.warnings = warnings
        self.program = program          # the graph the snippet built (explain, graph, verify), when asked
        self.node_values = {} if node_values is None else node_values   # its values in the run
        self.unavailable = unavailable  # why `program` is None, when it was asked for
        self.error = error              # the located error of a snippet that failed after building its graph


def evaluate_snippet(source: str, seed=None, on_print=None, unconnected: str = "none", boxed: bool = False,
                     limits=None, limit_options=(None, None), graph: bool = False,
                     prints_only: bool = False) -> SnippetEvaluation:
    """Run a TensorFlow snippet (a .py file) on CPython with the project's TensorFlow package.
    `on_print` receives printed text as it is printed; `seed` seeds NumPy's legacy generator first.
    Boxed, the limits are `limits` (a sandbox Limits), else the command line's `limit_options`
    (the text of --time-limit and --max-memory, None where not given) over the environment.
    `graph`: also hand back the engine graph behind its gradient tables (`program`, with
    `node_values` as computed in the run), for explain, graph, verify and report; a snippet
    that fails after building it gives its results so far with `error` set (else it raises).
    A gradient's values are NumPy arrays, a scalar's a Python number (runner.box_value).
    `prints_only`: no gradient records are made (eval --prints-only shows none; for a large
    model most of a run's time is spent making them)."""
    error = None
    try:
        data = run_snippet(source, seed=seed, on_print=on_print, boxed=boxed, limits=limits,
                           limit_options=limit_options, graph=graph, prints_only=prints_only)
    except FailedRun as failed:
        data, error = failed.data, AgError(failed.message, failed.pos, failed.source, failed.callers)
    prints = [PrintRecord(p["line"], p["text"], p["values"]) for p in data["prints"]]
    results = []
    for g in data["gradients"]:
        values = [box_value(v, t) for v, t in zip(g["values"], g.get("dtypes", [""] * len(g["values"])))]
        unconnected = dict(g["unconnected"])
        results.append(GradientResult(g["kind"], g["name"], g["line"], g["ys"], g["xs"], values, unconnected))
    warnings = list(data["warnings"])
    for g in data["gradients"]:
        for note in g.get("notes", ()):
            warnings.append(f"line {g['line']}: {note}")
    program, node_values, unavailable = None, {}, None
    if graph:
        program, node_values, unavailable = snippet_program(data.get("graph"))
        if program is not None:
            warnings += program.warnings
    if error is not None and program is None:
        raise error
    return SnippetEvaluation(prints, results, warnings, program, node_values, unavailable, error)


def snippet_program(data) -> tuple:
    """(program, node values, None) from the plain data of a snippet's graph (core/exchange.py:
    every part checked, an AgError for anything malformed), or (None, {}, why) when the run
    could not hand it back. The values are computed here from the leaves' values in the run."""
    from autograd_cli.api import gc_paused
    from autograd_cli.core.exchange import MAX_TEXT, from_plain, malformed
    from autograd_cli.evaluate import run

    if data is None:
        return None, {}, "the snippet's run handed back no graph"
    if isinstance(data, dict) and set(data) == {"error"}:
        return None, {}, str(data["error"])[:MAX_TEXT]
    built = from_plain(data)
    built.graph.check_memory()       # MAX_MEMORY, before anything is computed
    try:
        with gc_paused():
            node_values = run(built.graph.nodes)
    except AgError as exc:
        raise malformed(f"computing it failed: {exc.message}") from None
    except Exception as exc:   # noqa: BLE001 (hostile parameters that passed the shape rules)
        raise malformed(f"computing it failed ({type(exc).__name__})") from None
    return built, node_values, None


# ---------------------------------------------------------------- one entry for both dialects

DIALECTS = ("ag", "tf")


def dialect_of(filename: str, dialect: str | None = None) -> str:
    """A program's dialect, decided here once: `dialect` ("ag" or "tf") when given, else a
    .py file is a TensorFlow snippet and anything else a .ag program."""
    if dialect is None:
        return "tf" if filename.endswith(".py") else "ag"
    if dialect not in DIALECTS:
        raise AgError(f"--dialect must be ag or tf, got {dialect!r}")
    return dialect


def evaluate_program(source: str, dialect: str = "ag", sets=None, unconnected: str = "none", grads=(), wrt=(),
                     graph: bool = False, on_print=None, boxed: bool = False, limit_options=(None, None),
                     prints_only: bool = False, meanwhile=None):
    """Evaluate a program of either dialect, with the options that dialect takes (the others
    are an error saying where they belong): an Evaluation for .ag, a SnippetEvaluation for a
    snippet (`graph`, `on_print`, `boxed`, `limit_options`, `prints_only`: evaluate_snippet's).
    `meanwhile()` is called as a boxed snippet starts: work for this process while it waits on
    the box (a .ag program is computed here, so nothing would run beside it)."""
    if unconnected not in ("none", "zero"):
        raise AgError(f"--unconnected must be none or zero, got {unconnected!r}")
    if wrt and not grads:
        raise AgError("--wrt needs --grad")
    if dialect == "tf":
        if sets:
            raise AgError("--set is for .ag programs; a snippet sets its own values (feed_dict=...)")
        if grads or wrt:
            raise AgError("--grad/--wrt are for .ag programs; in a snippet, call tf.gradients or tape.gradient")
        if boxed and meanwhile is not None:
            meanwhile()
        return evaluate_snippet(source, on_print=on_print, unconnected=unconnected, boxed=boxed,
                                limit_options=limit_options, graph=graph, prints_only=prints_only)
    if any(option is not None for option in limit_options):
        raise AgError("--time-limit and --max-memory are for snippets (.py); a .ag program's memory limit is "
                      "AUTOGRAD_CLI_MAX_MEMORY")
    from autograd_cli.api import evaluate

    return evaluate(source, sets=sets, unconnected=unconnected, grads=grads, wrt=wrt)


def with_graph(result, command: str):
    """`result` when it has its graph (a .ag program always does; a snippet's run may not have
    handed it back), else the error saying what `command` needs."""
    if result.program is None:
        raise AgError(f"{command} of this snippet needs the graph it built, and {result.unavailable}; "
                      "`autograd-cli eval FILE.py` shows its gradient tables and why each None is None")
    return result
