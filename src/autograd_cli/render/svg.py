"""SVG for the HTML report, written here without any plotting library: a line plot of a
series against the step, and Graphviz's SVG cleaned to elements and attributes that only
draw (no scripts, links, external references or ids that could collide in a notebook).
Nothing here computes: the caller hands in the series or Graphviz's output."""
from __future__ import annotations

import math
import re
from html import escape

MAX_POINTS = 1000        # a longer series is thinned to this many points (each bucket's min and max)
PLOT_WIDTH, PLOT_HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 24, 36     # margins: room for the axis labels


def line_plot(steps: list, values: list, name: str) -> str:
    """An SVG line plot of `values` against `steps`; a log y axis when the series is positive
    and spans more than three decades (as `run`'s sparkline). Non-finite values break the
    line. Scales to its container's width (viewBox)."""
    points = _thin(list(zip(steps, values)))
    finite = [v for _, v in points if math.isfinite(v)]
    log = bool(finite) and min(finite) > 0 and max(finite) / min(finite) > 1e3
    f = math.log10 if log else float
    ys = [f(v) for v in finite] or [0.0]
    low, high = min(ys), max(ys)
    if high == low:
        low, high = low - 1, high + 1
    first, last = (points[0][0], points[-1][0]) if points else (0, 1)
    if last == first:
        last = first + 1
    width, height = PLOT_WIDTH - LEFT - RIGHT, PLOT_HEIGHT - TOP - BOTTOM

    def at(step, value):
        return (LEFT + (step - first) / (last - first) * width,
                TOP + (1 - (f(value) - low) / (high - low)) * height)

    runs, run = [], []
    for step, value in points:
        if math.isfinite(value) and (not log or value > 0):
            run.append("%.1f,%.1f" % at(step, value))
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    out = [f'<svg class="plot" viewBox="0 0 {PLOT_WIDTH} {PLOT_HEIGHT}" width="{PLOT_WIDTH}" '
           f'height="{PLOT_HEIGHT}" role="img" aria-label="{escape(name)} against the step">',
           f'<rect x="{LEFT}" y="{TOP}" width="{width}" height="{height}" fill="#ffffff" stroke="#c8c8c8"/>']
    for tick in _ticks(low, high, log):
        y = TOP + (1 - (tick - low) / (high - low)) * height
        label = _number(10 ** tick if log else tick)
        out.append(f'<line x1="{LEFT}" x2="{LEFT + width}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ececec"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{escape(label)}</text>')
    for tick in _ticks(first, last, False):
        x = LEFT + (tick - first) / (last - first) * width
        out.append(f'<text x="{x:.1f}" y="{TOP + height + 16}" text-anchor="middle" font-size="11">'
                   f'{escape(_number(tick))}</text>')
    out.append(f'<text x="{LEFT + width / 2:.1f}" y="{PLOT_HEIGHT - 4}" text-anchor="middle" '
               f'font-size="11">step</text>')
    scale = " (log scale)" if log else ""
    out.append(f'<text x="{LEFT}" y="{TOP - 8}" font-size="12" font-weight="bold">{escape(name)}{scale}</text>')
    for run in runs:
        if len(run) == 1:
            x, y = run[0].split(",")
            out.append(f'<circle cx="{x}" cy="{y}" r="2" fill="#1f77b4"/>')
        else:
            out.append(f'<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="{" ".join(run)}"/>')
    out.append("</svg>")
    return "".join(out)


def _thin(points: list) -> list:
    """At most MAX_POINTS points: per bucket its lowest and highest value (spikes stay visible)."""
    if len(points) <= MAX_POINTS:
        return points
    buckets = MAX_POINTS // 2
    out = []
    for k in range(buckets):
        chunk = points[k * len(points) // buckets:(k + 1) * len(points) // buckets]
        finite = [p for p in chunk if math.isfinite(p[1])]
        if not finite:
            out.append(chunk[0])
            continue
        pair = sorted({min(finite, key=lambda p: p[1]), max(finite, key=lambda p: p[1])})
        out += pair
    return out


def _ticks(low: float, high: float, whole: bool) -> list:
    """About five round values between low and high (whole powers of ten when `whole`)."""
    if whole:
        decades = list(range(math.ceil(low), math.floor(high) + 1))
        stride = max(1, -(-len(decades) // 6))        # at most about six labels
        return [float(k) for k in decades[::stride]] or [low, high]
    raw = (high - low) / 4
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    start = math.ceil(low / step) * step
    return [start + k * step for k in range(int((high - start) / step + 1e-9) + 1)]


def _number(value: float) -> str:
    return f"{value:.4g}" if value != int(value) or abs(value) >= 1e6 else f"{int(value)}"


# ---------------------------------------------------------------- Graphviz's SVG

DRAWING_ELEMENTS = {"svg", "g", "title", "polygon", "polyline", "path", "ellipse", "text", "line", "rect"}
DRAWING_ATTRIBUTES = {"viewBox", "width", "height", "transform", "points", "d", "cx", "cy", "rx", "ry", "x", "y",
                      "x1", "x2", "y1", "y2", "fill", "stroke", "stroke-width", "stroke-dasharray", "font-family",
                      "font-size", "font-weight", "font-style", "text-anchor", "fill-opacity", "stroke-opacity",
                      "class"}
_DOCTYPE = re.compile(r"<!DOCTYPE[^>]*>", re.S)


def clean_svg(data: bytes) -> str:
    """Graphviz's SVG as inline markup for an HTML page: only elements and attributes that
    draw are kept, every text and value escaped again (a label holds user text); the XML
    prolog, doctype, comments, namespaces, links and ids go."""
    import xml.etree.ElementTree as ET

    text = _DOCTYPE.sub("", data.decode("utf-8", "replace"))
    root = ET.fromstring(text)
    out: list = []
    _element(root, out)
    return "".join(out)


def _element(node, out: list) -> None:
    tag = node.tag.rsplit("}", 1)[-1]
    if tag not in DRAWING_ELEMENTS:
        return
    attrs = []
    for key, value in node.attrib.items():
        key = key.rsplit("}", 1)[-1]
        if key == "class" and tag == "svg":
            continue
        if key in DRAWING_ATTRIBUTES and ":" not in value and "url(" not in value:
            attrs.append(f' {key}="{escape(value, quote=True)}"')
    if tag == "svg":
        attrs.append(' class="graph" role="img" aria-label="the computation graph"')
    out.append(f"<{tag}{''.join(attrs)}>")
    if node.text and tag in ("text", "title"):
        out.append(escape(node.text, quote=False))
    for child in node:
        _element(child, out)
    out.append(f"</{tag}>")
