"""graph as a newcomer draws it: every node an edge names is declared (DOT, Mermaid,
text), a picture of seed 000's first example is drawn at a sensible size."""
import re
import shutil
import struct

import pytest

from conftest import cli
from test_graph import check_mermaid, node_titles, parse_dot

SEED_000 = """a = constant(0.)
b = 2 * a
c = a + b
g = gradients(c, [a, b])
"""


def graph(tmp_path, src, *args):
    f = tmp_path / "p.ag"
    f.write_text(src)
    proc = cli("graph", f, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_folded_constants_that_are_differentiated_are_declared(tmp_path):
    for args in ((), ("--grad", "g")):
        dot = graph(tmp_path, SEED_000, *args)
        nodes, edges = parse_dot(dot)          # fails on an edge to an undeclared node
        titles = set(node_titles(dot).values())
        assert {"a", "b", "c", "g[0] = ∂(c)/∂(a)", "g[1] = ∂(c)/∂(b)"} <= titles
        check_mermaid(graph(tmp_path, SEED_000, "--format", "mermaid", *args))
        text = graph(tmp_path, SEED_000, "--format", "text", *args)
        assert not re.search(r"\bn\d+\b", text), text      # no raw node ids
        assert "a:() = constant 0" in text and "c:() = add a b" in text


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_seed_000_png_is_drawn_at_a_readable_size(tmp_path):
    graph(tmp_path, SEED_000, "--grad", "g", "-o", "g.png")
    data = (tmp_path / "g.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    # five boxes and a constant: far from an empty 11x11 picture, and no wider than a screen
    assert 300 <= width <= 1600 and 80 <= height <= 900, (width, height)
