"""Reading and writing files.

Reading (programs, feeds): `read_text(path, limit_name, what)` reads at most the
limit's bytes (`eval /dev/zero` must not fill memory) and decodes UTF-8 (a
byte-order mark is skipped); a bad byte is an AgError at its line and column.

Writing (e.g. `graph -o`): written whole or not at all.

    from autograd_cli.support.files import atomic_write
    atomic_write(path, text)          # str (UTF-8) or bytes

The data goes to a temporary file next to the target, is flushed to disk, and
then replaces the target in one step (`os.replace`), so a reader never sees half
a file and a failure (disk full, interrupted, a bad path) leaves the old file, or
no file, behind. Failures become AgError (exit 2) naming the path.

A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO)
is written to as it is, never replaced; a symbolic link keeps pointing where it did
and the file it points to is replaced.
"""
from __future__ import annotations

import os
import stat
import sys

from autograd_cli.support.errors import AgError, Pos
from autograd_cli.support.limits import limit, over


def read_text(path: str, limit_name: str, what: str) -> str:
    """The UTF-8 text of `path` (`-`: standard input), at most the limit's bytes."""
    return decode_text(read_bytes(path, limit_name, what), what)


def read_bytes(path: str, limit_name: str, what: str) -> bytes:
    """The bytes read_text decodes (a feed reads plain ASCII files without decoding them)."""
    cap = limit(limit_name)
    try:
        if path != "-" and os.path.isdir(path):
            raise AgError(f"cannot read the {what}: it is a directory")
        if path == "-":
            if sys.stdin is None:
                raise AgError(f"cannot read the {what}: standard input is closed")
            data = _read_capped(sys.stdin.buffer, cap)
        else:
            data = _read_file(path, cap, what)
    except OSError as exc:
        raise AgError(f"cannot read the {what}: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise over(limit_name, f"the {what} is too large", len(data), "bytes or more")
    return data


def decode_text(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows editors) is not part of the text
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise AgError(f"the {what} is not valid UTF-8 (byte 0x{data[exc.start]:02x})", Pos(line, col),
                      source=data.decode("utf-8", "replace")) from None


CHUNK = 1 << 20


def _read_capped(handle, cap: int, expected: int = 0) -> bytes:
    """At most cap + 1 bytes, read in chunks (a huge cap must not be allocated up front).
    A regular file's `expected` size (within the cap) is read at once: one buffer, where
    chunks and their join would copy a large file twice more."""
    parts, size = [], 0
    if 0 < expected <= cap:
        first = handle.read(expected + 1)
        if len(first) <= expected:
            return first
        parts, size = [first], len(first)      # (the file grew)
    while size <= cap:
        part = handle.read(min(CHUNK, cap + 1 - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def _read_file(path: str, cap: int, what: str) -> bytes:
    """A program or feed file. A FIFO with no writer must not block forever: the file is
    opened without blocking, and a FIFO then waits for data at most READ_WAIT seconds."""
    import select

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise AgError(f"cannot read the {what}: it is a directory")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            raise AgError(f"cannot read the {what}: it is not a regular file")
        if stat.S_ISFIFO(mode):
            parts, size = [], 0
            while size <= cap:
                ready, _, _ = select.select([fd], [], [], READ_WAIT)
                if not ready:
                    raise AgError(f"cannot read the {what}: nothing arrived from the pipe in "
                                  f"{READ_WAIT:g} s (no writer?)")
                part = os.read(fd, min(CHUNK, cap + 1 - size))
                if not part:
                    break
                parts.append(part)
                size += len(part)
            return b"".join(parts)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=True) as handle:
            fd = -1
            return _read_capped(handle, cap, os.fstat(handle.fileno()).st_size if stat.S_ISREG(mode) else 0)
    finally:
        if fd >= 0:
            os.close(fd)


READ_WAIT = 3.0    # seconds a FIFO may stay silent (no writer: an error, not a hang)


def atomic_write(path: str, data: str | bytes) -> None:
    import tempfile   # (only writing needs it; reading programs is on every command's start-up)

    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    shown = os.fspath(path)
    try:
        mode = os.stat(shown).st_mode  # follows symbolic links
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise AgError(f"cannot write {shown}: it is a directory")
    if mode is not None and not stat.S_ISREG(mode):  # a device or a pipe: write into it
        try:
            with open(shown, "wb") as handle:
                handle.write(payload)
        except OSError as exc:
            raise AgError(f"cannot write {shown}: {exc.strerror or exc}") from None
        return
    target = os.path.realpath(shown)
    folder = os.path.dirname(target)
    try:
        fd, temp = tempfile.mkstemp(prefix=".", suffix=".part", dir=folder)
    except OSError as exc:
        raise AgError(f"cannot write {shown}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        _keep_mode(target, temp)
        os.replace(temp, target)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise AgError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise


def _keep_mode(target: str, temp: str) -> None:
    # mkstemp makes 0600 files; give the result the mode a plain open() would.
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temp, mode)
