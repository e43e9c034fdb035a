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


SEED_000_SNIPPET = """import tensorflow as tf
a = tf.constant(0.)
b = 2 * a
c = a + b
g = tf.gradients(c, [a, b])
"""


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_seed_000_as_a_snippet_is_drawn_at_a_readable_size(tmp_path):
    f = tmp_path / "p.py"
    f.write_text(SEED_000_SNIPPET)
    proc = cli("graph", f, "-o", "g.png", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = (tmp_path / "g.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    # the same picture as the .ag program's (it was an empty 11x11 PNG)
    assert 300 <= width <= 1600 and 80 <= height <= 900, (width, height)
    text = cli("graph", f, "--format", "text", cwd=tmp_path).stdout
    assert "c:() = add a b" in text and "g[0]" in text and "g[1]" in text, text


TWO_CALLS = """W = variable([[1.0, 2.0], [3.0, 4.0]])
b = variable([0.5, -0.5])
x = constant([[1.0, 2.0]])
loss = reduce_sum(matmul(x, W) + b) ** 2
gW, gb = gradients(loss, [W, b])
w = variable(3.0)
y = w * w
dw = gradients(y, w)[0]
"""


def test_a_name_a_gradients_call_assigned_means_that_calls_backward_flow(tmp_path):
    # by hand: s = sum(xW + b) = (1 + 6 + 0.5) + (2 + 8 - 0.5) = 17, d(s**2)/ds = 34; the flow
    # into W is x^T * 34 = [[34, 34], [68, 68]]; y = w * w sends 3 back along each edge
    text = graph(tmp_path, TWO_CALLS, "--grad", "gW", "--format", "text")
    assert "loss:() = pow t14 2    # line 4; flow from t14: 34" in text, text
    assert "flow from W: [[34, 34], [68, 68]]" in text
    assert text == graph(tmp_path, TWO_CALLS, "--grad", "gb", "--format", "text")
    assert text == graph(tmp_path, TWO_CALLS, "--grad", "gW, gb", "--format", "text")
    text = graph(tmp_path, TWO_CALLS, "--grad", "dw", "--format", "text")
    assert "y:() = multiply w w    # line 7; flow from w: 3; flow from w: 3" in text, text
    # the ** applied to a call's result is drawn as its own node, not inside the call
    assert "reduce_sum t13" in text


BUSY = """x = random_normal([20, 3], seed=1)
labels = constant([1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0])
W = variable(zeros([3]))
z = reduce_sum(x * W, axis=1)
p = sigmoid(z)
correct = reduce_mean(cast(p > 0.5, float32))
hits = reduce_sum(z * (z > 0))
loss = reduce_mean(sigmoid_cross_entropy_with_logits(labels=labels, logits=z))
gW = gradients(loss, [W])[0]
train = assign(W, W - 0.1 * gW)
"""


def dot_labels(dot):
    """Every node and edge label, as its lines (the picture's title left out)."""
    return [[unquote('"' + line + '"') for line in m.group(1)[1:-1].split("\\n")]
            for m in re.finditer(r'\[label=("(?:[^"\\]|\\.)*")', dot)] + \
        [[unquote(m.group(1))] for m in re.finditer(r', label=("(?:[^"\\]|\\.)*")', dot)]


def unquote(s):
    return re.sub(r'\\(.)', r'\1', s[1:-1])


def test_one_box_per_call_short_labels_tidy_updates(tmp_path):
    dot = graph(tmp_path, BUSY, "--grad", "gW")
    nodes, edges = parse_dot(dot)
    titles = node_titles(dot)
    call = [k for k, v in titles.items() if v.startswith("sigmoid_cross_entropy_with_logits(")]
    assert len(call) == 1
    into_call = [(titles[a], e) for a, b, e in edges if b == call[0]]
    # one edge from each argument (z and labels), no stray 0 node, no internal no-gradient edge
    assert sorted(t for t, _ in into_call) == ["labels", "z"], into_call
    # the flow into z: d(mean(ce))/dz = (sigmoid(0) - labels) / 20 = +-0.025 at W = 0
    (flow,) = [unquote(e["label"]) for t, e in into_call if t == "z"]
    assert flow == "(20,) max|·| 0.025"
    assert list(titles.values()).count("0") == 1 and "to_float" not in dot   # the 0 of z > 0 only
    # every label line is bounded; no "-0." artefacts
    labels = dot_labels(dot)
    assert len(labels) > 30
    for label in labels:
        assert all(len(line) <= 48 for line in label), label
        numbers = [t for line in label for t in re.findall(r"-?\d+\.?\d*(?:e[-+]?\d+)?", line)]
        assert not [t for t in numbers if t.startswith("-") and float(t) == 0], label
    # the update is drawn beside its assign, ranked below it (no arrow across the picture)
    update = [(a, b, e) for a, b, e in edges if "updates W" in unquote(e.get("label", '""'))]
    assert len(update) == 1 and titles[update[0][0]] == "train"
    assert f'  {update[0][1]} [label="W at the next step"' in dot and "constraint" not in update[0][2]
    assert "rankdir=TB" in dot
    focused = graph(tmp_path, BUSY, "--focus", "loss")
    assert "rankdir=TB" in focused            # one direction, whatever is drawn
    assert graph(tmp_path, BUSY, "--format", "mermaid").startswith("flowchart TB\n")
    # --expand draws the ops inside the call
    expanded = node_titles(graph(tmp_path, BUSY, "--expand"))
    assert "log1p" in expanded.values() and "where" in expanded.values()


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_busy_picture_stays_screen_sized(tmp_path):
    graph(tmp_path, BUSY, "--grad", "gW", "-o", "busy.png")
    data = (tmp_path / "busy.png").read_bytes()
    width, height = struct.unpack(">II", data[16:24])
    assert width <= 1600, (width, height)      # the whole-array labels made it 2,872 px wide
