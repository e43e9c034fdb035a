"""One error type for every user-facing failure, and its rendering.

Every problem a program or command line can have becomes an `AgError` carrying a
position; the CLI prints `FILE:LINE:COL: message`, the source line and a caret,
and exits with code 2.
"""
from __future__ import annotations


class Pos(int):
    """A 1-based source position (line, column). Every syntax-tree node and graph node
    carries one, so it is packed into one int (32 bytes, against 88 for a named tuple
    and its line number): `(line << 24) | column`, the column capped at 2^24 - 1."""

    __slots__ = ()
    _COL_BITS = 24
    _COL_MASK = (1 << 24) - 1

    def __new__(cls, line: int, col: int):
        return int.__new__(cls, (max(line, 0) << 24) | min(max(col, 0), cls._COL_MASK))

    @property
    def line(self) -> int:
        return int(self) >> 24

    @property
    def col(self) -> int:
        return int(self) & self._COL_MASK

    def __bool__(self) -> bool:       # Pos(0, 0) is a position too
        return True

    def __iter__(self):               # line, col = pos
        return iter((self.line, self.col))

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"

    def __repr__(self) -> str:
        return f"Pos({self.line}, {self.col})"


class AgError(Exception):
    """A usage or program error: exit code 2."""

    def __init__(self, message: str, pos: Pos | None = None, source: str | None = None):
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.source = source      # text to quote when the caller has none (undecodable input)

    def render(self, filename: str, source: str | None) -> str:
        message = _clip_message(self.message)
        source = source if source is not None else self.source
        if self.pos is None:
            return f"{filename}: {message}"
        head = f"{filename}:{self.pos.line}:{self.pos.col}: {message}"
        line = source_line(source, self.pos.line) if source is not None else None
        if line is None:
            return head
        shown, caret_col = _clip(line, self.pos.col)
        return f"{head}\n  {shown}\n  {' ' * (caret_col - 1)}^"


def source_line(source: str, line: int) -> str | None:
    lines = source.splitlines()
    if 1 <= line <= len(lines):
        return lines[line - 1].replace("\t", " ").replace("\x00", "\\0")
    return None


_WIDTH = 100
_MESSAGE_WIDTH = 1000


def _clip_message(message: str) -> str:
    """A message quoting a huge name or value keeps its start and end."""
    if len(message) <= _MESSAGE_WIDTH:
        return message
    keep = _MESSAGE_WIDTH // 2
    return f"{message[:keep]}...({len(message) - 2 * keep:,} characters)...{message[-keep:]}"


def _clip(text: str, col: int) -> tuple[str, int]:
    """Show at most _WIDTH characters of a long line around the column."""
    if len(text) <= _WIDTH:
        return text, min(col, len(text) + 1)
    start = max(0, min(col - _WIDTH // 2, len(text) - _WIDTH))
    shown = text[start:start + _WIDTH]
    prefix = "..." if start else ""
    suffix = "..." if start + _WIDTH < len(text) else ""
    return prefix + shown + suffix, col - start + len(prefix)
