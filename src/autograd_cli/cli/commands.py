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

from ..errors import AgError
from ..files import read_text
from .terminal import console, print_warnings, quiet_broken_pipe, write_json

EXIT_OK, EXIT_DISAGREE, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130
PROGRESS_MIN_STEPS = 200        # a progress bar for runs at least this long, on a terminal
TABLE_HEAD = TABLE_TAIL = 5000  # run's table shows at most this many first and last steps


class Session:
    """One command's input: the program text and how to report errors about it."""

    def __init__(self, path: str):
        self.filename = "<stdin>" if path == "-" else path
        self.source = read_text(path, "MAX_PROGRAM_BYTES", "program")


def run_guarded(path: str, body) -> int:
    """Run a command body; every failure becomes exit code 2 with a located message."""
    session = None
    try:
        session = Session(path)
        return body(session) or EXIT_OK
    except AgError as error:
        filename = session.filename if session else ("<stdin>" if path == "-" else path)
        print(error.render(filename, session.source if session else None), file=sys.stderr)
        return EXIT_ERROR
    except RecursionError:
        print(f"{path}: the program is nested too deeply to process", file=sys.stderr)
        return EXIT_ERROR
    except MemoryError:
        print(f"{path}: out of memory", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        quiet_broken_pipe()
        return EXIT_OK


def parse_sets(items) -> dict:
    from ..api import parse_set

    return dict(parse_set(item) for item in items or [])


def _check_gradient_options(grad, wrt, unconnected="none"):
    if unconnected not in ("none", "zero"):
        raise AgError(f"--unconnected must be none or zero, got {unconnected!r}")
    if wrt and not grad:
        raise AgError("--wrt needs --grad")


def _evaluate(session: Session, set_, grad, wrt, unconnected="none"):
    """The shared part of eval and explain: check the gradient options, evaluate."""
    from ..api import evaluate

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


def _snippet(session: Session, set_, grad, wrt, unconnected, stream: bool):
    from ..api import evaluate_snippet

    _snippet_options(set_, grad, wrt, unconnected)

    def show(text):
        sys.stdout.write(text)
    return evaluate_snippet(session.source, on_print=show if stream else None, unconnected=unconnected)


def snippet_eval_body(session: Session, set_, grad, wrt, unconnected, as_json) -> int:
    try:
        result = _snippet(session, set_, grad, wrt, unconnected, stream=not as_json)
    finally:
        if not as_json:
            sys.stdout.flush()
    if as_json:
        from ..render.jsonout import dumps, snippet_document

        write_json(dumps(snippet_document(result)))
    else:
        from ..render.tables import gradient_table

        if result.gradients:
            out = console()
            for record in result.gradients:
                out.print(gradient_table(record))
        print_warnings(result.warnings)
    return EXIT_OK


def eval_body(session: Session, set_, grad, wrt, unconnected, as_json, dialect=None) -> int:
    if is_snippet(session, dialect):
        return snippet_eval_body(session, set_, grad, wrt, unconnected, as_json)
    result = _evaluate(session, set_, grad, wrt, unconnected)
    if as_json:
        from ..render.jsonout import eval_document, pieces

        write_json(pieces(eval_document(result)))
    else:
        from ..render.tables import gradient_table, value_table

        out = console()
        out.print(value_table(result.values))
        for record in result.gradients:
            out.print(gradient_table(record))
        print_warnings(result.warnings)
    return EXIT_OK


def explain_body(session: Session, set_, grad, wrt, unconnected, as_json, dialect=None) -> int:
    from ..explain import explain
    from ..render import explainout

    if is_snippet(session, dialect):
        result = _snippet(session, set_, grad, wrt, unconnected, stream=False)
    else:
        result = _evaluate(session, set_, grad, wrt, unconnected)
    records = explain(result)
    if as_json:
        from ..render.jsonout import dumps

        write_json(dumps(explainout.document(records)))
    else:
        explainout.text(records, console())
    print_warnings(result.warnings)
    return EXIT_OK


def verify_body(session: Session, set_, grad, wrt, rtol, atol, timeout, as_json) -> int:
    from ..verify import verify

    _check_gradient_options(grad, wrt)
    report = verify(session.source, sets=parse_sets(set_), grads=grad or (), wrt=wrt or (),
                    rtol=rtol, atol=atol, timeout=timeout)
    if as_json:
        from ..render.jsonout import dumps
        from ..render.verifyout import verify_document

        write_json(dumps(verify_document(report)))
    else:
        from ..render.verifyout import summary, verify_tables

        out = console()
        for table in verify_tables(report):
            out.print(table)
        out.print(summary(report))
        print_warnings(report.warnings)
    return EXIT_OK if report.ok else EXIT_DISAGREE


# ---------------------------------------------------------------- graph

def graph_body(session: Session, set_, fmt, grad_name, output, dialect=None) -> int:
    """Build, optionally compute one gradient's flows, write DOT/Mermaid text or a picture."""
    from .. import api
    from ..diagram import MAX_PICTURE_NODES, graph_view
    from ..files import atomic_write
    from ..render import diagram_text
    from ..render.explainout import one_line

    if fmt is not None and fmt not in ("dot", "mermaid"):
        raise AgError(f"--format must be dot or mermaid, got {fmt!r}")
    kind, fmt_out = diagram_text.output_kind(output, fmt) if output else ("text", fmt or "dot")
    snippet = None
    if is_snippet(session, dialect):
        snippet = _snippet(session, set_, None, None, "none", stream=False)
        built = snippet.program
    else:
        built = api.build(session.source, sets=parse_sets(set_))
    record = flows = None
    if grad_name:
        matches = [r for r in built.gradients if r.name == grad_name]
        record = matches[-1] if matches else None
        if record is None:
            if grad_name not in built.named:
                known = ", ".join(dict.fromkeys(r.name for r in built.gradients)) or "none"
                raise AgError(f"--grad {grad_name}: no gradients result or value of that name "
                              f"(gradients results: {known})")
            if snippet is not None:
                raise AgError(f"--grad {grad_name}: the snippet has no gradients result of that name "
                              f"(gradients results: {', '.join(r.name for r in built.gradients) or 'none'})")
            record = api.add_gradient(built, grad_name, [], "none")
        from ..evaluate import run
        from ..explain import record_flows

        values = snippet.node_values if snippet is not None else run(built.graph.nodes)
        with np.errstate(all="ignore"):
            _, flows, _ = record_flows(record, values)
    view = graph_view(built, record, flows, one_line)
    text = diagram_text.to_mermaid(view) if fmt_out == "mermaid" else diagram_text.to_dot(view)
    if kind == "picture":
        if len(view.nodes) > MAX_PICTURE_NODES:
            raise AgError(f"the graph has {len(view.nodes):,} nodes, more than Graphviz can lay out in "
                          f"reasonable time (MAX_PICTURE_NODES = {MAX_PICTURE_NODES:,}); write the text "
                          "with -o graph.dot or -o graph.mmd instead")
        atomic_write(output, diagram_text.picture(text, fmt_out, output))
    elif output:
        atomic_write(output, text)
    else:
        write_json(text.rstrip("\n"))
    return EXIT_OK


# ---------------------------------------------------------------- run

def run_body(session: Session, steps, feed_path, fetch, set_, as_json) -> int:
    return run_program(session.source, steps, feed_path, fetch, parse_sets(set_), as_json)


def run_program(source: str, steps: int, feed_path=None, fetch=None, sets=None, as_json=False) -> int:
    from ..api import build
    from ..feed import read_feed
    from ..steps import Plan

    steps = parse_steps(steps)
    feed = None
    if feed_path is not None:
        feed = read_feed(feed_path)
    built = build(source, sets=sets, feed=feed)
    names = None if fetch is None else split_fetch(fetch, built.named)
    plan = Plan(built, names, feed)
    state = plan.initial_state()
    warnings: list = []
    seen_warnings: set = set()
    if as_json:
        return _run_json(plan, steps, state, warnings, seen_warnings)
    return _run_table(plan, steps, state, warnings, seen_warnings)


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


def _report_warnings(warnings, seen, step):
    for w in warnings:
        text = str(w)
        if text not in seen:
            seen.add(text)
            print(f"warning: {text} (first at step {step})", file=sys.stderr)
    warnings.clear()


def _run_json(plan, steps, state, warnings, seen) -> int:
    from ..render.jsonout import dumps

    out = sys.stdout
    code = 0
    try:
        with _Interrupts() as stop:
            for i, values in plan.steps(steps, state, warnings):
                out.write(dumps({"step": i, "values": plan.row(values)}) + "\n")
                out.flush()
                if warnings:
                    _report_warnings(warnings, seen, i)
                if stop.requested:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    out.write(dumps({"final": plan.final(state)}) + "\n")
    out.flush()
    return code


def _run_table(plan, steps, state, warnings, seen) -> int:
    from ..render.runout import steps_table
    from ..render.tables import value_table

    rows: list = []          # (step, {name: value}); the middle of very long runs is dropped
    skipped = 0
    code = 0
    error = None
    progress = _progress(steps)
    try:
        with _Interrupts() as stop, progress if progress is not None else _nothing():
            task = progress.add_task("steps", total=steps) if progress is not None else None
            last = time.monotonic()
            for i, values in plan.steps(steps, state, warnings):
                rows.append((i, plan.row(values)))
                if len(rows) > TABLE_HEAD + TABLE_TAIL:
                    del rows[TABLE_HEAD]
                    skipped += 1
                if warnings:
                    _report_warnings(warnings, seen, i)
                if progress is not None and (time.monotonic() - last > 0.1 or i == steps - 1):
                    progress.update(task, completed=i + 1)
                    last = time.monotonic()
                if stop.requested:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except AgError as exc:
        error = exc
    out = console()
    out.print(steps_table(plan.fetch, rows, skipped, TABLE_HEAD))
    out.print(value_table(plan.final(state), title="final variables"))
    if code == EXIT_INTERRUPTED:
        print(f"interrupted after {len(rows) + skipped} of {steps} steps", file=sys.stderr)
    if error is not None:
        raise error
    return code


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
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), transient=True)
