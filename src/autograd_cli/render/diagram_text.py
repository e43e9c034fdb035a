"""The graph view (diagram.py) as Graphviz DOT, Mermaid flowchart text, or plain text
(one equation per line, as JAX prints a jaxpr).

Labels are quoted and escaped so no user text (names, expression source) can
break the syntax: DOT double-quoted strings escape backslash and quote; Mermaid
labels keep only safe characters and write every other one as `#code;`.
"""
from __future__ import annotations

import re

from autograd_cli.support.errors import escape_name

STYLE = {
    "data": ("", ""),
    "cut": ('style=dashed, color="#d62728", fontcolor="#d62728", penwidth=1.6', "stroke:#d62728,stroke-width:2px,stroke-dasharray:6 4"),
    "nograd": ('style=dotted, color="#9ca3af", fontcolor="#6b7280", arrowhead=odot', "stroke:#9ca3af,stroke-dasharray:1 4"),
    "derivative": ('style=dotted, color="#7f7f7f", fontcolor="#7f7f7f", arrowhead=empty', "stroke:#7f7f7f,stroke-dasharray:2 3"),
    "update": ('style=bold, color="#2563eb", fontcolor="#2563eb"', "stroke:#2563eb,stroke-width:2px"),
}
NODE_STYLE = {
    "leaf": 'shape=box, style="rounded,filled", fillcolor="#dbeafe"',
    "op": 'shape=box, style="rounded"',
    "const": 'shape=plaintext, fontcolor="#555555"',
    "gradient": 'shape=note, style=filled, fillcolor="#fef3c7"',
    "none": 'shape=note, style="filled,dashed", fillcolor="#fee2e2", color="#d62728"',
    "update": 'shape=box, style="rounded,filled", fillcolor="#e0e7ff", color="#2563eb"',
    "next": 'shape=box, style="rounded,dashed", color="#2563eb", fontcolor="#2563eb", fontsize=9',
}
MAX_LABEL = 48        # characters in one line of a node label (longer ones end in …)
MAX_EDGE_LABEL = 32   # characters of a gradient flow written on an edge
SHOWN_ELEMENTS = 4    # a flow with more elements is summarised by its shape and largest |element|


