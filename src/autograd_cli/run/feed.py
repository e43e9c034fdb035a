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
import warnings
from array import array
from collections.abc import Mapping, Sequence
from itertools import chain

import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.support.files import decode_text, read_bytes



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
    them; the first few names asked for are found by a search).

    The names are a list, or the header's raw line when every name is plain (checked by
    `_plain_names`): split only if the names are listed or iterated."""

    def __init__(self, header, table, line: str | None = None):
        self._header, self._line, self.table = header, line, table
        self._padded = None
        self.found: dict = {}
        self.index = None

    @property
    def header(self) -> list[str]:
        if self._header is None:
            self._header = self._line.split(",")
        return self._header

    def _column(self, name) -> int:
        k = self.found.get(name)
        if k is None:
            if self.index is None and len(self.found) >= 8:
                self.index = {n: i for i, n in enumerate(self.header)}
            k = self.found[name] = self._search(name) if self.index is None else self.index[name]
        return k

    def _search(self, name) -> int:
        if self._header is not None:
            return self._header.index(name)
        if not isinstance(name, str) or not name or "," in name:
            raise ValueError(name)
        if self._padded is None:
            self._padded = f",{self._line},"
        at = self._padded.find(f",{name},")
        if at < 0:
            raise ValueError(name)
        return self._padded.count(",", 0, at)

    def __getitem__(self, name):
        try:
            return Column(self.table[:, self._column(name)])
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self):
        return iter(self.header)

    def __len__(self):
        return self.table.shape[1]


class Feed:
    def __init__(self, path: str, columns: Columns):
        self.path = path
        self.columns = columns      # name -> Column (row i -> 0-d float64 array)

    @property
    def header(self) -> list[str]:
        return self.columns.header

    @property
    def rows(self) -> int:
        return self.columns.table.shape[0]

    def describe_header(self) -> str:
        return ", ".join(self.header)


def read_feed(path: str) -> Feed:
    return _parse(path, _read(path, read_bytes, path, "MAX_FEED_BYTES", "feed"))


def _parse(path: str, data: bytes, fast: bool = True) -> Feed:
    """A plain file (ASCII, no quotes or spaces, no blank lines, every row complete) is
    read by `_fast` without a Python object per cell; any other file, and every error,
    by `_slow` (`fast=False`: always, for tests)."""
    feed = _fast(path, data) if fast else None
    return feed if feed is not None else _slow(path, _read(path, decode_text, data, "feed"))


def _slow(path: str, text: str) -> Feed:
    """Read row by row: the numbers go straight into one float64 table (8 bytes each),
    so a feed costs about its numbers' size, not a Python object per cell."""
    reader = csv.reader(_lines(text))
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
                del numbers[rows * width:]       # (extend keeps the numbers before the bad cell)
                if not any(cell.strip() for cell in row):
                    continue
                numbers.extend(_stripped_numbers(path, header, row, reader.line_num))
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
    return Feed(path, Columns(header, table))


# Bytes a fast-path header name may hold: printable ASCII without '"' (a name is then its
# cell as csv reads it: no quotes, nothing str.strip removes); and a fast-path number.
_NAME_BYTES = bytes(c for c in range(0x21, 0x7f) if c != ord('"'))
_NUMBER_BYTES = b"0123456789eE+-.,\n"
_CHUNK = 1 << 18


