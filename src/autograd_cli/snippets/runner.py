"""Run a snippet and turn the run into results, errors located in the user's file.

The job runs in this process behind the box's interface (prepare, then run); the
results are the job's plain data."""
from __future__ import annotations

import sys

from autograd_cli.support.errors import AgError, Pos
from autograd_cli.support.records import Record

FILENAME = "<snippet>"


class PrintRecord(Record):
    _fields = ("line", "text", "values")

    def __init__(self, line, text, values):
        self.line = line
        self.text = text
        self.values = values


def run_snippet(source: str, seed=None, on_print=None, filename: str = FILENAME) -> dict:
    """In the box (a child process with the kernel's rules) where the system has it."""
    import os

    if os.name == "posix":
        return _boxed(source, seed, on_print, filename)
    return _in_process(source, seed, on_print, filename)


def _boxed(source, seed, on_print, filename):
    from autograd_cli.sandbox import run_boxed

    result = run_boxed(job="autograd_cli.snippets.job", payload={"seed": seed}, source=source, filename=filename,
                       on_output=on_print if on_print is not None else (lambda text: None))
    if result.error is not None:
        e = result.error
        message = f"{e.type_name}: {e.message}" if e.message else e.type_name
        if e.called_from:
            message += "".join(f"\n  called from {f}:{n}" for f, n in e.called_from)
        raise AgError(message, Pos(e.line or 1, e.col or 1))
    return result.data


def _in_process(source, seed, on_print, filename):
    from autograd_cli.snippets import job

    job.prepare({})
    output = on_print if on_print is not None else (lambda text: None)
    try:
        data = job.run({"seed": seed}, source, filename, on_output=output)
    except BaseException as exc:   # noqa: BLE001 (every failure of the user's code is reported, located)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise located(exc, filename, source) from None
    return data


def located(exc: BaseException, filename: str, source: str) -> AgError:
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            frames.append(tb)
        tb = tb.tb_next
    name = type(exc).__name__
    text = str(exc)
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line, col = exc.lineno or 1, max(1, exc.offset or 1)
        text = exc.msg
    elif frames:
        last = frames[-1]
        line, col = last.tb_lineno, _column(last, source)
    else:
        line, col = 1, 1
    message = f"{name}: {text}" if text else name
    hint = getattr(exc, "ag_hint", None)
    if hint:
        message += f" ({hint})"
    callers = [f.tb_lineno for f in frames[:-1]]
    if callers:
        message += "".join(f"\n  called from {filename}:{n}" for n in reversed(callers))
    return AgError(message, Pos(line, col))


def _column(tb, source: str) -> int:
    try:
        positions = list(tb.tb_frame.f_code.co_positions())
        _, _, col, _ = positions[tb.tb_lasti // 2]
        if col is not None:
            return col + 1
    except (IndexError, ValueError, AttributeError):
        pass
    lines = source.splitlines()
    if 0 < tb.tb_lineno <= len(lines):
        text = lines[tb.tb_lineno - 1]
        return len(text) - len(text.lstrip()) + 1
    return 1
