"""Files the tool writes (e.g. `graph -o`): written whole or not at all.

    from .files import atomic_write
    atomic_write(path, text)          # str (UTF-8) or bytes

The data goes to a temporary file next to the target, is flushed to disk, and
then replaces the target in one step (`os.replace`), so a reader never sees half
a file and a failure (disk full, interrupted, a bad path) leaves the old file, or
no file, behind. Failures become AgError (exit 2) naming the path.
"""
from __future__ import annotations

import os
import tempfile

from .errors import AgError


def atomic_write(path: str, data: str | bytes) -> None:
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target = os.fspath(path)
    if os.path.isdir(target):
        raise AgError(f"cannot write {target}: it is a directory")
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd, temp = tempfile.mkstemp(prefix=".", suffix=".part", dir=folder)
    except OSError as exc:
        raise AgError(f"cannot write {target}: {exc.strerror or exc}") from None
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
            raise AgError(f"cannot write {target}: {exc.strerror or exc}") from None
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
