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
from itertools import chain
from array import array
from collections.abc import Mapping, Sequence
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


class Column(Sequence):
    """One column's numbers: row i is a 0-d float64 array (what a placeholder holds).
    The numbers themselves are one float64 array (a strided view of the file's table)."""

    __slots__ = ("data",)

    def __init__(self, data: np.ndarray):
        self.data = data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return np.asarray(self.data[i])


class Columns(Mapping):
    """name -> Column of a feed's table, made when asked: most columns of a wide file
    may feed nothing (a name -> index dict of a million columns costs more than reading
    them; the first few names asked for are found by a search)."""

    def __init__(self, header, table):
        self.header, self.table = header, table
        self.found: dict = {}
        self.index = None

    def _column(self, name) -> int:
        k = self.found.get(name)
        if k is None:
            if self.index is None and len(self.found) >= 8:
                self.index = {n: i for i, n in enumerate(self.header)}
            k = self.found[name] = self.header.index(name) if self.index is None else self.index[name]
        return k

    def __getitem__(self, name):
        try:
            return Column(self.table[:, self._column(name)])
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self):
        return iter(self.header)

    def __len__(self):
        return len(self.header)


@dataclass
class Feed:
    path: str
    header: list[str]
    columns: Columns        # name -> Column (row i -> 0-d float64 array)

    @property
    def rows(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def describe_header(self) -> str:
        return ", ".join(self.header)


def read_feed(path: str) -> Feed:
    """Read row by row: the numbers go straight into one float64 table (8 bytes each),
    so a feed costs about its numbers' size, not a Python object per cell."""
    reader = csv.reader(_lines(_read_text(path)))
    header = header_line = None
    numbers = array("d")
    rows = 0
    try:
        for row in reader:
            if header is None:
                if any(cell.strip() for cell in row):
                    header_line = reader.line_num
                    header = _header(path, row, header_line)
                    width = len(header)
                continue
            if len(row) != width:
                if not any(cell.strip() for cell in row):
                    continue          # a blank line
                raise FeedError(path, f"this row has {len(row)} cell{'s' * (len(row) != 1)} but the header "
                                f"has {width} columns ({', '.join(header)})", reader.line_num)
            try:
                numbers.extend(map(float, row))
            except ValueError:
                if not any(cell.strip() for cell in row):
                    continue
                _bad_cell(path, header, row, reader.line_num)
            rows += 1
    except csv.Error as exc:
        raise FeedError(path, f"not a valid CSV row ({exc})", reader.line_num) from None
    if header is None:
        raise FeedError(path, "the file is empty; a feed needs a header row of placeholder names "
                        "and one row of numbers per step")
    if not rows:
        raise FeedError(path, "the header has no data rows after it (one row of numbers per step)",
                        header_line)
    table = np.frombuffer(numbers, dtype=np.float64).reshape(rows, width)
    return Feed(path, header, Columns(header, table))


def _lines(text: str, chunk: int = 1 << 20):
    """The text's lines with their ends, as a file opened with newline="" gives them.
    One io.StringIO per chunk of about a MB ending at a line end: a StringIO of the whole
    text would hold it again at 4 bytes a character."""
    def chunks():
        start, size = 0, len(text)
        while start < size:
            end = text.find("\n", start + chunk) + 1 or size
            yield io.StringIO(text[start:end], newline="")
            start = end
    return chain.from_iterable(chunks())


def _header(path, row, line) -> list[str]:
    """The column names (checked in C: one set; the loop only to name an error)."""
    header = list(map(str.strip, row))
    names = set(header)
    if len(names) != len(header) or "" in names:
        seen = set()
        for k, name in enumerate(header):
            if not name:
                raise FeedError(path, f"column {k + 1} of the header has no name", line)
            if name in seen:
                raise FeedError(path, f"column '{name}' appears twice in the header", line)
            seen.add(name)
    return header


def _bad_cell(path, header, row, line):
    for name, cell in zip(header, row):
        try:
            float(cell.strip())
        except ValueError:
            raise FeedError(path, f"column '{name}': {cell.strip()!r} is not a number", line) from None


def _read_text(path: str) -> str:
    try:
        return read_text(path, "MAX_FEED_BYTES", "feed")
    except FeedError:
        raise
    except AgError as exc:
        line = exc.pos.line if exc.pos is not None else None
        raise FeedError(path, exc.message, line) from None