def _fast(path: str, data: bytes) -> Feed | None:
    """The feed `_slow` would give, or None when the file is not plain enough to be sure.
    Numbers are parsed by NumPy in C (a float() prefix of each cell, exactly as float()
    reads it: PyOS_string_to_double); the cells are checked first to be one such number
    each, `width` to a row, so a count of rows x width numbers means every cell was read."""
    begin = 3 if data.startswith(b"\xef\xbb\xbf") else 0      # a byte-order mark, as decode_text
    first = data.find(b"\n", begin)
    if first < 0:
        return None
    line = data[begin:first - 1] if data[first - 1:first] == b"\r" else data[begin:first]
    width = _plain_names(line)
    if width is None:
        return None
    rows = data.count(b"\n", first + 1) + (not data.endswith(b"\n"))
    if not rows:
        return None
    table = np.empty(rows * width)
    limit, filled, start = csv.field_size_limit(), 0, first + 1
    while start < len(data):
        end = _cell_end(data, start + _CHUNK)
        piece = data[start:end]
        if b"\r" in piece:
            piece = piece.replace(b"\r\n", b"\n")
            if b"\r" in piece:
                return None
        if piece.translate(None, _NUMBER_BYTES):
            return None
        if not piece.endswith((b",", b"\n")):
            piece += b"\n"
        chars = np.frombuffer(piece, np.uint8)
        ends = np.flatnonzero((chars == 44) | (chars == 10))       # each cell's end: ',' or '\n'
        count = len(ends)
        lengths = np.diff(ends, prepend=-1)                        # a cell's length + 1
        row_ends = ends[(width - 1 - filled) % width::width]       # where the rows must end
        if (filled + count > len(table) or piece.count(b"\n") != len(row_ends)
                or not (chars[row_ends] == 10).all() or lengths.min() < 2 or lengths.max() > limit + 1):
            return None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")       # older NumPy: a warning where the text stops
                # (no count=: NumPy would then leave the text after the last number unread;
                # without it the array grows 32 KB at a time, a few times for a chunk)
                numbers = np.fromstring(piece[:-1].replace(b"\n", b","), sep=",")
        except (ValueError, DeprecationWarning):
            return None
        if len(numbers) != count:
            return None
        table[filled:filled + count] = numbers
        filled += count
        start = end
    if filled != len(table):
        return None
    return Feed(path, Columns(None, table.reshape(rows, width), line.decode("ascii")))


def _cell_end(data: bytes, at: int) -> int:
    """Just past the first ',' or newline at or after `at` (a cell's end; chunks of the
    file end there, so a wide row is read a chunk at a time too), or the file's end."""
    if at >= len(data):
        return len(data)
    ends = [k for k in (data.find(b",", at, at + 4096), data.find(b"\n", at, at + 4096)) if k >= 0]
    return min(ends) + 1 if ends else data.find(b"\n", at) + 1 or len(data)


def _plain_names(data: bytes) -> int | None:
    """The number of names of a header line whose names are plain (see _NAME_BYTES), none
    empty or too long for csv, and no two alike; else None (`_header` then decides).
    No Python object per name: a hash per name (its 8-byte words in turn; a name of at
    most 8 bytes is its own hash), sorted; equal neighbours (a duplicate, or rarely two
    names of one hash) -> None."""
    if not data or data.translate(None, _NAME_BYTES):
        return None
    chars = np.frombuffer(data, np.uint8)
    commas = np.flatnonzero(chars == 44)
    starts = np.concatenate(([0], commas + 1))
    lengths = np.concatenate((commas, [len(data)])) - starts
    if lengths.min() < 1 or lengths.max() > csv.field_size_limit():
        return None
    padded = np.zeros(len(data) + 8, np.uint8)
    padded[:len(data)] = chars
    words = np.lib.stride_tricks.sliding_window_view(padded, 8)
    hashes = np.zeros(len(starts), np.uint64)
    at, left, long = starts, lengths, None
    while len(at):                       # word k of the names longer than 8k bytes
        word = words[at]
        word *= np.arange(8) < left[:, None]                  # the next names' bytes -> 0
        if long is not None:
            hashes[long] = hashes[long] * np.uint64(0x9E3779B97F4A7C15) ^ word.view(np.uint64)[:, 0]
        else:
            hashes = word.view(np.uint64)[:, 0].copy()
        more = left > 8
        long = np.flatnonzero(more) if long is None else long[more]
        at, left = at[more] + 8, left[more] - 8
    hashes.sort()
    return None if (hashes[1:] == hashes[:-1]).any() else len(starts)


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


def _stripped_numbers(path, header, row, line) -> list[float]:
    """A row's numbers read from its stripped cells (str.strip removes more than float():
    "\\x1c4" is 4.0, as a name " x" is "x"), or the error naming the first bad cell."""
    numbers = []
    for name, cell in zip(header, row):
        try:
            numbers.append(float(cell.strip()))
        except ValueError:
            raise FeedError(path, f"column '{name}': {cell.strip()!r} is not a number", line) from None
    return numbers


def _read(path, read, *args):
    """read(*args), its AgError (an unreadable or too large file, a bad byte) a FeedError."""
    try:
        return read(*args)
    except FeedError:
        raise
    except AgError as exc:
        line = exc.pos.line if exc.pos is not None else None
        raise FeedError(path, exc.message, line) from None
