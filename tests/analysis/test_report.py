"""`autograd-cli report`: one self-contained HTML page. Every report is parsed with the
standard library's HTML parser and its parts checked: each gradient table and each None
reason with a link to the line that cuts it, the program's lines as anchors, the SVG,
and no external reference of any kind."""
from __future__ import annotations

import math
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from conftest import cli

from autograd_cli.analysis.report import make_report
from autograd_cli.render.explainout import one_line
from autograd_cli.render.gradients import reason_lines
from autograd_cli.render.html import page

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "samples").glob("seed_*.ag"))
TF_SEEDS = sorted((ROOT / "samples" / "tf").glob("seed*.py"))
HAVE_DOT = shutil.which("dot") is not None


class Page(HTMLParser):
    """The parsed page: every element (tag, attributes, its text, its ancestors' tags)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list = []
        self.open: list = []
        self.ids: dict = {}
        self.text_parts: list = []
        self.feed(html)
        self.close()

    VOID = {"meta", "br", "img", "link", "input", "hr", "circle", "rect", "line", "polyline", "polygon",
            "path", "ellipse"}

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": [], "children": [], "parent": self.open[-1] if self.open else None}
        if self.open:
            self.open[-1]["children"].append(element)
        self.elements.append(element)
        if "id" in element["attrs"]:
            assert element["attrs"]["id"] not in self.ids, f"duplicate id {element['attrs']['id']}"
            self.ids[element["attrs"]["id"]] = element
        if tag not in self.VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.open.pop()

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.open and self.open[-1]["tag"] == tag, f"</{tag}> closes <{self.open[-1]['tag'] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data):
        self.text_parts.append(data)
        for element in self.open:
            element["text"].append(data)

    def find(self, tag, **attrs):
        return [e for e in self.elements if e["tag"] == tag and all(e["attrs"].get(k) == v for k, v in attrs.items())]

    @staticmethod
    def text_of(element) -> str:
        return "".join(element["text"])

    def section(self, key):
        return self.ids[key]

    def within(self, root, tag):
        out, stack = [], list(root["children"])
        while stack:
            e = stack.pop(0)
            if e["tag"] == tag:
                out.append(e)
            stack[0:0] = e["children"]
        return out


def report_page(source, **options):
    report = make_report(source, format_flow=one_line, **options)
    html = page(report)
    return report, html, Page(html)


def assert_self_contained(html: str, parsed: Page):
    lowered = html.lower()
    assert "http:" not in lowered and "https:" not in lowered
    assert "<script" not in lowered and "<link" not in lowered and "<iframe" not in lowered
    assert "@import" not in lowered and "url(" not in lowered
    for element in parsed.elements:
        assert "src" not in element["attrs"], element
        href = element["attrs"].get("href")
        assert href is None or href.startswith("#"), href      # only links within the page
        for name, value in element["attrs"].items():
            assert not name.startswith("on"), name            # no event handlers
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", html)   # no raw control characters


def assert_gradients(report, parsed: Page):
    """Each gradients result: a table with a row per x, its value; each None its reason
    with a link to every line the reason names, and that line is in the listing."""
    section = parsed.section("gradients")
    tables = parsed.within(section, "table")
    assert len(tables) == len(report.evaluation.gradients)
    for result, table in zip(report.evaluation.gradients, tables):
        rows = [r for r in parsed.within(table, "tr") if parsed.within(r, "th") and parsed.within(r, "td")]
        assert len(rows) == len(result.xs)
        for x, value, row in zip(result.xs, result.values, rows):
            assert parsed.text_of(parsed.within(row, "th")[0]) == x
            cells = parsed.within(row, "td")
            if value is None:
                assert parsed.text_of(cells[0]).strip() == "None"
                reason = result.unconnected[x]
                assert parsed.text_of(cells[1]) == reason
                links = [a["attrs"]["href"] for a in parsed.within(cells[1], "a")]
                assert links == [f"#L{n}" for n in reason_lines(reason)]
                for n in reason_lines(reason):
                    assert f"L{n}" in parsed.ids
            else:
                assert parsed.text_of(cells[1]) == ""
                shown = parsed.text_of(cells[0])
                array = np.asarray(value, dtype=np.float64)
                if array.size == 1:     # (a float32 is shown with its own digits: within half an ulp)
                    tolerance = 1e-7 if np.asarray(value).dtype == np.float32 or type(value).__name__ == "Float32" \
                        else 1e-9
                    assert math.isclose(float(shown.strip(" []\n")), float(array.reshape(-1)[0]), rel_tol=tolerance)


def assert_listing(source: str, parsed: Page):
    lines = source.split("\n")
    if lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        element = parsed.ids[f"L{n}"]
        assert parsed.text_of(element) == f"{n}{line}"


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_a_report_of_each_seed_sample(path):
    source = path.read_text(encoding="utf-8")
    report, html, parsed = report_page(source, title=path.name)
    assert_self_contained(html, parsed)
    assert_listing(source, parsed)
    assert_gradients(report, parsed)
    assert parsed.find("title") and path.name in parsed.text_of(parsed.find("title")[0])
    for key in ("program", "values", "gradients", "explain", "graph"):
        assert key in parsed.ids
    graph = parsed.section("graph")
    if HAVE_DOT:
        assert [e for e in parsed.within(graph, "svg") if e["attrs"].get("class") == "graph"]
        assert parsed.within(graph, "polygon") or parsed.within(graph, "path")
    else:
        assert parsed.within(graph, "pre")


@pytest.mark.parametrize("path", TF_SEEDS, ids=[p.stem for p in TF_SEEDS])
def test_a_report_of_each_seed_snippet(path):
    """Each seed post's block as a page: its listing, its gradient tables with their None
    reasons, the graph, and what it printed, which is what TensorFlow 2.21 printed (the
    oracle's stored output; by layout where the post draws unseeded numbers)."""
    import json
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "tf_oracle"))
    from compare import compare

    source = path.read_text(encoding="utf-8")
    report, html, parsed = report_page(source, title=path.name, dialect="tf")
    assert_self_contained(html, parsed)
    assert_listing(source, parsed)
    assert_gradients(report, parsed)
    assert "graph" in parsed.ids and parsed.within(parsed.section("graph"), "svg" if HAVE_DOT else "pre")
    expected = ROOT / "tests" / "tf_oracle" / "expected" / "samples" / f"{path.stem}.json"
    contract = expected.with_suffix(".contract.json")
    stored = json.loads((contract if contract.exists() else expected).read_text(encoding="utf-8"))
    if "printed" in parsed.ids:
        rows = [r for r in parsed.within(parsed.section("printed"), "tr") if parsed.within(r, "td")]
        printed = "".join(parsed.text_of(parsed.within(r, "td")[0]) + "\n" for r in rows)
    else:
        printed = ""
    assert compare(printed, stored["stdout"], check_numbers=stored.get("deterministic", True)) == [], printed
    if stored["error"] is not None:            # the post ends in TensorFlow's error: the page says where
        assert report.evaluation is not None and str(stored["error"]["type"]) in html


