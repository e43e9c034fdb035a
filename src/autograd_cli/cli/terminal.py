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
    except (OSError, ValueError, AttributeError):
        pass


def console():
    """A rich console on stdout. Where stdout is not UTF-8 (LC_ALL=C, PYTHONIOENCODING=ascii)
    rich draws every table with box.ASCII (its `ascii_only` option); other symbols come
    from render/symbols.py, and main() makes anything left print escaped, never raise."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    class _Console(Console):
        def on_broken_pipe(self):  # rich would exit 1; run_guarded ends quietly with 0
            raise BrokenPipeError

        def print(self, *objects, **kwargs):
            # rich wraps a table's title at the table's width ("gradients g (line" / "17):
            # d(loss)/dx"); printed on its own line it wraps only at the terminal's
            if not any(isinstance(item, Table) and item.title for item in objects):
                return super().print(*objects, **kwargs)
            for item in objects:
                title = getattr(item, "title", None)
                if isinstance(item, Table) and title:
                    item.title = None
                    super().print(Text.from_markup(title, emoji=False) if isinstance(title, str) else title, **kwargs)
                super().print(item, **kwargs)
            return None

    # emoji=False: a program's text prints as written (rich would turn "a :smile:" into an
    # emoji), and rich's emoji table is never loaded (~1.5 ms of every start)
    return _Console(highlight=False, soft_wrap=False, emoji=False)


def load_rich_meanwhile() -> None:
    """Import rich in a thread while this process waits on other work (a snippet's box:
    ~0.1 s), so that the tables that follow find it loaded (~25 ms of the command's time).
    The thread only imports; console() importing it too waits for it."""
    import threading

    def load():
        try:
            import rich.console  # noqa: F401
            import rich.markup  # noqa: F401
            import rich.table  # noqa: F401
        except Exception:  # noqa: BLE001 - console() imports it again and reports the failure
            pass

    threading.Thread(target=load, name="load_rich", daemon=True).start()


def write_json(text) -> None:
    """JSON text, or an iterable of its pieces (written as they come), and a newline."""
    from autograd_cli.render.symbols import unicode_ok

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


class ClosedStream:
    """Stands for a standard stream the tool was started without (`>&-`, `<&-`): Python
    makes it None; reading or writing it is an OSError the command reports (exit 2)."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, name: str):
        self.name = name

    def _closed(self, *args, **kwargs):
        import errno

        raise OSError(errno.EBADF, f"standard {self.name} is closed")

    write = read = fileno = _closed

    def flush(self):
        pass

    def isatty(self):
        return False

    @property
    def buffer(self):
        self._closed()


def print_error(text: str) -> None:
    """An error message on stderr; if stderr cannot take it (`2>/dev/full`, closed), the
    exit code still says what happened and nothing more is tried."""
    try:
        print(text, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        silence(2)


def silence(fd: int) -> None:
    """Point a standard stream's descriptor at /dev/null (its reader went away, or it is
    full), so that Python's flush at exit has nowhere left to fail."""
    stream = sys.stdout if fd == 1 else sys.stderr
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass
    try:  # drop what is still buffered: it could not be written anyway
        if stream is not None and hasattr(stream, "buffer"):
            stream.buffer.flush()
    except (OSError, ValueError, AttributeError):
        pass


def finish_streams(code: int) -> int:
    """Flush stdout and stderr before exit: output lost on the way (a full disk) is exit 2
    with a message; a reader that went away (`| head`) is not an error."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        quiet_broken_pipe()
    except (OSError, ValueError) as exc:
        silence(1)
        print_error(f"autograd-cli: cannot write the output: {getattr(exc, 'strerror', None) or exc}")
        code = code or 2
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        silence(2)
        code = code or 2
    return code


def robust_streams() -> None:
    # Text the terminal cannot encode is spelled in ASCII (symbols) or shown escaped,
    # never raising UnicodeEncodeError.
    from autograd_cli.render.symbols import AsciiWriter, unicode_ok

    if sys.stdin is None:
        sys.stdin = ClosedStream("input")
    if sys.stdout is None:
        sys.stdout = ClosedStream("output")
    if sys.stderr is None:
        sys.stderr = ClosedStream("error")

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass
    if not unicode_ok(sys.stdout) and not isinstance(sys.stdout, (AsciiWriter, ClosedStream)):
        sys.stdout = AsciiWriter(sys.stdout)
    if not unicode_ok(sys.stderr) and not isinstance(sys.stderr, (AsciiWriter, ClosedStream)):
        sys.stderr = AsciiWriter(sys.stderr)


def print_warnings(warnings) -> None:
    """Each warning on stderr; on a terminal, wrapped at its width between words (a long
    warning was cut mid-word by the terminal), kept on one line for a pipe or a file."""
    from autograd_cli.support.errors import escape_controls

    width = _terminal_width(sys.stderr)
    for warning in warnings:
        text = f"warning: {escape_controls(str(warning))}"
        if width and len(text) > width:
            import textwrap

            text = "\n".join(textwrap.fill(part, width, subsequent_indent="  ", break_long_words=False,
                                            break_on_hyphens=False) for part in text.split("\n"))
        print(text, file=sys.stderr)


def _terminal_width(stream):
    """The terminal's width when `stream` is a terminal (COLUMNS first, as rich reads it), else None."""
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError, OSError):
        return None
    import shutil

    return max(shutil.get_terminal_size().columns, 20)
