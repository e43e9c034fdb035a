"""Readers and writers that stream (issue 16): they must give what the whole-text
versions gave, whatever the chunk boundaries."""
import io

import numpy as np
import pytest

from autograd_cli.run.feed import _lines, read_feed
from autograd_cli.render import jsonout


@pytest.mark.parametrize("text", ["a\nb\n", "a\nb", "a\r\nb\rc\n\n", "", "\n", "x\r", 'a,"q\nq",b\nc\n',
                                  "ab\r\ncd\r\n" * 50, "a\rb\r" * 20, "1,2\n3,4\n" * 30])
@pytest.mark.parametrize("chunk", [0, 1, 2, 3, 7, 1 << 20])
def test_feed_lines_are_those_of_a_file(text, chunk):
    assert list(_lines(text, chunk)) == list(io.StringIO(text, newline=""))


def test_feed_columns_are_float64_rows(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("x, y\n\n1, 2\n,\n3.5,-inf\n")
    feed = read_feed(str(path))
    assert feed.header == ["x", "y"] and feed.rows == 2
    y = feed.columns["y"]
    assert len(y) == 2 and y[0].shape == () and y[0].dtype == np.float64
    assert float(y[0]) == 2.0 and float(y[1]) == -np.inf and float(feed.columns["x"][1]) == 3.5


def test_json_pieces_are_dumps(monkeypatch):
    monkeypatch.setattr(jsonout, "CHUNK", 7)
    rng = np.random.default_rng(0)
    cases = []
    for shape in [(0,), (5,), (8,), (20,), (3, 4), (10, 3), (2, 9), (3, 2, 5), (0, 3), (9, 0), (1,), ()]:
        a = rng.normal(size=shape)
        b = a.copy()
        if b.size:
            b.flat[0], b.flat[-1] = np.nan, -np.inf
        cases += [a, b, a > 0]
    doc = {"values": {"x": cases[3], "é": [cases[4], None, True, "s", np.float64(3)]},
           "gradients": [{"values": cases, "u": {}}], "w": []}
    for case in cases + [doc, [], {}, None, "x"]:
        assert "".join(jsonout.pieces(case)) == jsonout.dumps(case)


def test_an_array_held_twice_is_turned_into_text_once(monkeypatch):
    # a gradient's `values` and `by_x` hold the same array: a 4000 x 4000 jacobian's 16M
    # numbers were written out twice (~3 s each)
    monkeypatch.setattr(jsonout, "CHUNK", 7)
    made = []
    real = jsonout._block
    monkeypatch.setattr(jsonout, "_block", lambda values: made.append(values.size) or real(values))
    a = np.random.default_rng(1).normal(size=(6, 5)).astype(np.float32)
    row = np.arange(20.0)                      # rows of more than CHUNK: written row by row
    doc = {"values": [a, row.reshape(2, 10)], "by_x": {"a": a, "again": a}, "copy": a.copy()}
    assert "".join(jsonout.pieces(doc)) == jsonout.dumps(doc)
    assert sum(made) == 2 * a.size + row.size     # a once and its copy once; the reshaped rows once

# ---------------------------------------------------------------- feed: fast path = slow path
# `feed._fast` reads plain files without a Python object per cell; whatever it takes, it
# must give what `feed._slow` (csv + float) gives, errors included (message and line).

import csv  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from autograd_cli.run import feed as feed_module
from autograd_cli.run.feed import FeedError, _parse


def outcome(data: bytes, fast: bool, chunk: int | None = None):
    saved = feed_module._CHUNK
    if chunk is not None:
        feed_module._CHUNK = chunk
    try:
        got = _parse("d.csv", data, fast=fast)
    except FeedError as exc:
        return ("error", exc.message, exc.row)
    finally:
        feed_module._CHUNK = saved
    table = np.stack([got.columns[name].data for name in got.header], axis=1)
    return ("ok", got.header, got.rows, table.shape, table.tobytes())


def reference(text: str):
    """The feed as the file format says: csv rows, cells stripped, blank rows skipped."""
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text, newline=""))]
    rows = [row for row in rows if any(row)]
    header, body = rows[0], rows[1:]
    return header, np.array([[float(cell) for cell in row] for row in body], dtype=np.float64).reshape(len(body), len(header))


def fast_only(monkeypatch):
    def no_slow(path, text):
        raise AssertionError("the slow path was taken")
    monkeypatch.setattr(feed_module, "_slow", no_slow)


HOSTILE = ["0", "1", "7", "9", ".", "e", "E", "+", "-", ",", ",", ",", "\n", "\n", "\r", "\r\n", " ", '"',
           "nan", "inf", "-inf", "_", "0x1p3", "0x", "\u0663", "\u00a0", "\t", "1e999", "1e-400", "x", "y",
           "0.5", "12345678901234567890", "\x00", "\ufeff"]