def bounded(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _number(x: float) -> str:
    """A number in 4 significant digits; -0 is 0."""
    if x == 0:
        return "0"
    return f"{x:.4g}"


def flow_label(value) -> str:
    """A gradient flow as an edge label: a number, up to SHOWN_ELEMENTS elements written
    out, or `(20, 3) max|·| 0.025` for a larger tensor; at most MAX_EDGE_LABEL characters."""
    import numpy as np

    if value is None:
        return ""
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return bounded(_number(float(array)), MAX_EDGE_LABEL)
    if array.size <= SHOWN_ELEMENTS:
        text = np.array2string(array, separator=", ", formatter={"float_kind": lambda x: _number(float(x))},
                               max_line_width=10 ** 6)
        text = re.sub(r"\s*\n\s*", " ", text)      # one line: rows of a matrix too
        if len(text) <= MAX_EDGE_LABEL:
            return text
    shape = "(" + ", ".join(map(str, array.shape)) + ("," if array.ndim == 1 else "") + ")"
    with np.errstate(all="ignore"):
        finite = array[np.isfinite(array)]
        if not array.any():
            return f"{shape} zeros"
        largest = float(np.max(np.abs(finite))) if finite.size else float("nan")
    bad = "" if finite.size == array.size else " non-finite"
    return bounded(f"{shape} max|·| {_number(largest)}{bad}", MAX_EDGE_LABEL)


def dot_string(text: str) -> str:
    """A DOT double-quoted string holding `text` literally (newlines become spaces)."""
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + re.sub(r"[\r\n\t\x00-\x1f\x7f]", " ", text) + '"'


def dot_label(*lines: str) -> str:
    """A multi-line DOT label: each line escaped, joined with DOT's \\n."""
    return '"' + "\\n".join(dot_string(bounded(line))[1:-1] for line in lines if line) + '"'


def to_dot(view) -> str:
    out = ["digraph autograd {",
           "  rankdir=TB;",     # one direction for every graph (Mermaid's too): a program reads top down
           "  nodesep=0.25; ranksep=0.35;",
           '  fontname="Helvetica";',
           '  node [fontname="Helvetica", fontsize=11];',
           '  edge [fontname="Helvetica", fontsize=9];']
    if view.title:
        out.append(f"  label={dot_string(view.title)};")
        out.append("  labelloc=t;")
    for node in view.nodes:
        out.append(f"  {node.key} [label={dot_label(node.title, node.detail)}, {NODE_STYLE[node.kind]}];")
    for edge in view.edges:
        label = f"label={dot_string(bounded(edge.label, MAX_LABEL))}" if edge.label else ""
        attrs = [a for a in (STYLE[edge.kind][0], label) if a]
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        out.append(f"  {edge.source} -> {edge.target}{suffix};")
    out.append("}")
    return "\n".join(out) + "\n"


_MERMAID_SAFE = re.compile(r"[A-Za-z0-9 _.,:=+\-*/()@·→∂²✂\[\]']")


def mermaid_text(text: str) -> str:
    """Label text for inside Mermaid's "...": unsafe characters as #code; entities."""
    return "".join(ch if _MERMAID_SAFE.fullmatch(ch) else f"#{ord(ch)};" for ch in text)


MERMAID_SHAPE = {"leaf": ('(["', '"])'), "op": ('["', '"]'), "const": ('>"', '"]'), "gradient": ('[["', '"]]'),
                 "none": ('[["', '"]]'), "update": ('(["', '"])'), "next": ('(["', '"])')}


def to_mermaid(view) -> str:
    out = ["flowchart TB"]
    if view.title:
        out.append("  %% " + mermaid_text(view.title))
    for node in view.nodes:
        open_, close = MERMAID_SHAPE[node.kind]
        label = "<br/>".join(mermaid_text(bounded(line)) for line in (node.title, node.detail) if line)
        out.append(f"  {node.key}{open_}{label}{close}")
    styled: dict[str, list[int]] = {}
    for index, edge in enumerate(view.edges):
        arrow = {"data": "-->", "update": "==>"}.get(edge.kind, "-.->")
        label = f'|"{mermaid_text(bounded(edge.label))}"|' if edge.label else ""
        out.append(f"  {edge.source} {arrow}{label} {edge.target}")
        if edge.kind != "data":
            styled.setdefault(edge.kind, []).append(index)
    for kind, indexes in styled.items():
        for start in range(0, len(indexes), 200):   # keep each linkStyle line short
            out.append(f"  linkStyle {','.join(map(str, indexes[start:start + 200]))} {STYLE[kind][1]}")
    out.append("  classDef leaf fill:#dbeafe,stroke:#3b82f6")
    out.append("  classDef gradient fill:#fef3c7,stroke:#d97706")
    out.append("  classDef none fill:#fee2e2,stroke:#d62728,stroke-dasharray:4 3")
    out.append("  classDef update fill:#e0e7ff,stroke:#2563eb")
    out.append("  classDef next fill:#ffffff,stroke:#2563eb,stroke-dasharray:4 3")
    for kind in ("leaf", "gradient", "none", "update", "next"):
        keys = [n.key for n in view.nodes if n.kind == kind]
        for start in range(0, len(keys), 200):
            out.append(f"  class {','.join(keys[start:start + 200])} {kind}")
    return "\n".join(out) + "\n"


def _inline(node) -> bool:
    """An unnamed constant: written as its value or source text where it is used."""
    return node.kind == "const" and (not node.detail or node.title == node.op)


def to_text(view) -> str:
    """One equation per line, in program order, as JAX prints a jaxpr:

        y:() = add (multiply x_input w) b          # line 15
        grads[1] = None                            # no path from w2 to res

    Constants are folded into their value or source text; an edge that carries no
    gradient says so after the equation."""
    by_key = {node.key: node for node in view.nodes}
    inputs: dict[str, list] = {}
    updates: dict[str, list] = {}
    for edge in view.edges:
        if edge.kind == "update":
            updates.setdefault(edge.source, []).append(edge)
        elif edge.kind != "derivative":
            inputs.setdefault(edge.target, []).append(edge)
    derivative: dict[str, list] = {}
    for edge in view.edges:
        if edge.kind == "derivative":
            derivative.setdefault(edge.target, []).append(edge)

    def name(key: str) -> str:
        node = by_key.get(key)
        if node is None:
            return key
        if node.kind in ("gradient", "none"):
            return node.title.split(" = ")[0]
        if _inline(node):
            op = node.op
            return op if " " not in op or op[0] in "[(" or op.endswith((")", "]")) else f"({op})"
        if (node.title == node.op and node.kind != "leaf") or not node.title:
            return f"t{key[1:]}"
        return node.title

    lines = []
    if view.title:
        lines.append(escape_name(f"# {view.title}"))
    for node in view.nodes:
        if _inline(node) or node.kind == "next":
            continue       # written where it is used (an update: on its assign's line)
        target = f"{name(node.key)}:{node.shape}" if node.shape else name(node.key)
        notes = []
        if node.kind == "leaf":
            rhs = node.detail.split(" · ")[0]
        elif node.kind == "const":
            rhs = f"constant {node.op}"
        elif node.kind == "gradient":
            parts = [part.split(" = ", 1) for part in node.title.split("; ")]
            rhs = f"{node.op} " + ", ".join(p[1] if len(p) > 1 else "?" for p in parts)
            target = ", ".join(p[0] for p in parts) + (f":{node.shape}" if node.shape else "")
        elif node.kind == "none":
            rhs = "None"
            target = node.title.split(" = ")[0]
            notes.append(node.detail)
        else:
            args = []
            for edge in inputs.get(node.key, []):
                args.append(name(edge.source))
                if edge.kind == "cut":
                    notes.append(f"{edge.label} ({name(edge.source)})")
                elif edge.kind == "nograd":
                    notes.append(f"no gradient to {name(edge.source)}")
                elif edge.label:
                    notes.append(f"flow from {name(edge.source)}: {edge.label}")
            op = node.op
            rhs = op if "(" in op or "[" in op else " ".join([op] + args)
        for edge in updates.get(node.key, []):
            notes.append(f"then {edge.label.replace(' (end of step)', '')} at the end of each step")
        where = f"line {node.line}" if node.line else ""
        comment = "; ".join([where] + notes if where else notes)
        # (a name is the program's text or a TensorFlow name: its control characters spelled out)
        lines.append(escape_name(f"{target} = {rhs}" + (f"    # {comment}" if comment else "")))
    return "\n".join(lines) + "\n"


def to_json(view) -> str:
    """The graph as one JSON document: {"title", "nodes": [{"id", "title", "detail", "kind", "op",
    "shape", "line"}], "edges": [{"from", "to", "kind", "label"}]}; labels are not shortened."""
    import json

    return json.dumps({
        "title": view.title,
        "nodes": [{"id": n.key, "title": n.title, "detail": n.detail, "kind": n.kind, "op": n.op,
                   "shape": n.shape, "line": n.line} for n in view.nodes],
        "edges": [{"from": e.source, "to": e.target, "kind": e.kind, "label": e.label} for e in view.edges],
    }, ensure_ascii=False)


# ---------------------------------------------------------------- files

RENDERED = {".svg": "svg", ".png": "png", ".pdf": "pdf"}
TEXT_FORMATS = {".dot": "dot", ".gv": "dot", ".mmd": "mermaid", ".mermaid": "mermaid", ".txt": "text",
                ".json": "json"}
DOT_TIMEOUT = 60    # seconds Graphviz may take to lay out a picture
MAX_DOT_BYTES = 256_000     # DOT drawn as a picture: about 850 lines of program (a 3,000-line program,
                            # 0.9 MB of DOT, took Graphviz 2.4 GB and 120 s)

INSTALL_HINT = ("Graphviz's `dot` program is needed to draw {name} but it is not installed. Install it "
                "(Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz; Windows: "
                "winget install graphviz; or see https://graphviz.org/download/), or write the text "
                "instead: -o graph.dot (Graphviz) or -o graph.mmd (Mermaid, renders on GitHub).")


def output_kind(path: str, fmt: str | None):
    """('text', 'dot'|'mermaid') or ('picture', 'svg'|'png'|'pdf') for an -o path."""
    import os

    from autograd_cli.support.errors import AgError

    ext = _ext(path)
    if ext in RENDERED:
        if fmt not in (None, "dot"):
            raise AgError(f"-o {path}: a {ext} picture is drawn from DOT; drop --format {fmt}")
        return "picture", RENDERED[ext]
    implied = TEXT_FORMATS.get(ext)
    if implied is None and not (ext == "" and os.path.isdir(path)):   # a directory: atomic_write says so
        raise AgError(f"-o {path}: unknown extension {ext or '(none)'}; write .dot or .gv (Graphviz), .json, .mmd "
                      "(Mermaid), .txt (one equation per line), or .svg, .png, .pdf (drawn with Graphviz)")
    if fmt and implied and fmt != implied:
        raise AgError(f"-o {path}: the extension says {implied} but --format says {fmt}")
    return "text", fmt or implied or "dot"


def picture(dot_text: str, picture: str, path: str) -> bytes:
    """The svg/png/pdf bytes Graphviz draws from DOT text (an argument list, no shell;
    dot writes to a pipe). `path` only names the picture in messages."""
    import os
    import shutil
    import subprocess

    from autograd_cli.support.errors import AgError

    from autograd_cli.support.limits import limit

    dot = shutil.which("dot")
    if dot is None:
        raise AgError(INSTALL_HINT.format(name=os.path.basename(path)))
    data = dot_text.encode("utf-8")
    if len(data) > MAX_DOT_BYTES:
        raise AgError(f"the graph's DOT text is {len(data):,} bytes, more than Graphviz can draw in reasonable "
                      f"time and memory (MAX_DOT_BYTES = {MAX_DOT_BYTES:,}); write -o graph.dot instead")
    memory = limit("MAX_MEMORY")

    def bounded():  # in the child, before exec: Graphviz gets the run's memory budget
        import resource

        try:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        except (ValueError, OSError):
            pass
    try:
        proc = subprocess.run([dot, f"-T{picture}"], input=data, capture_output=True, timeout=DOT_TIMEOUT,
                              check=False, preexec_fn=bounded if os.name == "posix" else None)
    except subprocess.TimeoutExpired:
        raise AgError(f"Graphviz took more than {DOT_TIMEOUT} s to draw {path}; the graph may be too "
                      "large to draw: write -o graph.dot instead") from None
    except OSError as exc:
        raise AgError(f"cannot run Graphviz's dot: {exc}") from None
    if proc.returncode != 0 or not proc.stdout:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise AgError(f"Graphviz could not draw {path}: {message[0] if message else 'exit ' + str(proc.returncode)}")
    return proc.stdout


def _ext(path: str) -> str:
    import os

    return os.path.splitext(path)[1].lower()
