"""What each command shows: its one render call. A function here takes what the API
computed and writes it (terminal tables, JSON, files); nothing here computes a result."""
from __future__ import annotations

import signal
import sys
import threading
import time

from autograd_cli.support.errors import AgError, escape_name, suggest
from autograd_cli.cli.terminal import console, print_warnings, write_json

EXIT_OK, EXIT_DISAGREE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130
PROGRESS_MIN_STEPS = 200        # a progress bar for runs at least this long, on a terminal
TABLE_HEAD = TABLE_TAIL = 5000  # run's table shows at most this many first and last steps
PLOT_FORMATS = (".svg", ".png", ".pdf")
GRAPH_FORMATS = ("dot", "mermaid", "text", "json")


def stream(text: str) -> None:
    """A snippet's print, as it prints."""
    sys.stdout.write(text)


class evaluating:
    """eval's output while the program runs: a snippet's prints written as it prints them
    (`on_print`; none with --json, whose document holds them), and the tables' rich loaded
    in a thread while the box runs it (`meanwhile`) when tables follow; stdout flushed at
    the end, also when the run fails."""

    def __init__(self, as_json: bool, prints_only: bool):
        from autograd_cli.cli.terminal import load_rich_meanwhile

        self.as_json = as_json
        self.on_print = None if as_json else stream
        self.prints_only = prints_only and not as_json
        self.meanwhile = None if as_json or prints_only else load_rich_meanwhile

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if not self.as_json:
            sys.stdout.flush()
        return False


# ---------------------------------------------------------------- eval, explain, verify

def evaluation(result, session, as_json: bool, prints_only: bool = False) -> int:
    """eval's output: a .ag program's values and gradient tables, or a snippet's gradient
    tables after what it printed (streamed as it ran); or the JSON document."""
    from autograd_cli.dialects import SnippetEvaluation

    snippet = isinstance(result, SnippetEvaluation)
    if as_json:
        from autograd_cli.render.jsonout import eval_document, pieces, snippet_document

        # (in pieces: a 4000 x 4000 jacobian as one string took 1.7 GB)
        write_json(pieces(session.document(snippet_document(result) if snippet else eval_document(result))))
        return EXIT_OK
    sys.stdout.flush()
    if snippet:
        if not prints_only:
            _print_gradients(result, console() if result.gradients else None)
        return EXIT_OK
    from autograd_cli.render.tables import value_table

    out = console()
    # a gradients result is shown once, in its own table (with why None): not also here
    answered = {name for record in result.gradients for name in [record.name] + record.name.split(", ")}
    values = {name: value for name, value in result.values.items() if name not in answered}
    if values or not result.gradients:
        out.print(value_table(values, width=out.width))
    _print_gradients(result, out)
    return EXIT_OK


def _print_gradients(result, out) -> None:
    """One table per gradients result, then the warnings (eval of .ag files and snippets)."""
    from autograd_cli.render.tables import gradient_table

    for record in result.gradients[:MAX_GRADIENT_TABLES]:
        out.print(gradient_table(record, width=out.width))
    hidden = len(result.gradients) - MAX_GRADIENT_TABLES
    if hidden > 0:
        out.print(f"... and {hidden:,} more gradients results, not shown (--json gives every one)", markup=False)
    print_warnings(result.warnings)


# A table takes ~0.5 ms to draw: a program of 20,000 gradients calls spent 12 s drawing them
MAX_GRADIENT_TABLES = 500


def explanation(result, records, session, as_json: bool) -> int:
    from autograd_cli.render import explainout

    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps(session.document(explainout.document(records))))
    else:
        explainout.text(records, console())
    print_warnings(result.warnings)
    _stopped(getattr(result, "error", None))
    return EXIT_OK


def _stopped(error) -> None:
    """A snippet that failed after building its graph: its error, once the graph is shown (exit 2)."""
    if error is not None:
        raise error


def verification(report, session, as_json: bool) -> int:
    if as_json:
        from autograd_cli.render.jsonout import dumps
        from autograd_cli.render.verifyout import verify_document

        write_json(dumps(session.document(verify_document(report))))
    else:
        from autograd_cli.render.verifyout import summary, verify_tables

        out = console()
        for table in verify_tables(report, out.width):
            out.print(table)
        out.print(summary(report))
        print_warnings(report.warnings)
    _stopped(report.error)
    return EXIT_OK if report.ok else EXIT_DISAGREE


class checking:
    """verify's progress on a terminal (stderr): `checking 3/10 g: d(loss)/dw`, gone when done."""

    def __enter__(self):
        self.status = None
        if not sys.stderr.isatty():
            return None
        from rich.console import Console

        self.status = Console(stderr=True).status("checking", spinner="line")
        self.status.start()
        return self.update

    def update(self, done, total, what):
        self.status.update(f"checking {done + 1}/{total} {what}")

    def __exit__(self, *exc):
        if self.status is not None:
            self.status.stop()
        return False


# ---------------------------------------------------------------- graph

