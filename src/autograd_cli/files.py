"""Files the tool writes (e.g. `graph -o`): written whole or not at all.

    from .files import atomic_write
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
import tempfile

from .errors import AgError


def atomic_write(path: str, data: str | bytes) -> None:
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
