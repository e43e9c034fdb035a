"""Reading faulthandler's tracebacks: which line of the snippet was running.

faulthandler writes (a crash, a timer, a signal registered with it):

    Fatal Python error: Segmentation fault          (crashes only)

    Current thread 0x00007f... (most recent call first):
      File "prog.py", line 3 in f
      File "prog.py", line 5 in <module>
    Thread 0x00007f... (most recent call first):
      ...

File names are written in ASCII (others as \\xNN, \\uNNNN, \\UNNNNNNNN) and cut at 500
characters; at most 100 frames per thread.
"""
from __future__ import annotations

import re

from .user_code import fold_callers

FRAME = re.compile(r'^  File "(.*)", line (\d+) in ')
MAX_STRING = 500
WATCHDOG = "Snippet stack (most recent call first):"   # the child's watchdog (child.py): every frame


def faulthandler_text(text: str) -> str:
    """`text` as faulthandler writes it."""
    out = []
    for char in text[:MAX_STRING]:
        code = ord(char)
        if 32 <= code < 127:
            out.append(char)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    if len(text) > MAX_STRING:
        out.append("...")
    return "".join(out)


def threads(dump: str) -> list[tuple[int, list[tuple[str, int]]]]:
    """Each thread of the dump: (rank, frames innermost first); rank 0 for faulthandler's
    current thread, 1 for its others, 2 for the watchdog's stack of the snippet's thread
    (faulthandler's is preferred where it holds the snippet: it is the moment of the stop)."""
    found = []
    for line in dump.splitlines():
        if line.startswith(("Current thread ", "Thread ", "Stack (most recent call first)", WATCHDOG)):
            found.append((0 if line.startswith(("Current", "Stack")) else 2 if line == WATCHDOG else 1, []))
            continue
        match = FRAME.match(line)
        if match and found:
            found[-1][1].append((match.group(1), int(match.group(2))))
    return found


def locate_dump(dump: str, filename: str, source: str):
    """(line, col, called_from, hidden) of the snippet's innermost running frame in the dump
    (the current thread first, else any thread running the snippet); line is None when no
    thread was running the snippet. col is the line's first non-blank character."""
    name = faulthandler_text(filename)
    candidates = sorted(threads(dump), key=lambda thread: thread[0])
    for _current, frames in candidates:
        lines = [line for file, line in frames if file == name]
        if lines:
            line = lines[0]
            called_from, hidden = fold_callers([(filename, n) for n in lines[1:]])
            return line, _first_column(source, line), called_from, hidden
    return None, None, [], 0


def _first_column(source: str, line: int) -> int:
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = source.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text) - len(text.lstrip()) + 1
