"""Symbols for terminal output, with ASCII fallbacks for terminals that cannot show them
(`LC_ALL=C`, `PYTHONIOENCODING=ascii`). Every renderer takes its ✓ ✗ → … from here."""
from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Symbols:
    check: str
    cross: str
    arrow: str
    ellipsis: str
    times: str


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
