"""Symbols for terminal output, with ASCII fallbacks for terminals that cannot show them
(`LC_ALL=C`, `PYTHONIOENCODING=ascii`). Renderers take their ✓ ✗ → … from `symbols()`
(so rich measures the text it will really print); `AsciiWriter`, installed on such a
stdout by cli.main(), spells any symbol left in ASCII, and anything else is escaped."""
from __future__ import annotations

import sys

from autograd_cli.support.records import FrozenRecord, fill


class Symbols(FrozenRecord):
    _fields = ("check", "cross", "arrow", "ellipsis", "times")

    def __init__(self, check, cross, arrow, ellipsis, times):
        fill(self, check=check, cross=cross, arrow=arrow, ellipsis=ellipsis, times=times)


UNICODE = Symbols(check="✓", cross="✗", arrow="→", ellipsis="…", times="×")
ASCII = Symbols(check="ok", cross="FAIL", arrow="->", ellipsis="...", times="x")


def unicode_ok(stream=None) -> bool:
    """Whether the stream's encoding can show the symbols and rich's box drawing."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        "✓✗→…×─│┏".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def symbols(stream=None) -> Symbols:
    return UNICODE if unicode_ok(stream) else ASCII


# Any symbol still reaching an ASCII-only stdout is spelled out (cli.main installs AsciiWriter).
ASCII_FALLBACK = str.maketrans({
    "✓": "ok", "✗": "x", "→": "->", "←": "<-", "…": "...", "×": "x", "≈": "~", "∂": "d", "²": "^2",
    "·": "-", "✂": "cut", "—": "-", "–": "-", "≤": "<=", "≥": ">=", "≠": "!=", "ᵀ": "^T", "⁴": "^4",
    "⁰": "^0", "▁": "_", "▂": ".", "▃": "-", "▄": "=", "▅": "+", "▆": "*", "▇": "#", "█": "@", "‘": "'", "’": "'", "“": '"', "”": '"', "⟨": "<", "⟩": ">", "µ": "u",
    # the box of Keras' model.summary(), as TensorFlow prints it
    "━": "=", "┃": "|", "┓": "+", "└": "+", "┘": "+", "├": "+", "┡": "+", "┤": "+", "┩": "+", "┳": "+",
    "┴": "+", "┼": "+", "╇": "+",
})


def to_ascii(text: str) -> str:
    return text.translate(ASCII_FALLBACK)


class AsciiWriter:
    """A text stream over another that writes symbols in ASCII (see ASCII_FALLBACK)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(to_ascii(text))
        return len(text)

    def __getattr__(self, name):  # encoding, flush, fileno, isatty, buffer, ...
        return getattr(self._stream, name)
