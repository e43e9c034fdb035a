"""Running the user's code inside the box, and turning its exceptions into located errors.

For jobs: `compile_user` then `run_as_main` run a snippet as Python's `__main__`; any
exception they let through is located by the box (`locate_exception`): the innermost frame
of the user's file gives the line and column, its outer frames `called_from`, and no frame of
the tool ever shows. A job that wants to send data along with an error raises
`SnippetFailed(locate_exception(...), data)`.
"""
from __future__ import annotations

import builtins
import itertools
import sys
import types

from . import results
from .results import LocatedError

MESSAGE_CHARS = 2_000       # an exception's message is clipped to this (a huge KeyError key ...)
CALLERS_SHOWN = 25          # called_from keeps the nearest 20 callers and the outermost 5
REPEATS_SHOWN = 3           # a line repeated in a row (recursion) is listed this many times


class BoxState:
    """What the child tells this module once the box is set up."""

    limits = None            # the Limits in force (memory and output messages quote them)
    refusals: list = []      # the audit hook's refusals, newest last (a caught one is still news)
    kernel_rules = False     # Landlock or seccomp in force (a PermissionError then comes from them)


class OutputLimitError(Exception):
    """Raised at the print that passes the output limit."""


class BoxRefusal(PermissionError):
    """Raised where the snippet tries to leave the box (a file, a process, the network)."""


class SnippetFailed(Exception):
    """Raised by a job to end with a located error and still send `data` to the parent."""

    def __init__(self, error: LocatedError, data=None):
        super().__init__(error.message)
        self.error = error
        self.data = data


def compile_user(source: str, filename: str):
    """The snippet compiled as a module. A SyntaxError propagates; the box locates it (so
    does a NUL character or a lone surrogate, which Python 3.11 reports as ValueError or
    UnicodeEncodeError with no place)."""
    try:
        return compile(source, filename, "exec", dont_inherit=True)
    except (RecursionError, MemoryError) as exc:
        # Python's parser gives no place for these: the deepest line is the likely one
        line = _deepest_line(source)
        what = "nested too deeply" if isinstance(exc, RecursionError) else "too large or nested too deeply"
        raise SyntaxError(f"Python cannot compile the snippet: it is {what} ({type(exc).__name__})",
                          (filename, line, 1, None, line, 2)) from None
    except (SyntaxError, ValueError, UnicodeError) as exc:
        if isinstance(exc, SyntaxError) and exc.lineno:
            raise
        bad = next((i for i, c in enumerate(source) if c == "\0" or "\ud800" <= c <= "\udfff"), 0)
        line = source.count("\n", 0, bad) + 1
        col = bad - (source.rfind("\n", 0, bad) + 1) + 1
        what = "a NUL character" if source[bad:bad + 1] == "\0" else f"the character {source[bad:bad + 1]!r}"
        raise SyntaxError(f"the source contains {what}", (filename, line, col, None, line, col + 1)) from None


def _deepest_line(source: str) -> int:
    """The line where brackets nest deepest, else the longest line (1-based)."""
    depth = best_depth = 0
    best = (0, 1)          # (depth, line)
    line = 1
    for char in source:
        if char in "([{":
            depth += 1
            if depth > best_depth:
                best_depth, best = depth, (depth, line)
        elif char in ")]}":
            depth -= 1
        elif char == "\n":
            line += 1
    if best_depth < 100:            # shallow brackets: a long chain of operators or calls
        lengths = [len(text) for text in source.split("\n")]
        return max(range(len(lengths)), key=lengths.__getitem__) + 1 if lengths else 1
    return best[1]


def run_as_main(code, filename: str, source: str, names: dict | None = None) -> types.ModuleType:
    """Run compiled snippet code as the `__main__` module (with `names` predefined) and
    return that module. `sys.exit()` / `sys.exit(0)` end the snippet normally; any other
    exception propagates to be located."""
    module = types.ModuleType("__main__")
    module.__file__ = filename
    module.__builtins__ = builtins
    if names:
        module.__dict__.update(names)
    sys.modules["__main__"] = module
    sys.argv = [filename]
    import linecache   # (here: it imports tokenize and re, which a job may never need)

    # warnings and tracebacks quote the snippet's lines from here, not from a file
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        exec(code, module.__dict__)
    except SystemExit as stop:
        if stop.code is None or stop.code == 0 or stop.code is False:
            return module
        raise
    return module