CELLS = ["0", "1", "-2.5", "+.5", "5.", "1e5", "1E-3", "-0", "00012", "1e999", "-1e-400", "0.1",
         "123456789012345678901234567890", "4.9e-324", "", " 1", "1 ", "nan", "inf", "1_0", "0x10",
         "\u0663", "1e", ".", "-", "e5", "1.2.3", "1-2", '"1"', "+-1", "1e+", "2.2250738585072011e-308",
         "nan(1)", "-nan", "infinity", "iNf", " 1 ", "\t2", "\x0b3", "\x1c4"]
NAMES = ["x", "y", "z", "c1", "c10", "a_long_name_of_many_bytes", "a_long_name_of_many_bytez", "x ", " y",
         "", '"q"', "\u00e9", "#", "x,y"]


@st.composite
def feed_texts(draw):
    """Feed-shaped files: plain ones (the fast path takes them), plain but for one hostile
    cell, name or line, general ones (hostile cells, ragged or blank rows, odd line ends);
    and some of random hostile characters."""
    mode = draw(st.integers(0, 9))
    if mode == 0:
        return "".join(draw(st.lists(st.sampled_from(HOSTILE), max_size=40)))
    plain = mode <= 5
    width = draw(st.integers(1, 4))
    names = draw(st.lists(st.sampled_from(NAMES[:7] if plain else NAMES), min_size=width, max_size=width,
                          unique=plain))
    rows = []
    for _ in range(draw(st.integers(0 if not plain else 1, 5))):
        n = width if plain or draw(st.integers(0, 5)) else draw(st.integers(0, width + 1))
        rows.append(draw(st.lists(st.sampled_from(CELLS[:14] if plain else CELLS), min_size=n, max_size=n)))
    if mode in (4, 5):          # one hostile cell or name in a plain file
        which = draw(st.integers(0, len(rows)))
        spoiled = rows[which - 1] if which else names
        spoiled[draw(st.integers(0, width - 1))] = draw(st.sampled_from(CELLS[14:] if which else NAMES[7:]))
    lines = [",".join(names)] + [",".join(row) for row in rows]
    end = draw(st.sampled_from(["\n", "\n", "\r\n"] if plain else ["\n", "\r\n", "\r"]))
    text = end.join(lines) + draw(st.sampled_from(["", end] if plain else ["", end, end + end]))
    return draw(st.sampled_from(["", "", "\ufeff"])) + text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(feed_texts(), st.sampled_from([1, 2, 5, 1 << 18]))
def test_feed_fast_path_gives_what_the_slow_path_gives(text, chunk):
    data = text.encode("utf-8")
    slow = outcome(data, fast=False)
    assert outcome(data, fast=True, chunk=chunk) == slow
    if slow[0] == "ok":
        header, table = reference(text.removeprefix("\ufeff"))
        assert slow[1] == header and slow[3] == table.shape and slow[4] == table.tobytes()


@pytest.mark.parametrize("text", [
    "x,y\n1,2\n3,4\n", "x,y\r\n1,2\r\n3,4\r\n", "x,y\n1,2\n3,4", "\ufeffx\n-1e5\n+.5\n", "x\n5.\n",
    "a,b,c\n1e999,-0,4.9e-324\n", "c1,c10,c100,c2\n1,2,3,4\n5,6,7,8\n"])
@pytest.mark.parametrize("chunk", [1, 3, 1 << 18])
def test_feed_fast_path_reads_plain_files(monkeypatch, text, chunk):
    header, table = reference(text.removeprefix("\ufeff"))
    fast_only(monkeypatch)
    monkeypatch.setattr(feed_module, "_CHUNK", chunk)
    got = _parse("d.csv", text.encode())
    assert got.header == header and got.rows == len(table)
    for k, name in enumerate(header):
        assert got.columns[name].data.tobytes() == table[:, k].tobytes()


def test_feed_wide_plain_header(monkeypatch):
    """A wide header is kept as its line: names are looked up in it (the first few by a
    search, then a dict), listed only when asked."""
    names = [f"c{i}" for i in range(3000)] + ["x", "long_name_number_one", "long_name_number_two"]
    data = (",".join(names) + "\n" + ",".join(str(i) for i in range(len(names))) + "\n").encode()
    fast_only(monkeypatch)
    got = _parse("d.csv", data)
    assert got.columns._header is None and len(got.columns) == len(names)
    for i in [0, 1, 10, 100, 2999, 3000, 3001, 3002, 5, 7, 11, 1000, 20]:
        assert float(got.columns[names[i]][0]) == i
    for missing in ["c", "c30000", "c1,c2", "", "x "]:
        assert missing not in got.columns
    assert got.header == names and list(got.columns) == names
    assert got.describe_header().startswith("c0, c1, c2") and got.rows == 1


