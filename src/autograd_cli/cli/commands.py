"""Every command's body: read the program, compute through the API and the
analyses, render. The option declarations are in app.py; a body returns the exit
code and raises AgError for anything the user must fix (exit 2, located)."""
from __future__ import annotations

import math
import signal
import sys
import threading
import time

import numpy as np

from autograd_cli.support.errors import AgError, escape_controls, suggest
from autograd_cli.support.files import read_text
from autograd_cli.cli.terminal import console, print_error, print_warnings, quiet_broken_pipe, silence, write_json

EXIT_OK, EXIT_DISAGREE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130
PROGRESS_MIN_STEPS = 200        # a progress bar for runs at least this long, on a terminal
TABLE_HEAD = TABLE_TAIL = 5000  # run's table shows at most this many first and last steps


class Session:
    """One command's input: the program text and how to report errors about it."""

    def __init__(self, path: str, tag_file: bool = False):
        self.filename = "<stdin>" if path == "-" else path
        self.tag_file = tag_file     # several FILEs with --json: each document says its file
        self.source = read_text(path, "MAX_PROGRAM_BYTES", "program")

    def document(self, doc: dict) -> dict:
        return {"file": self.filename, **doc} if self.tag_file else doc


def run_files(paths, body, as_json: bool = False) -> int:
    """One report per FILE, in order; the exit status is the worst (an error 2 beats a
    disagreement 1). With --json and several files each report is one line (NDJSON) with
    a "file" key; a file that fails gives {"file", "error"} there (the located message
    still goes to stderr)."""
    if len(paths) == 1:
        return run_guarded(paths[0], body)
    worst = EXIT_OK
    for k, path in enumerate(paths):
        if not as_json:
            if k:
                print(flush=True)
            print(banner(path, console().width), flush=True)
        code = run_guarded(path, body, tag_file=as_json)
        if code == EXIT_INTERRUPTED:
            return code
        worst = max(worst, code)
    return worst


def banner(path: str, width: int) -> str:
    """`== FILE ==` above one file's report: the path as given, or relative to the working
    directory when that is shorter, its start cut (`…`) to fit the terminal."""
    import os

    shown = path
    try:
        relative = os.path.relpath(path)
        if len(relative) < len(shown):
            shown = relative
    except ValueError:      # another drive (Windows)
        pass
    shown = escape_controls(shown)
    room = max(8, width - 6)
    if len(shown) > room:       # the end says most: the file's name and its folders
        shown = "…" + shown[len(shown) - (room - 1):]
    return f"== {shown} =="


def run_guarded(path: str, body, tag_file: bool = False) -> int:
    """Run a command body; every failure becomes exit code 2 with a located message."""
    from autograd_cli.support.limits import check_environment

    session = None
    shown = "<stdin>" if path == "-" else path
    try:
        check_environment()
        session = Session(path, tag_file)
        return body(session) or EXIT_OK
    except AgError as error:
        filename = session.filename if session else shown
        print_error(error.render(filename, session.source if session else None))
        if tag_file:
            from autograd_cli.render.jsonout import dumps

            line = {"line": error.pos.line} if error.pos is not None else {}
            write_json(dumps({"file": filename, **line, "error": error.message}))
        return EXIT_ERROR
    except RecursionError:
        print_error(f"{escape_controls(shown)}: the program is nested too deeply to process")
        return EXIT_ERROR
    except MemoryError:
        print_error(f"{escape_controls(shown)}: out of memory (lower the limits, e.g. AUTOGRAD_CLI_MAX_MEMORY=N)")
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        quiet_broken_pipe()
        return EXIT_OK
    except OSError as exc:  # the output could not be written (a full disk, a closed stdout)
        silence(1)
        print_error(f"{escape_controls(shown)}: cannot write the output: {exc.strerror or exc}")
        return EXIT_ERROR


def parse_sets(items) -> dict:
    from autograd_cli.api import parse_set

    return dict(parse_set(item) for item in items or [])


def _check_gradient_options(grad, wrt, unconnected="none"):
    if unconnected not in ("none", "zero"):
        raise AgError(f"--unconnected must be none or zero, got {unconnected!r}")
    if wrt and not grad:
        raise AgError("--wrt needs --grad")


def _evaluate(session: Session, set_, grad, wrt, unconnected="none"):
    """The shared part of eval and explain: check the gradient options, evaluate."""
    from autograd_cli.api import evaluate

    _check_gradient_options(grad, wrt, unconnected)
    return evaluate(session.source, sets=parse_sets(set_), unconnected=unconnected,
                    grads=grad or (), wrt=wrt or ())


