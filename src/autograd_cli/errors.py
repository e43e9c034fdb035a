"""One error type for every user-facing failure, and its rendering.

Every problem a program or command line can have becomes an `AgError` carrying a
position; the CLI prints `FILE:LINE:COL: message`, the source line and a caret,
and exits with code 2.
"""
from __future__ import annotations


_COL_BITS = 24
_COL_MASK = (1 << _COL_BITS) - 1


def pos_at(line: int, col: int) -> int:
    """A 1-based source position (line, column) packed into a plain int: `(line << 24) |
    column`, the column capped at 2^24 - 1. Syntax trees and graph nodes keep positions
    this way: a million-node program keeps a million of them, and a plain int is 32
    bytes with no garbage-collector header (a named tuple and its line number: 88)."""
    if line >= 0 and 0 <= col <= _COL_MASK:
        return (line << _COL_BITS) | col
    return (max(line, 0) << _COL_BITS) | min(max(col, 0), _COL_MASK)


def line_of(pos) -> int:
    """The line of a packed position (0 for None)."""
    return 0 if pos is None else pos >> _COL_BITS


def col_of(pos) -> int:
    return 0 if pos is None else pos & _COL_MASK


class Pos(int):
    """A packed position (see `pos_at`) with `.line` and `.col`: what errors carry.
    Annotations say `Pos` wherever a position goes; trees and nodes hold the plain int
    (`AgError` makes the Pos), which compares and packs the same."""

    __slots__ = ()

    def __new__(cls, line: int, col: int):
        return int.__new__(cls, pos_at(line, col))

    @classmethod
    def of(cls, packed) -> "Pos":
        return packed if type(packed) is cls else int.__new__(cls, packed)

    @property
    def line(self) -> int:
        return line_of(self)

    @property
    def col(self) -> int:
        return col_of(self)

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
        self.pos = None if pos is None else Pos.of(pos)   # (trees and nodes keep plain ints)
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


def suggest(name: str, candidates) -> str:
    """"; did you mean 'x'?" for the closest candidate, or ""."""
    import difflib

    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
