"""graph: DOT and Mermaid text that parses, cut edges marked, gradient flows on
edges (hand-derived values), safe labels, files written or a clear message."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from autograd_cli.analysis.diagram import graph_view
from autograd_cli.render.diagram_text import dot_string, mermaid_text
from conftest import SRC, cli
from test_explain import W1_SEED

LINEAR = """w = variable(2.0)
b = variable(1.0)
x = 3.0
y = x * w + b
loss = (10.0 - y) ** 2 / 2
gw, gb = gradients(loss, [w, b])
"""


# ---------------------------------------------------------------- a DOT checker written here

TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<arrow>->)|(?P<id>[A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?)'
                   r'|(?P<punct>[\[\]{};,=]))', re.S)


def tokens(text):
    pos, out = 0, []
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return out
        m = TOKEN.match(text, pos)
        assert m and m.end() > pos, f"bad DOT at {text[pos:pos + 40]!r}"
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()


def parse_dot(text):
    """Structural DOT check: returns (declared node ids, edges [(a, b, attrs)])."""
    toks = tokens(text)
    k = 0

    def take(kind=None, value=None):
        nonlocal k
        assert k < len(toks), "unexpected end"
        tk = toks[k]
        assert kind is None or tk[0] == kind, (tk, kind)
        assert value is None or tk[1] == value, (tk, value)
        k += 1
        return tk

    def value():
        tk = take()
        assert tk[0] in ("id", "str"), tk
        return tk[1]

    def attrs():
        out = {}
        if k < len(toks) and toks[k] == ("punct", "["):
            take("punct", "[")
            while toks[k] != ("punct", "]"):
                key = take("id")[1]
                take("punct", "=")
                out[key] = value()
                if toks[k] == ("punct", ","):
                    take()
            take("punct", "]")
        return out

    take("id", "digraph")
    if toks[k][0] in ("id", "str"):
        take()
    take("punct", "{")
    nodes, edges = set(), []
    while toks[k] != ("punct", "}"):
        first = take("id")[1]
        if toks[k] == ("punct", "="):
            take()
            value()
        elif first in ("node", "edge", "graph"):
            attrs()
        elif toks[k][0] == "arrow":
            take()
            second = take("id")[1]
            edges.append((first, second, attrs()))
        else:
            nodes.add(first)
            attrs()
        take("punct", ";")
    take("punct", "}")
    assert k == len(toks), "text after the graph"
    for a, b, _ in edges:
        assert a in nodes and b in nodes, f"edge {a} -> {b} to an undeclared node"
    return nodes, edges


def unquote(s):
    return re.sub(r'\\(.)', r'\1', s[1:-1]) if s.startswith('"') else s


def node_titles(text):
    """node id -> the first line of its label."""
    return {m.group(1): unquote('"' + m.group(2)[1:-1].split("\\n")[0] + '"')
            for m in re.finditer(r'^  (n\d+) \[label=("(?:[^"\\]|\\.)*")', text, re.M)}


MERMAID_LINES = [
    re.compile(r"^flowchart TB$"),
    re.compile(r'^  %% [^\n]*$'),
    re.compile(r'^  n\w+(\(\["[^"]*"\]\)|\["[^"]*"\]|>"[^"]*"\]|\[\["[^"]*"\]\])$'),
    re.compile(r'^  n\w+ (-->|-\.->|==>)(\|"[^"|]*"\|)? n\w+$'),
    re.compile(r'^  linkStyle \d+(,\d+)* [a-z-]+:[#\w]+(,[a-z-]+:[#\w .]+)*$'),
    re.compile(r'^  classDef \w+ [a-z-]+:#\w+(,[a-z-]+:[#\w ]+)*$'),
    re.compile(r'^  class n\w+(,n\w+)* \w+$'),
]


def check_mermaid(text):
    lines = text.rstrip("\n").split("\n")
    assert lines[0] == "flowchart TB"
    declared, edges = set(), 0
    for line in lines:
        assert any(p.match(line) for p in MERMAID_LINES), f"not Mermaid flowchart syntax: {line!r}"
        node = re.match(r'^  (n\w+)[(\[>]', line)
        if node:
            declared.add(node.group(1))
        edge = re.match(r'^  (n\w+) (?:-->|-\.->|==>)(?:\|"[^"|]*"\|)? (n\w+)$', line)
        if edge:
            edges += 1
            assert edge.group(1) in declared and edge.group(2) in declared
        style = re.match(r'^  linkStyle ([\d,]+) ', line)
        if style:
            assert all(int(i) < edges for i in style.group(1).split(","))
    return declared, edges


def run(src, tmp_path, *args):
    """The graph command's stdout, computed in-process (the CLI itself is exercised below)."""
    import contextlib
    import io

    from autograd_cli.cli.commands import graph_body

    class Session:
        source = src
        dialect = "ag"

    opts = dict(zip(args[::2], args[1::2]))
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    with contextlib.redirect_stdout(out):
        graph_body(Session, [], opts.get("--format"), opts.get("--grad"), None)
    out.flush()
    return out.buffer.getvalue().decode("utf-8")


