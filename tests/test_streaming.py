"""Readers and writers that stream (issue 16): they must give what the whole-text
versions gave, whatever the chunk boundaries."""
import io

import numpy as np
import pytest

from autograd_cli.feed import _lines, read_feed
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
