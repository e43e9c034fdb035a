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

    def __init__(self, message: str, pos: Pos | None = None, source: str | None = None, callers=()):
        super().__init__(message)
        self.message = message
        self.pos = None if pos is None else Pos.of(pos)   # (trees and nodes keep plain ints)
        self.source = source      # text to quote when the caller has none (undecodable input)
        self.callers = tuple(callers)   # lines of the program's own calls that led here, the nearest first

    def render(self, filename: str, source: str | None) -> str:
        source = source if source is not None else self.source
        message = escape_controls(_clip_message(user_message(self.message, source, self.pos)))
        filename = escape_name(filename)
        # (named here, where the file's name is known: the snippet's box only knows its lines)
        message += "".join(f"\n  called from {filename}:{line}" for line in self.callers)
        if self.pos is None:
            return f"{filename}: {message}"
        head = f"{filename}:{self.pos.line}:{self.pos.col}: {message}"
        line = source_line(source, self.pos.line) if source is not None else None
        if line is None:
            return head
        shown, caret_col = _clip(line, self.pos.col)
        caret_col = display_width(escape_controls(shown[:caret_col - 1])) + 1
        return f"{head}\n  {escape_controls(shown)}\n  {' ' * (caret_col - 1)}^"


class OutOfMemory(AgError, MemoryError):
    """The engine ran out of memory computing a node: an AgError at the node for a .ag
    program, and a MemoryError for a snippet's code (the box reports it as one, at the
    snippet's line; it is not the snippet's own error to catch as a kernel's)."""


def source_line(source: str, line: int) -> str | None:
    """Line `line` as the parser counts lines: `\n`, `\r\n` and a lone `\r` end a line
    (U+2028, form feed and the like do not, so str.splitlines would quote another line)."""
    if line < 1:
        return None
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    start = 0
    for _ in range(line - 1):   # (one scan: each find starts where the last ended)
        nl = source.find("\n", start)
        if nl < 0:
            return None
        start = nl + 1
    end = source.find("\n", start)
    text = source[start:] if end < 0 else source[start:end]
    return text.replace("\t", " ")