# ---------------------------------------------------------------- eval, explain, verify

def is_snippet(session: Session, dialect) -> bool:
    """A TensorFlow snippet (spec section 9): --dialect tf, or a .py file without --dialect."""
    if dialect is None:
        return getattr(session, "filename", "").endswith(".py")
    if dialect not in ("ag", "tf"):
        raise AgError(f"--dialect must be ag or tf, got {dialect!r}")
    return dialect == "tf"


def _snippet_options(set_, grad, wrt, unconnected):
    _check_gradient_options(grad, wrt, unconnected)
    if set_:
        raise AgError("--set is for .ag programs; a snippet sets its own values (feed_dict=...)")
    if grad or wrt:
        raise AgError("--grad/--wrt are for .ag programs; in a snippet, call tf.gradients or tape.gradient")


def _snippet_graph(session: Session, set_, grad, wrt, unconnected, command: str):
    """A snippet's run for a command that needs the graph it built (explain, verify, graph)."""
    result = _snippet(session, set_, grad, wrt, unconnected, stream=False, graph=True)
    if result.program is None:
        raise AgError(f"{command} of this snippet needs the graph it built, and {result.unavailable}; "
                      "`autograd-cli eval FILE.py` shows its gradient tables and why each None is None")
    return result


def _snippet(session: Session, set_, grad, wrt, unconnected, stream: bool, limits=(None, None),
             graph: bool = False):
    from autograd_cli.api import evaluate_snippet

    _snippet_options(set_, grad, wrt, unconnected)

    def show(text):
        sys.stdout.write(text)
    # On the command line a snippet always runs in the box (a child process that reaches
    # nothing outside itself, with time and memory limits).
    return evaluate_snippet(session.source, on_print=show if stream else None, unconnected=unconnected,
                            boxed=True, limit_options=limits, graph=graph)


def snippet_eval_body(session: Session, set_, grad, wrt, unconnected, as_json, prints_only=False,
                      limits=(None, None)) -> int:
    try:
        result = _snippet(session, set_, grad, wrt, unconnected, stream=not as_json, limits=limits)
    finally:
        if not as_json:
            sys.stdout.flush()
    if as_json:
        from autograd_cli.render.jsonout import dumps, snippet_document

        write_json(dumps(session.document(snippet_document(result))))
    elif not prints_only:
        _print_gradients(result, console() if result.gradients else None)
    return EXIT_OK


def _print_gradients(result, out) -> None:
    """One table per gradients result, then the warnings (eval of .ag files and snippets)."""
    from autograd_cli.render.tables import gradient_table

    for record in result.gradients:
        out.print(gradient_table(record, width=out.width))
    print_warnings(result.warnings)


def eval_body(session: Session, set_, grad, wrt, unconnected, as_json, dialect=None, prints_only=False,
              limits=(None, None)) -> int:
    """limits: the text of --time-limit and --max-memory (None where not given), for a snippet."""
    if is_snippet(session, dialect):
        return snippet_eval_body(session, set_, grad, wrt, unconnected, as_json, prints_only, limits)
    if any(option is not None for option in limits):
        raise AgError("--time-limit and --max-memory are for snippets (.py); a .ag program's memory limit is "
                      "AUTOGRAD_CLI_MAX_MEMORY")
    result = _evaluate(session, set_, grad, wrt, unconnected)
    if as_json:
        from autograd_cli.render.jsonout import eval_document, pieces

        write_json(pieces(session.document(eval_document(result))))
    else:
        from autograd_cli.render.tables import value_table

        out = console()
        # a gradients result is shown once, in its own table (with why None): not also here
        answered = {name for record in result.gradients for name in [record.name] + record.name.split(", ")}
        values = {name: value for name, value in result.values.items() if name not in answered}
        if values or not result.gradients:
            out.print(value_table(values, width=out.width))
        _print_gradients(result, out)
    return EXIT_OK


def explain_body(session: Session, set_, grad, wrt, unconnected, as_json, dialect=None) -> int:
    from autograd_cli.analysis.explain import explain
    from autograd_cli.render import explainout

    if is_snippet(session, dialect):
        result = _snippet_graph(session, set_, grad, wrt, unconnected, "explain")
    else:
        result = _evaluate(session, set_, grad, wrt, unconnected)
    records = explain(result)
    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps(session.document(explainout.document(records))))
    else:
        explainout.text(records, console())
    print_warnings(result.warnings)
    _stopped(result)
    return EXIT_OK