def locate_exception(exc: BaseException, filename: str, source: str) -> LocatedError | None:
    """The located error for an exception raised while the snippet `filename` ran, or None
    when no frame of the snippet was involved and the exception is not one the snippet
    caused (then it is the tool's own failure)."""
    lines = _lines(source)
    frames = [(tb.tb_frame.f_code, tb.tb_lineno, tb.tb_lasti)
              for tb in _walk(exc.__traceback__) if tb.tb_frame.f_code.co_filename == filename]
    type_name, message, kind = describe(exc)
    line = col = end_col = None
    if isinstance(exc, SyntaxError) and exc.filename == filename and exc.lineno:
        line = exc.lineno
        col = max(1, exc.offset or 1)
        if exc.end_lineno == exc.lineno and exc.end_offset and exc.end_offset > col:
            end_col = exc.end_offset
        callers = []
    elif frames:
        code, line, lasti = frames[-1]
        col, end_col = _columns(code, line, lasti, lines)
        callers = [(filename, lineno) for _code, lineno, _ in reversed(frames[:-1])]
    elif isinstance(exc, (MemoryError, OutputLimitError, BoxRefusal, RecursionError)):
        # a job's work for the snippet after it ran (its results) may name the line it was for
        line = getattr(exc, "snippet_line", None)
        if line is not None:
            col, end_col = _columns(None, line, -1, lines)
        callers = []
    else:
        return None
    called_from, hidden = fold_callers(callers)
    return LocatedError(line, col, type_name, message, called_from, kind, end_col, hidden)


def describe(exc: BaseException) -> tuple[str, str, str]:
    """(type name, message, kind) of an exception as the user is told it."""
    type_name = type(exc).__name__
    text = _text(exc)
    limits = BoxState.limits
    if isinstance(exc, MemoryError):
        memory = limits.memory_message() if limits is not None else "the snippet ran out of memory"
        return "MemoryError", f"{memory}: {text}" if text else memory, results.MEMORY
    if isinstance(exc, OutputLimitError):
        return "OutputLimitError", text, results.OUTPUT
    if isinstance(exc, BoxRefusal):
        return "PermissionError", text, results.REFUSED
    if isinstance(exc, SyntaxError):
        return type_name, exc.msg or text, results.EXCEPTION
    if isinstance(exc, SystemExit):
        code = exc.code
        try:
            said = f"the snippet called sys.exit({code!r})" if isinstance(code, int) else _clip(str(code))
        except Exception:   # noqa: BLE001 (an int past Python's digit limit, a __str__ that fails)
            said = f"the snippet called sys.exit() with a value that cannot be printed ({type(code).__name__})"
        return "SystemExit", said, results.EXIT
    if isinstance(exc, PermissionError) and BoxState.kernel_rules:
        # EPERM or EACCES from Landlock or seccomp (the audit hook's own refusals say more)
        return type_name, f"the snippet has no files, network or processes: {text} (refused by the kernel)", \
            results.REFUSED
    if isinstance(exc, RecursionError):
        text = f"{text} (the limit is {sys.getrecursionlimit():,} nested calls)"
    elif BoxState.refusals and isinstance(exc, (OSError, ImportError)):
        text = f"{text} (before this, the box refused: {BoxState.refusals[-1]})"
    return type_name, text, results.EXCEPTION


def fold_callers(callers: list) -> tuple[list, int]:
    """Callers with a run of one line repeated (recursion) cut to REPEATS_SHOWN, and at most
    CALLERS_SHOWN kept (the nearest and the outermost); also how many were left out."""
    folded = []
    for _key, run in itertools.groupby(callers):
        folded.extend(itertools.islice(run, REPEATS_SHOWN))
    if len(folded) > CALLERS_SHOWN:
        folded = folded[:CALLERS_SHOWN - 5] + folded[-5:]
    return folded, len(callers) - len(folded)


def _text(exc: BaseException) -> str:
    try:
        text = str(exc)
        notes = getattr(exc, "__notes__", None)
        if isinstance(notes, list):
            text = "\n".join([text, *(str(note) for note in notes)])
    except Exception:   # a user's exception whose __str__ fails
        text = "(its message could not be printed)"
    return _clip(text)


def _clip(text: str) -> str:
    if len(text) <= MESSAGE_CHARS:
        return text
    keep = MESSAGE_CHARS // 2
    return f"{text[:keep]}...({len(text) - 2 * keep:,} characters)...{text[-keep:]}"


def _walk(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next


def _lines(source: str) -> list[str]:
    """The source's lines as Python numbers them (\\n, \\r\\n and a lone \\r end a line)."""
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    return source.split("\n")


def _columns(code, line: int, lasti: int, lines: list[str]) -> tuple[int, int | None]:
    """1-based character columns (start, end) of the instruction at `lasti` on `line`, from
    Python's position table (UTF-8 byte offsets); the line's first non-blank character when
    Python has no position."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    start = end = None
    if lasti >= 0:
        position = next(itertools.islice(code.co_positions(), lasti // 2, None), None)
        if position is not None and position[0] == line and position[2] is not None:
            start = position[2]
            if position[1] == line and position[3] is not None:
                end = position[3]
    if start is None:
        return len(text) - len(text.lstrip()) + 1, None
    encoded = text.encode("utf-8", "surrogatepass")
    col = len(encoded[:start].decode("utf-8", "ignore")) + 1
    end_col = len(encoded[:end].decode("utf-8", "ignore")) + 1 if end is not None else None
    return col, end_col if end_col is not None and end_col > col else None