def test_the_explain_demo_by_hand():
    """w1 reaches b only through stop_gradient on line 5 (the file's line 5 is that
    statement); d(b)/d(w2) with a = 2*w1... by hand: b = h*w2 + w2*w2 = 6*3 ... = 12."""
    source = (ROOT / "samples" / "explain_demo.ag").read_text(encoding="utf-8")
    report, html, parsed = report_page(source, title="explain_demo.ag")
    assert "stop_gradient" in parsed.text_of(parsed.ids["L5"])
    why = [e for e in parsed.find("span") if e["attrs"].get("class") == "why"]
    assert [parsed.text_of(e) for e in why] == ["cut by stop_gradient at line 5"]
    assert [a["attrs"]["href"] for a in parsed.within(why[0], "a")] == ["#L5"]
    # the lines a reason cites are marked in the listing
    assert parsed.ids["L5"]["attrs"]["class"] == "line cut"
    explain = parsed.text_of(parsed.section("explain"))
    assert "sum: 6 + 3 + 3 = 12, the gradient ✓" in explain   # w2 (3) * h (6) + 3 * 3 + 3 * 3 by hand
    assert [a["attrs"]["href"] for a in parsed.within(parsed.section("explain"), "a")].count("#L5") >= 2


def test_hostile_text_is_escaped():
    source = ('s = "<script>alert(1)</script>\x1b[31m\u202e"\n'
              "w = variable(2.0)\n"
              "y = stop_gradient(w) * 3\n"
              "g = gradients(y, [w])\n")
    report, html, parsed = report_page(source, title="<img src=x onerror=alert(1)>.ag")
    assert_self_contained(html, parsed)
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\\x1b[31m\\u202e" in html
    assert "<script>alert(1)</script>\\x1b[31m\\u202e" in parsed.text_of(parsed.ids["L1"])


def test_without_graphviz_the_graph_is_text(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    source = (ROOT / "samples" / "explain_demo.ag").read_text(encoding="utf-8")
    _, html, parsed = report_page(source)
    graph = parsed.section("graph")
    assert not parsed.within(graph, "svg")
    text = parsed.text_of(parsed.within(graph, "pre")[0])
    assert "stop_gradient" in text and "g[0] = None" in text
    assert "Graphviz" in parsed.text_of(graph)


def test_the_run_section_plots_the_loss():
    """w <- w - 0.1 * 2(w - 5) from w = 2: w_k = 5 - 3 * 0.8^k, loss_k = 9 * 0.64^k (by hand)."""
    source = ("w = variable(2.0)\n"
              "loss = (w - 5) ** 2\n"
              "g = gradients(loss, [w])\n"
              "update = assign(w, w - 0.1 * g[0])\n")
    report, html, parsed = report_page(source, steps=30)
    assert_self_contained(html, parsed)
    run = report.run
    assert run.done == 30 and run.loss == "loss"
    assert np.allclose(run.series["loss"], [9 * 0.64 ** k for k in range(30)], rtol=1e-12)
    assert math.isclose(float(run.final["w"]), 5 - 3 * 0.8 ** 30, rel_tol=1e-12)
    section = parsed.section("run")
    plot = [e for e in parsed.within(section, "svg") if e["attrs"].get("class") == "plot"]
    assert plot
    points = [tuple(map(float, p.split(","))) for p in parsed.within(plot[0], "polyline")[0]["attrs"]["points"].split()]
    assert len(points) == 30
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert xs == sorted(xs) and ys == sorted(ys)   # steps to the right, a falling loss lower (SVG y grows down)
    cells = [parsed.text_of(td) for td in parsed.within(section, "td")]
    assert "9" in cells and f"{9 * 0.64 ** 29:.6g}" in cells
    # a program without assigns has no run section; --steps 0 turns it off
    assert "run" not in report_page("w = variable(2.0)\ny = w * w")[2].ids
    assert "run" not in report_page(source, steps=0)[2].ids


def test_verify_section():
    source = (ROOT / "samples" / "seed_stop_gradient_w1_none.ag").read_text(encoding="utf-8")
    report, html, parsed = report_page(source, verify=True)
    assert_self_contained(html, parsed)
    section = parsed.section("verify")
    rows = [r for r in parsed.within(section, "tr") if parsed.within(r, "td")]
    assert len(rows) == 2 and all(r["attrs"]["class"] == "ok" for r in rows)
    assert "2 checks: all agree" in parsed.text_of(section)
    # d(stop_gradient(3*w1) * w2)/dw2 = 3 * w1 = 6 at w1 = 2 (by hand)
    assert [parsed.text_of(td) for td in parsed.within(rows[1], "td")][1] == "6"


def test_snippet_report():
    path = ROOT / "samples" / "tf" / "seed001_3_stop_gradient_then_two_paths.py"
    source = path.read_text(encoding="utf-8")
    report, html, parsed = report_page(source, title=path.name, dialect="tf")
    assert_self_contained(html, parsed)
    assert_listing(source, parsed)
    assert_gradients(report, parsed)
    printed = parsed.section("printed")
    assert "[1.0, 1.0]" in parsed.text_of(printed)
    assert all(a["attrs"]["href"][2:].isdigit() for a in parsed.within(printed, "a"))


def test_the_command_writes_the_page_whole_or_not_at_all(tmp_path):
    target = tmp_path / "report.html"
    done = cli("report", str(ROOT / "samples" / "seed_matmul_unrelated_w2.ag"), "-o", str(target))
    assert done.returncode == 0, done.stderr
    parsed = Page(target.read_text(encoding="utf-8"))
    assert "gradients" in parsed.ids
    # to standard output that is not UTF-8: the same page, in ASCII with character references
    import os
    import sys

    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="ascii")
    piped = subprocess.run([sys.executable, "-m", "autograd_cli", "report",
                            str(ROOT / "samples" / "seed_matmul_unrelated_w2.ag"), "-o", "-"],
                           capture_output=True, env=env, timeout=120)
    assert piped.returncode == 0
    same = Page(piped.stdout.decode("ascii"))
    strip = re.compile(r"made by autograd-cli in [0-9.]+ s")
    assert strip.sub("", "".join(same.text_parts)) == strip.sub("", "".join(parsed.text_parts))
    # a program error: exit 2, a located message, and the old page stays as it was
    bad = tmp_path / "bad.ag"
    bad.write_text("w = variable(2.0)\ny = (w +\n", encoding="utf-8")
    before = target.read_bytes()
    failed = cli("report", str(bad), "-o", str(target))
    assert failed.returncode == 2 and "bad.ag:2:" in failed.stderr and "Traceback" not in failed.stderr
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.ag", "report.html"]   # no temporary left
    missing = cli("report", str(ROOT / "samples" / "seed_matmul_unrelated_w2.ag"), "-o",
                      str(tmp_path / "no" / "such" / "dir.html"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


# ---------------------------------------------------------------- a real browser

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def chromium(tmp_path, *args):
    done = subprocess.run([CHROMIUM, *CHROME_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
                          capture_output=True, text=True, timeout=120)
    return done


def read_png(path: Path):
    """The pixels of an 8-bit RGB or RGBA PNG (what Chromium writes): an array (height, width, 3)."""
    import struct
    import zlib

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    idat = b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks[kind] = body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and color in (2, 6) and interlace == 0
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], np.zeros(stride, dtype=np.int64)
    k = 0
    for _ in range(height):
        kind = raw[k]
        line = np.frombuffer(raw[k + 1:k + 1 + stride], dtype=np.uint8).astype(np.int64)
        k += 1 + stride
        if kind == 1:      # Sub: each byte adds the byte one pixel to its left
            line = np.cumsum(line.reshape(width, channels), axis=0).reshape(-1) % 256
        elif kind == 2:    # Up
            line = (line + previous) % 256
        elif kind in (3, 4):   # Average, Paeth: byte by byte
            out = line.tolist()
            up_row = previous.tolist()
            for i in range(stride):
                left = out[i - channels] if i >= channels else 0
                up = up_row[i]
                if kind == 3:
                    out[i] = (out[i] + (left + up) // 2) & 255
                    continue
                corner = up_row[i - channels] if i >= channels else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                out[i] = (out[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            line = np.array(out, dtype=np.int64)
        rows.append(line.reshape(width, channels)[:, :3])
        previous = line
    return np.stack(rows)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")
def test_a_real_browser_draws_the_report(tmp_path):
    source = (ROOT / "samples" / "explain_demo.ag").read_text(encoding="utf-8")
    _, html, _ = report_page(source, title="explain_demo.ag")
    # the test's copy shows the header and the graph only, so a small screenshot holds the graph
    target = tmp_path / "report.html"
    target.write_text(html.replace("</style>", "section:not(#graph){display:none}</style>", 1), encoding="utf-8")
    shot = tmp_path / "shot.png"
    done = chromium(tmp_path, f"--screenshot={shot}", "--window-size=900,1600", f"file://{target}")
    assert shot.exists(), done.stderr[-2000:]
    pixels = read_png(shot)
    dark = int((pixels.sum(axis=2) < 300).sum())
    assert dark > 2000, "the page looks blank"
    if not HAVE_DOT:
        pytest.skip("Graphviz's dot is not installed: the graph is text (apt-get install graphviz)")

    def near(colour, tolerance=6):
        return int((np.abs(pixels - np.array(colour)) <= tolerance).all(axis=2).sum())
    # Graphviz's fills: the variables' light blue, the None box's light red (not used by the page's styles)
    assert near((0xdb, 0xea, 0xfe)) > 500, "no variable box of the graph on the screen"
    assert near((0xfe, 0xe2, 0xe2)) > 200, "no None box of the graph on the screen"


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)")
def test_a_real_browser_fits_it_to_a_phone_and_prints_it(tmp_path):
    source = (ROOT / "samples" / "seed_softmax_dense_784.ag").read_text(encoding="utf-8")
    _, html, _ = report_page(source, title="seed_softmax_dense_784.ag")
    # Headless Chromium's window is at least 500 px wide, so the test's copy narrows the
    # report to a phone's 360 px and measures, in the browser, how far right anything
    # reaches outside the scrolling boxes (wide tables and code scroll inside their box).
    probe = html.replace("</body>", """<script>
var root = document.querySelector('.agr');
root.style.maxWidth = '360px'; root.style.margin = '0'; root.style.boxSizing = 'border-box';
var widest = 0;
document.querySelectorAll('.agr *').forEach(function (e) {
  var box = e.parentElement.closest('.scroll');
  if (box && box !== e) return;
  widest = Math.max(widest, e.getBoundingClientRect().right);
});
document.body.setAttribute('data-width', Math.ceil(widest));
document.body.setAttribute('data-page', document.documentElement.scrollWidth + ' ' + window.innerWidth);
</script></body>""")
    target = tmp_path / "probe.html"
    target.write_text(probe, encoding="utf-8")
    done = chromium(tmp_path, "--window-size=500,844", "--dump-dom", f"file://{target}")
    width = re.search(r'data-width="(\d+)"', done.stdout)
    assert width, done.stderr[-2000:]
    assert int(width.group(1)) <= 360, "something is wider than a phone's screen"
    page_width, window = map(int, re.search(r'data-page="(\d+) (\d+)"', done.stdout).groups())
    assert page_width <= window
    pdf = tmp_path / "report.pdf"
    plain = tmp_path / "report.html"
    plain.write_text(html, encoding="utf-8")
    chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", f"file://{plain}")
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000


def test_the_plot_breaks_at_non_finite_values_and_thins_long_series():
    from autograd_cli.render.svg import MAX_POINTS, line_plot

    svg = line_plot([0, 1, 2, 3, 4], [1.0, 2.0, float("nan"), 3.0, 4.0], "loss")
    parsed = Page(svg)
    assert len(parsed.find("polyline")) == 2          # 0-1 and 3-4: the NaN at step 2 is a gap
    assert "(log scale)" not in svg
    assert "(log scale)" in line_plot([0, 1, 2], [1.0, 1e-2, 1e-5], "loss")   # positive, five decades
    steps = list(range(100_000))
    long = Page(line_plot(steps, [math.sin(k / 1000) for k in steps], "wave"))
    points = long.find("polyline")[0]["attrs"]["points"].split()
    assert len(points) <= MAX_POINTS
    ys = [float(p.split(",")[1]) for p in points]
    # the extremes survive thinning: sin reaches 1 and -1, the plot's top and bottom
    assert min(ys) == pytest.approx(24, abs=0.2) and max(ys) == pytest.approx(240 - 36, abs=0.2)