def _stopped(result) -> None:
    """A snippet that failed after building its graph: its error, once the graph is shown (exit 2)."""
    error = getattr(result, "error", None)
    if error is not None:
        raise error


def verify_body(session: Session, set_, grad, wrt, rtol, atol, timeout, as_json, dialect=None,
                budget=None) -> int:
    from autograd_cli.analysis.verify import verify

    _check_gradient_options(grad, wrt)
    snippet = _snippet_graph(session, set_, grad, wrt, "none", "verify") if is_snippet(session, dialect) else None
    with _checking() as on_check:
        report = verify(session.source, sets=parse_sets(set_), grads=grad or (), wrt=wrt or (),
                        rtol=rtol, atol=atol, timeout=timeout, on_check=on_check, evaluation=snippet,
                        budget=budget)
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
    _stopped(snippet)
    return EXIT_OK if report.ok else EXIT_DISAGREE


class _checking:
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

def graph_body(session: Session, set_, fmt, grad_name, output, dialect=None, focus=None, expand=False) -> int:
    """Build, optionally compute one gradient's flows, write DOT/Mermaid text or a picture."""
    from autograd_cli import api
    from autograd_cli.analysis.diagram import MAX_PICTURE_NODES, graph_view
    from autograd_cli.support.files import atomic_write
    from autograd_cli.render import diagram_text

    if fmt is not None and fmt not in ("dot", "mermaid", "text", "json"):
        picture = f"; a picture is drawn by its file name: -o graph.{fmt}" if fmt in ("png", "svg", "pdf") else ""
        raise AgError(f"--format must be dot, mermaid, text or json, got {fmt!r}"
                      f"{picture or suggest(fmt, ['dot', 'mermaid', 'text', 'json'])}")
    kind, fmt_out = diagram_text.output_kind(output, fmt) if output else ("text", fmt or "dot")
    snippet = None
    if is_snippet(session, dialect):
        snippet = _snippet_graph(session, set_, None, None, "none", "graph")
        built = snippet.program
    else:
        built = api.build(session.source, sets=parse_sets(set_))
    record = flows = None
    if grad_name:
        record = gradients_call_named(built, grad_name)
        if record is None:
            if grad_name not in built.named:
                known = ", ".join(dict.fromkeys(r.name for r in built.gradients)) or "none"
                raise AgError(f"--grad {grad_name}: no gradients result or value of that name "
                              f"(gradients results: {known}){suggest(grad_name, list(built.named))}")
            if snippet is not None:
                raise AgError(f"--grad {grad_name}: the snippet has no gradients result of that name "
                              f"(gradients results: {', '.join(r.name for r in built.gradients) or 'none'})")
            record = api.add_gradient(built, grad_name, [], "none")
        from autograd_cli.evaluate import run
        from autograd_cli.analysis.explain import record_flows

        if snippet is None:
            built.graph.check_memory()   # MAX_MEMORY, before computing the flows
        values = snippet.node_values if snippet is not None else run(built.graph.nodes)
        with np.errstate(all="ignore"):
            _, flows, _ = record_flows(record, values)
    if focus is not None and focus not in built.named:
        raise AgError(f"--focus {focus}: the program has no value named '{focus}'"
                      f"{suggest(focus, list(built.named))}")
    view = graph_view(built, record, flows, diagram_text.flow_label, focus=focus, source=session.source,
                      expand=expand)
    writer = {"mermaid": diagram_text.to_mermaid, "text": diagram_text.to_text,
              "json": diagram_text.to_json}.get(fmt_out, diagram_text.to_dot)
    text = writer(view)
    if kind == "picture":
        if len(view.nodes) > MAX_PICTURE_NODES:
            raise AgError(f"the graph has {len(view.nodes):,} nodes, more than Graphviz can lay out in "
                          f"reasonable time (MAX_PICTURE_NODES = {MAX_PICTURE_NODES:,}); write the text "
                          "with -o graph.dot or -o graph.mmd instead")
        atomic_write(output, diagram_text.picture(text, fmt_out, output))
        print(f"graph: wrote {escape_controls(output)} ({len(view.nodes):,} nodes, drawn by Graphviz)", file=sys.stderr)
    elif output:
        atomic_write(output, text)
        print(f"graph: wrote {escape_controls(output)} ({fmt_out} text, {len(view.nodes):,} nodes)", file=sys.stderr)
    else:
        write_json(text.rstrip("\n"))
    _stopped(snippet)
    return EXIT_OK