def graph_output(output, fmt) -> tuple:
    """(kind, format) graph writes: checked before anything is computed."""
    from autograd_cli.render import diagram_text

    if fmt is not None and fmt not in GRAPH_FORMATS:
        picture = f"; a picture is drawn by its file name: -o graph.{fmt}" if fmt in ("png", "svg", "pdf") else ""
        raise AgError(f"--format must be dot, mermaid, text or json, got {fmt!r}"
                      f"{picture or suggest(fmt, list(GRAPH_FORMATS))}")
    if output == "":
        raise AgError("-o needs a file name (leave -o out to write the text to standard output)")
    return diagram_text.output_kind(output, fmt) if output else ("text", fmt or "dot")


def graph(view, output, target: tuple) -> int:
    """The graph as DOT/Mermaid/text/JSON on stdout or in a file, or a picture."""
    from autograd_cli.analysis.diagram import MAX_PICTURE_NODES
    from autograd_cli.render import diagram_text
    from autograd_cli.support.files import atomic_write

    kind, fmt_out = target
    writer = {"mermaid": diagram_text.to_mermaid, "text": diagram_text.to_text,
              "json": diagram_text.to_json}.get(fmt_out, diagram_text.to_dot)
    text = writer(view)
    if kind == "picture":
        if len(view.nodes) > MAX_PICTURE_NODES:
            raise AgError(f"the graph has {len(view.nodes):,} nodes, more than Graphviz can lay out in "
                          f"reasonable time (MAX_PICTURE_NODES = {MAX_PICTURE_NODES:,}); write the text "
                          "with -o graph.dot or -o graph.mmd instead")
        atomic_write(output, diagram_text.picture(text, fmt_out, output))
        print(f"graph: wrote {escape_name(output)} ({len(view.nodes):,} nodes, drawn by Graphviz)", file=sys.stderr)
    elif output:
        atomic_write(output, text)
        print(f"graph: wrote {escape_name(output)} ({fmt_out} text, {len(view.nodes):,} nodes)", file=sys.stderr)
    else:
        write_json(text.rstrip("\n"))
    _stopped(view.error)
    return EXIT_OK


# ---------------------------------------------------------------- run

def run_options(every, plot) -> None:
    """run's display options, checked before the program is built."""
    if every is not None and every < 1:
        raise AgError(f"--every must be 1 or more, got {every}")
    if plot is not None:
        _check_plot(plot)


def run(plan, steps: int, as_json: bool, every=None, plot=None) -> int:
    """Run the plan's steps, showing each (a JSON line, or the table's rows and a progress
    bar), then the final variables, what did not train, and the plot."""
    from autograd_cli.run.steps import History, rebinding, untrained

    state = plan.initial_state()
    initial = dict(state)
    rebound = rebinding(plan) if steps >= 2 else None
    if rebound:
        print(f"warning: {rebound}", file=sys.stderr, flush=True)   # first: before any step
    history = History(plan.fetch)
    warnings: list = []
    seen_warnings: set = set()
    if as_json:
        code = _run_json(plan, steps, state, warnings, seen_warnings, history)
    else:
        code = _run_table(plan, steps, state, warnings, seen_warnings, history,
                          every if every is not None else auto_every(steps))
    if code != EXIT_INTERRUPTED:
        why = untrained(plan, initial, state, steps)
        if why and not (rebound and "rebinds" in why):   # said before the run
            print(f"warning: {why}", file=sys.stderr)
    if plot is not None:
        _draw_plot(plot, history)
    return code


AUTO_ROWS = 20    # without --every, a long run's table shows about this many steps (a screenful)