def display_width(text: str) -> int:
    """The columns `text` takes on a terminal: wide East Asian characters and emoji take
    two, combining marks none (so that a caret lines up under its place)."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


_CONTROLS = None


def escape_controls(text: str) -> str:
    """Text with every control character spelled out (`\\x1b`, `\\u2028`, NUL as `\\0`),
    so nothing a program holds reaches a terminal raw (escape sequences, a cleared screen,
    a clipboard write). Printable text, tabs and newlines of multi-line messages stay."""
    global _CONTROLS
    if _CONTROLS is None:
        import re

        _CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e"
                               "\u2060-\u2069\ufeff\ufff9-\ufffb]")
    if _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub(_spell, text)


def escape_name(text: str) -> str:
    """A file name or other one-line text shown to the user: escape_controls, and its
    newlines and tabs spelled out too (a name with a newline would forge a line of output)."""
    text = escape_controls(text)
    if "\n" in text or "\t" in text:
        text = text.replace("\n", "\\n").replace("\t", "\\t")
    return text


def _spell(match) -> str:
    c = match.group()
    if c == "\x00":
        return "\\0"
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


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


def fmt(shape) -> str:
    """A shape as messages and tables write it: (2, 3), (3,), ()."""
    return "(" + ", ".join(str(d) for d in shape) + (",)" if len(shape) == 1 else ")")


def suggest(name: str, candidates) -> str:
    """"; did you mean 'x'?" for the closest candidate, or ""."""
    import difflib

    # a close match of about the same length: `cast` is not a misspelt `concat`
    close = [c for c in difflib.get_close_matches(name, sorted(set(candidates)), n=5, cutoff=0.6)
             if abs(len(c) - len(name)) <= max(1, len(name) // 3)]
    return f"; did you mean '{close[0]}'?" if close else ""


# ---------------------------------------------------------------- the user's words

def source_expression(source: str | list | None, pos, limit: int = 40) -> str | None:
    """The source text of the expression starting at a position: a name or number
    followed by its calls and indexing (`random_normal([n], seed=2)`, `x_train[step]`,
    `[[2], [1]]`), at most `limit` characters; None if it cannot be read on that line."""
    import re

    if not source or pos is None:
        return None
    line, col = line_of(pos), col_of(pos)
    if isinstance(source, list):   # the lines, split once by a caller asking about many positions
        text = source[line - 1] if 1 <= line <= len(source) else None
    else:
        text = source_line(source, line)
    i = col - 1
    if text is None or not 0 <= i < len(text):
        return None
    m = re.match(r"[A-Za-z_][\w.]*|\d[\w.]*", text[i:])
    j = i + (m.end() if m else 0)
    while j < len(text) and text[j] in "([":
        depth, k = 0, j
        while k < len(text):
            if text[k] in "([":
                depth += 1
            elif text[k] in ")]":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        if depth:
            return None     # the expression goes on over several lines
        j = k + 1
    out = text[i:j].strip()
    if not out:
        return None
    return out if len(out) <= limit else out[:limit - 1] + "…"


# how a user may have written an op (besides its name)
_WRITTEN = {"add": ("+",), "subtract": ("-",), "multiply": ("*",), "divide": ("/",), "pow": ("**",),
            "matmul": ("@",), "negative": ("-",), "floordiv": ("//",), "floormod": ("%", "mod"),
            "less": ("<",), "greater": (">",), "less_equal": ("<=",), "greater_equal": (">=",),
            "equal": ("==",), "not_equal": ("!=",), "reciprocal": ("/",), "square": ("**",)}
_GRADIENT_CALLS = ("gradients(", "hessians(", "jacobian(", ".gradient(", "K.gradients(")


def written_as(op: str) -> tuple:
    """The operators a user writes an op with (`/` for divide), besides its name."""
    return tuple(sym for sym in _WRITTEN.get(op, ()) if not sym.isalpha())


def _written(op: str, line_text: str) -> bool:
    import re

    if re.search(rf"\b{re.escape(op)}\b", line_text):
        return True
    return any(sym in line_text for sym in _WRITTEN.get(op, ()))


def user_message(message: str, source: str | None, pos) -> str:
    """`take: index 1000 is out of range ...` -> `x_train[step]: index 1000 ...`: a message
    that starts with an op the user did not write at that place names the user's
    expression instead (or the gradients call whose derivative it is part of)."""
    import re

    m = re.match(r"([a-z][a-z0-9_]*): ", message)
    if not m or source is None or pos is None:
        return message
    text = source_line(source, line_of(pos)) or ""
    if _written(m.group(1), text):
        return message
    if any(call in text for call in _GRADIENT_CALLS):
        what = source_expression(source, pos) or "this gradient"
        return f"{what} (computing a derivative through {m.group(1)}): {message[m.end():]}"
    what = source_expression(source, pos)
    return f"{what}: {message[m.end():]}" if what else message[m.end():]


def user_warning(text: str, source: str | None) -> str:
    """`line 3: divide produced inf` where line 3 computes a gradient and has no division:
    `line 3: gradients(y, x) produced inf (a derivative is infinite or undefined here, e.g.
    sqrt or log at 0)`; a warning about an op the user wrote is kept."""
    import re

    m = re.match(r"line (\d+): ([a-z][a-z0-9_]*) produced (.*)$", text)
    if not m or source is None:
        return text
    line = int(m.group(1))
    line_text = source_line(source, line) or ""
    op, kinds = m.group(2), m.group(3)
    if _written(op, line_text):
        return text
    calls = [c for c in _GRADIENT_CALLS if c in line_text]
    if calls:
        start = line_text.index(calls[0])
        what = source_expression(source, pos_at(line, start + 1)) or calls[0].rstrip("(")
        return (f"line {line}: {what} produced {kinds}: a derivative is infinite or undefined at this "
                "point (e.g. sqrt, log or a division at 0)")
    import re as _re

    m2 = _re.match(r"\s*[A-Za-z_][\w, ]*=(?!=)\s*(.+?)\s*(#.*)?$", line_text)
    shown = m2.group(1) if m2 else line_text.strip()
    if len(shown) > 40:
        shown = shown[:39] + "…"
    return f"line {line}: {shown} produced {kinds}"