def gradients_call_named(built, name: str):
    """The gradients call a name stands for: the call's own name (`g`, `gW, gb`), one of
    the names it unpacks to (`gW`), or a name given one of its results (`dw =
    gradients(y, w)[0]`); the last such call. None for any other name."""
    from autograd_cli.core.graph import nodes_in

    ids = {id(node) for node in nodes_in(built.named[name])} if name in built.named else set()
    found = None
    for record in built.gradients:
        if (record.name == name or name in record.name.split(", ")
                or any(id(value) in ids for value in record.values)):
            found = record
    return found


# ---------------------------------------------------------------- run

def run_body(session: Session, steps, feed_path, fetch, set_, as_json, every=None, plot=None) -> int:
    if session.filename.endswith(".py"):
        raise AgError(f"run is for .ag programs: a TensorFlow snippet runs its own loop (sess.run, "
                      f"optimizer steps); run it with autograd-cli eval {session.filename}")
    return run_program(session.source, steps, feed_path, fetch, parse_sets(set_), as_json, every, plot)


PLOT_FORMATS = (".svg", ".png", ".pdf")


def run_program(source: str, steps: int, feed_path=None, fetch=None, sets=None, as_json=False,
                every=None, plot=None) -> int:
    from autograd_cli.api import build
    from autograd_cli.run.feed import read_feed
    from autograd_cli.run.steps import History, Plan

    steps = parse_steps(steps)
    if every is not None and every < 1:
        raise AgError(f"--every must be 1 or more, got {every}")
    if plot is not None:
        _check_plot(plot)
    feed = None
    if feed_path is not None:
        feed = read_feed(feed_path)
    built = build(source, sets=sets, feed=feed)
    names = None if fetch is None else split_fetch(fetch, built.named)
    plan = Plan(built, names, feed)
    plan.source = source
    state = plan.initial_state()
    initial = dict(state)
    from autograd_cli.run.steps import rebinding

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
        from autograd_cli.run.steps import untrained

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


MAX_STEPS = 10**15


def parse_steps(text) -> int:
    """--steps N: an integral number (1000, 1e3 and 1000.0 alike), 0 or more."""
    try:
        value = float(str(text).strip())
    except ValueError:
        raise AgError(f"--steps must be a whole number of steps, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value != int(value):
        raise AgError(f"--steps must be a whole number of steps, 0 or more, got {text!r}")
    if value > MAX_STEPS:
        raise AgError(f"--steps {text} is more than {MAX_STEPS:.0e} steps")
    return int(value)


def split_fetch(text: str, named) -> list[str]:
    """--fetch a,b: names separated by commas; a bare expression's name may itself hold
    commas (`--fetch "assign_add(v, 1),w"`), so the longest known name is taken first."""
    parts = text.split(",")
    names, k = [], 0
    while k < len(parts):
        for end in range(len(parts), k, -1):
            candidate = ",".join(parts[k:end]).strip()
            if candidate in named:
                break
        else:
            end, candidate = k + 1, parts[k].strip()
        if candidate:
            names.append(candidate)
        k = end
    if not names:
        raise AgError("--fetch needs names separated by commas, e.g. --fetch loss,w")
    return names


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


# ---------------------------------------------------------------- report

def report_body(session: Session, output, verify, steps, set_, grad, wrt, unconnected, dialect=None) -> int:
    """Compute the report (analysis/report.py), write the page (render/html.py) whole."""
    from autograd_cli.analysis.report import make_report
    from autograd_cli.render.explainout import one_line
    from autograd_cli.render.html import page
    from autograd_cli.support.files import atomic_write

    _check_gradient_options(grad, wrt, unconnected)
    report = make_report(session.source, session.filename, "tf" if is_snippet(session, dialect) else "ag",
                         parse_sets(set_), unconnected, grad or (), wrt or (), verify, steps,
                         format_flow=one_line, boxed=True)
    html = page(report)
    if output == "-":
        # The page says charset utf-8; to a stream that is not UTF-8 it goes as ASCII with
        # character references (&#8594;), the same page in any encoding.
        utf8 = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") == "utf8"
        sys.stdout.flush()
        sys.stdout.buffer.write(html.encode("utf-8") if utf8 else html.encode("ascii", "xmlcharrefreplace"))
        sys.stdout.flush()
    else:
        atomic_write(output, html)
        print(f"report: {output}", file=sys.stderr)
    print_warnings(report.evaluation.warnings)
    return EXIT_OK


# ---------------------------------------------------------------- functions

def functions_body(pattern, as_json) -> int:
    from autograd_cli.library.catalog import catalog, matching

    rows = matching(catalog(), pattern)
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
