"""The terminal side of a command: the rich console, JSON on stdout, warnings on
stderr, and streams that never raise on text they cannot encode or a closed pipe."""
from __future__ import annotations

import os
import sys


def quiet_broken_pipe():
    # The reader went away (`| head`): point stdout at devnull so exit does not complain.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def console():
    """A rich console on stdout. Where stdout is not UTF-8 (LC_ALL=C, PYTHONIOENCODING=ascii)
    rich draws every table with box.ASCII (its `ascii_only` option); other symbols come
    from render/symbols.py, and main() makes anything left print escaped, never raise."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self):  # rich would exit 1; run_guarded ends quietly with 0
            raise BrokenPipeError

    return _Console(highlight=False, soft_wrap=False)


def write_json(text) -> None:
    """JSON text, or an iterable of its pieces (written as they come), and a newline."""
    from ..render.symbols import unicode_ok

    ascii_only = not unicode_ok(sys.stdout)  # still the same JSON: non-ASCII as \uXXXX escapes
    write = sys.stdout.write
    for piece in [text] if isinstance(text, str) else text:
        write(_ascii_json(piece) if ascii_only else piece)
    write("\n")
    sys.stdout.flush()


def _ascii_json(text: str) -> str:
    import json
    import re

    return re.sub(r"[^\x00-\x7f]", lambda m: json.dumps(m.group())[1:-1], text)


def robust_streams() -> None:
    # Text the terminal cannot encode is spelled in ASCII (symbols) or shown escaped,
    # never raising UnicodeEncodeError.
    from ..render.symbols import AsciiWriter, unicode_ok

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass
    if not unicode_ok(sys.stdout) and not isinstance(sys.stdout, AsciiWriter):
        sys.stdout = AsciiWriter(sys.stdout)
    if not unicode_ok(sys.stderr) and not isinstance(sys.stderr, AsciiWriter):
        sys.stderr = AsciiWriter(sys.stderr)


def print_warnings(warnings) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