@pytest.mark.parametrize("header, message", [
    ("c0,c1,c2,c1", "column 'c1' appears twice in the header"),
    ("long_name_number_one,long_name_number_two,long_name_number_one", "column 'long_name_number_one' appears twice in the header"),
    ("a,,b", "column 2 of the header has no name"),
    ("a,b,", "column 3 of the header has no name"),
    (",a", "column 1 of the header has no name"),
    ("a, a", "column 'a' appears twice in the header"),
])
def test_feed_header_errors_are_located(header, message):
    width = header.count(",") + 1
    data = f"{header}\n{','.join(['1'] * width)}\n".encode()
    for fast in (True, False):
        assert outcome(data, fast) == ("error", message, 1)


def test_feed_wide_header_duplicate_far_apart():
    names = [f"c{i}" for i in range(20000)] + ["c17"]
    data = (",".join(names) + "\n" + ",".join(["1"] * len(names)) + "\n").encode()
    assert outcome(data, True) == ("error", "column 'c17' appears twice in the header", 1)
    assert feed_module._plain_names(",".join(names[:-1]).encode()) == 20000


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab1_#'\u00e9 ,", min_size=0, max_size=12), min_size=1, max_size=30))
def test_feed_plain_names_finds_every_duplicate(names):
    line = ",".join(names)
    got = feed_module._plain_names(line.encode())
    cells = line.split(",")
    if got is not None:       # None only sends the header to the exact check
        assert got == len(cells) and len(set(cells)) == len(cells) and all(cells)
    if len(set(cells)) != len(cells) or not all(cells):
        assert got is None


@pytest.mark.parametrize("body, message, row", [
    ("1,2\n3,1e\n", "column 'y': '1e' is not a number", 3),
    ("1,2\n3,4,5\n", "this row has 3 cells but the header has 2 columns (x, y)", 3),
    ("1,2\n3\n", "this row has 1 cell but the header has 2 columns (x, y)", 3),
    ("1,2\n\n3,nan\n", None, None),
    ("1,2\r\n3,0x10\r\n", "column 'y': '0x10' is not a number", 3),
    ("1,2\n3,\u0663\n", None, None),
    ("1,2\n1_0,4\n", None, None),
    ("1,2\n,\n", None, None),
    ("1\n2,3,4\n", "this row has 1 cell but the header has 2 columns (x, y)", 2),
    ("1,2,3\n4\n", "this row has 3 cells but the header has 2 columns (x, y)", 2),
    ("1,2\n3,nan(1)\n", "column 'y': 'nan(1)' is not a number", 3),
])
def test_feed_bad_cells_are_located(body, message, row):
    data = ("x,y\n" + body).encode()
    slow = outcome(data, False)
    assert outcome(data, True) == slow
    if message is not None:
        assert slow == ("error", message, row)


@pytest.mark.parametrize("width", [9, 10, 11])
def test_feed_field_size_limit_as_csv(width):
    saved = csv.field_size_limit(10)
    try:
        for data in [f"x,y\n1,{'1' * width}\n".encode(), f"{'a' * width},y\n1,2\n".encode()]:
            slow = outcome(data, False)
            assert outcome(data, True) == slow
            assert (slow[0] == "ok") == (width <= 10)
    finally:
        csv.field_size_limit(saved)


def test_read_capped_expected_size():
    from autograd_cli.support.files import _read_capped
    payload = b"x" * 5000
    for expected in [0, 1, 4999, 5000, 5001, 100_000]:
        assert _read_capped(io.BytesIO(payload), 10_000, expected) == payload
        assert _read_capped(io.BytesIO(payload), 100, expected) == payload[:101]


def test_feed_cell_with_a_space_float_does_not_strip():
    """str.strip removes U+001C, float() does not: the cell is its stripped text (before,
    the row was counted without its numbers and the table could not be shaped)."""
    for fast in (True, False):
        got = _parse("d.csv", b"x,y\n1,\x1c4\n", fast=fast)
        assert got.rows == 1 and float(got.columns["y"][0]) == 4.0 and float(got.columns["x"][0]) == 1.0


@pytest.mark.parametrize("header, expected", [
    (b"a,b,c", 3), (b"abcdefghij,abcdefghik", 2), (b"abcdefghij,abcdefghij", None),
    # every name longer than 8 bytes, alike in their first word: the later words decide
    (b"aaaaaaaaXY,bbbbbbbbXY", 2), (b"xxxxxxxxAB,yyyyyyyyAB,xxxxxxxxAB", None),
])
def test_header_fast_check_counts_distinct_plain_names(header, expected):
    assert feed_module._plain_names(header) == expected
