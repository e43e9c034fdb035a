"""`run --feed data.csv`: per-step placeholder values from a CSV file.

The first row is a header of column names; every later row holds one number per
column. Step i reads row `i mod rows`. A column named like a placeholder feeds it
(one scalar per row); other columns are ignored. Every problem is a FeedError
naming the file, the row (1-based line of the file; the header is row 1) and the
column.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

import numpy as np

from .errors import AgError
from .files import read_text



class FeedError(AgError):
    """An error in the feed file: rendered as `FILE:ROW: message` (no program line)."""

    def __init__(self, path: str, message: str, row: int | None = None):
        super().__init__(message)
        self.path, self.row = path, row

    def render(self, filename: str, source: str | None) -> str:
        where = f"{self.path}:{self.row}" if self.row is not None else self.path
        return f"{where}: {self.message}"


@dataclass
class Feed:
    path: str
    header: list[str]
    columns: dict           # name -> list of 0-d float64 arrays, one per data row

    @property
    def rows(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def describe_header(self) -> str:
        return ", ".join(self.header)


def read_feed(path: str) -> Feed:
    text = _read_text(path)
    reader = csv.reader(io.StringIO(text, newline=""))
    lines = []
    try:
        for row in reader:
            lines.append((reader.line_num, row))
    except csv.Error as exc:
        raise FeedError(path, f"not a valid CSV row ({exc})", reader.line_num) from None
    numbered = [(line, row) for line, row in lines if any(cell.strip() for cell in row)]
    if not numbered:
        raise FeedError(path, "the file is empty; a feed needs a header row of placeholder names "
                        "and one row of numbers per step")
    header_line, header = numbered[0]
    header = [h.strip() for h in header]
    for k, name in enumerate(header):
        if not name:
            raise FeedError(path, f"column {k + 1} of the header has no name", header_line)
        if name in header[:k]:
            raise FeedError(path, f"column '{name}' appears twice in the header", header_line)
    data = numbered[1:]
    if not data:
        raise FeedError(path, "the header has no data rows after it (one row of numbers per step)",
                        header_line)
    columns: dict[str, list] = {name: [] for name in header}
    for line, row in data:
        if len(row) != len(header):
            raise FeedError(path, f"this row has {len(row)} cell{'s' * (len(row) != 1)} but the header "
                            f"has {len(header)} columns ({', '.join(header)})", line)
        for name, cell in zip(header, row):
            try:
                value = float(cell.strip())
            except ValueError:
                raise FeedError(path, f"column '{name}': {cell.strip()!r} is not a number", line) from None
            columns[name].append(np.asarray(value, dtype=np.float64))
    return Feed(path, header, columns)


def _read_text(path: str) -> str:
    try:
        return read_text(path, "MAX_FEED_BYTES", "feed")
    except FeedError:
        raise
    except AgError as exc:
        line = exc.pos.line if exc.pos is not None else None
        raise FeedError(path, exc.message, line) from None