def run_cli(src, tmp_path, *args):
    f = tmp_path / "p.ag"
    f.write_text(src)
    proc = cli("graph", f, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# ---------------------------------------------------------------- tests

def test_dot_parses_and_marks_the_stop_gradient_cut(tmp_path):
    text = run_cli(W1_SEED, tmp_path)
    nodes, edges = parse_dot(text)
    labels = node_titles(text)
    by_name = {v: k for k, v in labels.items()}
    cut = [e for e in edges if e[2].get("style") == "dashed"]
    assert [(labels[a], labels[b]) for a, b, _ in cut] == [("a", "a_stoped")]
    assert "stop_gradient" in unquote(cut[0][2]["label"]) and "d62728" in cut[0][2]["color"]
    assert (by_name["w1"], by_name["a"]) in {(a, b) for a, b, _ in edges}
    # the gradient result is one box linked to its y and x
    grad = [k for k, v in labels.items() if v.startswith("g[1] = ")]
    assert len(grad) == 1
    assert {(labels[a], b) for a, b, e in edges if b == grad[0]} == {("b", grad[0]), ("w2", grad[0])}


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz not installed")
def test_graphviz_accepts_the_dot(tmp_path):
    for src in (W1_SEED, LINEAR):
        text = run(src, tmp_path, "--grad", "gw, gb" if src is LINEAR else "g")
        proc = subprocess.run(["dot", "-Tcanon"], input=text, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr


def test_grad_labels_edges_with_hand_derived_flows(tmp_path):
    # loss = (10 - y)**2 / 2 with y = 3w + b = 7: dloss/dy = -(10 - y) = -3, so the edge
    # y -> subtract carries -3, w -> multiply carries 3 * -3 = -9 and b -> add carries -3
    text = run(LINEAR, tmp_path, "--grad", "gw, gb")
    nodes, edges = parse_dot(text)
    labels = node_titles(text)
    flow = {(labels[a], labels[b]): unquote(e["label"]) for a, b, e in edges if "label" in e}
    assert flow[("w", "multiply")] == "-9"
    assert flow[("b", "y")] == "-3"
    assert flow[("y", "subtract")] == "-3"


def test_grad_of_a_value_uses_its_inputs(tmp_path):
    text = run_cli("x = variable(3.0)\ny = x * x\n", tmp_path, "--grad", "y", "--format", "mermaid")
    check_mermaid(text)
    assert text.count('-->|"3"|') == 2     # each operand edge of x * x carries x = 3


def test_mermaid_matches_flowchart_syntax(tmp_path):
    for src in (W1_SEED, LINEAR):
        text = run(src, tmp_path, "--format", "mermaid")
        declared, edges = check_mermaid(text)
        assert edges > 0
    text = run(W1_SEED, tmp_path, "--format", "mermaid")
    assert re.search(r'^  n\d+ -\.->\|"✂ stop_gradient"\| n\d+$', text, re.M)
    assert "linkStyle" in text and "stroke-dasharray" in text


def test_hostile_labels_cannot_break_the_syntax():
    nasty = 'x"] -> evil; }\\n\\" {{ <b>#&amp;|"|  %% end\n\r'
    nodes, _ = parse_dot(f'digraph g {{\n  n1 [label={dot_string(nasty)}];\n}}\n')
    assert nodes == {"n1"}
    assert unquote(dot_string(nasty)) == nasty.replace("\n", " ").replace("\r", " ")
    label = mermaid_text(nasty)
    assert not set(label) & set('"|<>{}\\\n\r;%&') - {";"} and '"' not in label
    check_mermaid(f'flowchart TB\n  n1["{label}"]\n  n2["{label}"]\n  n1 -->|"{label}"| n2\n')


def test_names_with_quotes_from_source_text(tmp_path):
    # a bare gradients expression is named by its source text, quotes included
    src = 'w = variable(2.0)\ny = w * w\ngradients(y, [w], unconnected_gradients="zero")\n'
    text = run(src, tmp_path)
    parse_dot(text)
    assert 'unconnected_gradients=\\"zero\\"' in text
    check_mermaid(run(src, tmp_path, "--format", "mermaid"))


def test_round_and_comparison_edges_are_cut(tmp_path):
    src = "x = variable(1.4)\nr = round(x)\nc = x > 1\ny = where(c, r * x, x)\ng = gradients(y, x)\n"
    nodes, edges = parse_dot(run(src, tmp_path))
    no_gradient = sorted(unquote(e["label"]) for _, _, e in edges if e.get("style") == "dotted"
                         and "no gradient" in unquote(e.get("label", '""')))
    # x > 1: both operand edges; round(x); where's condition. Drawn grey and dotted, unlike
    # the red dashed ✂ of a stop_gradient cut
    assert no_gradient == ["no gradient: >"] * 2 + ["no gradient: round", "no gradient: where"]
    assert not [e for _, _, e in edges if e.get("style") == "dashed"]


def test_output_files(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    for name, check in (("g.dot", parse_dot), ("g.mmd", check_mermaid)):
        proc = cli("graph", f, "-o", tmp_path / name)
        assert proc.returncode == 0 and proc.stdout == "", proc.stderr
        check((tmp_path / name).read_text())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    proc = cli("graph", f, "-o", tmp_path / "g.mmd", "--format", "dot")
    assert proc.returncode == 2 and "extension says mermaid" in proc.stderr


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz not installed")
def test_svg_and_png_are_drawn_by_graphviz(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    assert cli("graph", f, "-o", tmp_path / "g.svg").returncode == 0
    assert "<svg" in (tmp_path / "g.svg").read_text()
    assert cli("graph", f, "--grad", "g", "-o", tmp_path / "g.png").returncode == 0
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_graphviz_says_how_to_install(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    env = dict(os.environ, PYTHONPATH=str(SRC), PATH=str(tmp_path / "nowhere"))
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "graph", str(f), "-o", str(tmp_path / "g.svg")],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert "apt-get install graphviz" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "g.svg").exists()


def test_bad_grad_name_is_a_clean_error(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text(W1_SEED)
    proc = cli("graph", f, "--grad", "nope")
    assert proc.returncode == 2 and "no gradients result or value" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_long_chain_graph_is_linear(tmp_path):
    n = 3000
    src = "x0 = variable(1.0)\n" + "".join(f"x{i} = x{i - 1} * 1.001\n" for i in range(1, n + 1))
    nodes, edges = parse_dot(run(src, tmp_path, "--grad", f"x{n}"))
    assert len(nodes) == 2 * n + 1 and len(edges) == 2 * n


def test_view_keeps_reverse_mode_nodes_out():
    from autograd_cli.api import build

    built = build(LINEAR)
    view = graph_view(built)
    kinds = [n.kind for n in view.nodes]
    assert kinds.count("gradient") == 2
    # only forward ops are drawn: no add_n, broadcast_to or reverse-mode helpers
    assert all("add_n" not in n.detail for n in view.nodes)
    # w, b, x, x*w, y, 10, 10-y, 2, **, 2, loss, and the gradient boxes gw and gb
    assert len(view.nodes) == 13


def test_language_reference_shows_the_current_mermaid(samples, tmp_path):
    readme = (samples.parent / "docs" / "language.md").read_text(encoding="utf-8")
    block = readme.split("```mermaid\n", 1)[1].split("```", 1)[0]
    assert run((samples / "explain_demo.ag").read_text(), tmp_path, "--grad", "g", "--format", "mermaid") == block
    check_mermaid(block)
