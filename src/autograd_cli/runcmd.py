"""The `run` command's body: steps the program, streams NDJSON or prints rich tables.

Kept out of cli.py (which only declares the options) so the loop stays in one place.
"""
from __future__ import annotations

import math
import signal
import sys
import threading
import time

from .errors import AgError

EXIT_INTERRUPTED = 130
PROGRESS_MIN_STEPS = 200        # a progress bar for runs at least this long, on a terminal
TABLE_HEAD = TABLE_TAIL = 5000  # the table shows at most this many first and last steps


def run_program(source: str, steps: int, feed_path=None, fetch=None, sets=None, as_json=False) -> int:
    from .api import build
    from .state import Plan

    steps = parse_steps(steps)
    feed = None
    if feed_path is not None:
        from .feed import read_feed

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
    from .render.jsonout import dumps

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
    from .render.runout import steps_table
    from .render.tables import value_table

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
    from .cli import console

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