def auto_every(steps: int) -> int:
    """1 for short runs; else a round K (1, 2, 5 x 10^n) giving at most about AUTO_ROWS rows."""
    if steps <= AUTO_ROWS:
        return 1
    need = -(-steps // AUTO_ROWS)
    scale = 1
    while True:
        for k in (1, 2, 5):
            if k * scale >= need:
                return k * scale
        scale *= 10


def _check_plot(path: str) -> None:
    import importlib.util
    import os

    ext = os.path.splitext(path)[1].lower()
    if ext not in PLOT_FORMATS:
        raise AgError(f"--plot {path}: the file name must end in .svg, .png or .pdf")
    try:
        found = importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise AgError("--plot needs matplotlib, an optional extra: pip install 'autograd-cli[plot]' "
                      "(or pip install matplotlib)")


def _draw_plot(path: str, history) -> None:
    from autograd_cli.support.files import atomic_write
    from autograd_cli.render.plot import plot_series

    if not history.scalar:
        raise AgError(f"--plot {path}: no fetched value is a scalar; choose some with --fetch")
    atomic_write(path, plot_series(history.steps, {n: history.series[n] for n in history.scalar},
                                   path.rsplit(".", 1)[-1].lower()))
    print(f"plot: {path}", file=sys.stderr)


def _report_warnings(warnings, seen, step, source=None):
    from autograd_cli.support.errors import user_warning

    for w in warnings:
        text = user_warning(str(w), source)
        if text not in seen:
            seen.add(text)
            print(f"warning: {text} (first at step {step})", file=sys.stderr)
    warnings.clear()


def _run_json(plan, steps, state, warnings, seen, history) -> int:
    from autograd_cli.render.jsonout import dumps

    out = sys.stdout
    code = 0
    try:
        with _Interrupts() as stop:
            for i, values in plan.steps(steps, state, warnings):
                row = plan.row(values)
                history.observe(i, row)
                out.write(dumps({"step": i, "values": row}) + "\n")
                out.flush()
                if warnings:
                    _report_warnings(warnings, seen, i, plan.source)
                if stop.requested:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    out.write(dumps({"final": plan.final(state)}) + "\n")
    out.flush()
    return code


def _run_table(plan, steps, state, warnings, seen, history, every=1) -> int:
    from autograd_cli.render.runout import brief_row, progress_info, sparkline, steps_screen
    from autograd_cli.render.tables import value_table

    rows: list = []          # (step, {name: value}); the middle of very long runs is dropped
    skipped = 0
    code = 0
    error = None
    done, last_row = 0, None
    progress = _progress(steps)
    try:
        with _Interrupts() as stop, progress if progress is not None else _nothing():
            task = progress.add_task("steps", total=steps, rate="", info="") if progress is not None else None
            start = last = time.monotonic()
            for i, values in plan.steps(steps, state, warnings):
                row = plan.row(values)
                history.observe(i, row)
                done, last_row = i + 1, (i, row)
                if i % every == 0 or i == steps - 1:
                    rows.append((i, brief_row(row)))   # formatted now: no arrays kept per row
                    if len(rows) > TABLE_HEAD + TABLE_TAIL:
                        del rows[TABLE_HEAD]
                        skipped += 1
                if warnings:
                    _report_warnings(warnings, seen, i, plan.source)
                if progress is not None and (time.monotonic() - last > 0.1 or i == steps - 1):
                    last = time.monotonic()
                    rate = (i + 1) / max(last - start, 1e-9)
                    info = progress_info(row, history.scalar or (), max(10, progress.console.width - 60))
                    progress.update(task, completed=i + 1, rate=f"{rate:,.0f} steps/s", info=info)
                if stop.requested:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except AgError as exc:
        error = exc
    if last_row is not None and (not rows or rows[-1][0] != last_row[0]):
        rows.append(last_row)     # the last step done is always shown (interrupted, failed)
    out = console()
    for part in steps_screen(plan.fetch, rows, skipped, TABLE_HEAD, out.width,
                             history.constants(), history.first, _suggested(plan, history), every):
        out.print(part)
    loss = history.loss_name()
    moving = [n for n in history.scalar if n not in history.constant] if history.count >= 2 else []
    for name in ([loss] if loss else []) + [n for n in moving if n != loss]:   # every scalar that moves
        line = sparkline(name, history.steps, history.series[name], out.width)
        if line is not None:
            out.print(line)
    out.print(value_table(plan.final(state), title="final variables", width=out.width))
    if code == EXIT_INTERRUPTED:
        print(f"interrupted after {done} of {steps} steps", file=sys.stderr)
    if error is not None:
        raise error
    return code


def _suggested(plan, history) -> list:
    """Columns to suggest for --fetch when some do not fit: the loss and the variables."""
    loss = history.loss_name()
    names = ([loss] if loss else []) + [n for n in plan.final_names if n in plan.fetch]
    return list(dict.fromkeys(names))[:4] or plan.fetch[:3]


class _Interrupts:
    """The first Ctrl-C asks the loop to stop after the current step (so the rows shown and
    the variables agree); a second one interrupts at once."""

    def __init__(self):
        self.requested = False
        self.previous = None

    def _handle(self, signum, frame):
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        return False


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _progress(steps):
    if steps < PROGRESS_MIN_STEPS or not sys.stdout.isatty():
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress("[progress.description]{task.description}", BarColumn(bar_width=20), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                    TextColumn("{task.fields[info]}", markup=False), transient=True)


# ---------------------------------------------------------------- report, functions

def report(data, output) -> int:
    """The report's page, written whole to a file or stdout."""
    from autograd_cli.render.html import page
    from autograd_cli.support.files import atomic_write

    html = page(data)
    if output == "-":
        # The page says charset utf-8; to a stream that is not UTF-8 it goes as ASCII with
        # character references (&#8594;), the same page in any encoding.
        utf8 = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") == "utf8"
        sys.stdout.flush()
        sys.stdout.buffer.write(html.encode("utf-8") if utf8 else html.encode("ascii", "xmlcharrefreplace"))
        sys.stdout.flush()
    else:
        atomic_write(output, html)
        print(f"report: {escape_name(output)}", file=sys.stderr)
    print_warnings(data.evaluation.warnings)
    _stopped(getattr(data.evaluation, "error", None))     # (the page shows it too)
    return EXIT_OK


def functions(rows, pattern, as_json: bool) -> int:
    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps({"functions": [row.document() for row in rows]}))
        return EXIT_OK
    from autograd_cli.render.functionsout import functions_table

    out = console()
    if not rows:
        print(f"no built-in function matches {pattern!r}; autograd-cli functions lists them all",
              file=sys.stderr)
        return EXIT_ERROR
    out.print(functions_table(rows, out.width))
    return EXIT_OK
