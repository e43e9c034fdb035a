"""Compare what our tool printed with what real TensorFlow printed (stored in expected/).

Pure Python and the standard library: the test suite imports this without TensorFlow.

`compare(ours, theirs)` returns the differences as sentences (empty when the two agree):

- Both texts are cut into number tokens and the text between them. Text must be equal,
  with two allowances that are about layout, not content:
  * inside `[...]` (NumPy's and TensorFlow's array printing) a run of whitespace, line breaks
    included, counts as one space, and whitespace just after `[` or just before `]` or `,`
    is ignored: NumPy pads and wraps columns by the width of the widest number (`array([[
    -0.17,  0.12 ,  0.05]])`), so one digit more or less moves every column;
  * a Keras progress bar (`fit`, `evaluate`, `predict` with verbose 1 or 2) counts as its
    final state without the bar and the timings, `4/4 - loss: 0.6931 - accuracy: 0.5000`: its
    refreshes and seconds per step are the run's own (both texts are reduced so);
  * NumPy 2's scalar reprs (`np.float32(3.0)`, `np.int64(2)`, `np.True_`) count as their
    plain values (`3.0`, `2`, `True`), the TensorFlow 1.x-era printing of NumPy scalars in a
    list; and memory addresses (`0x7f...`) count as equal.
- A number is an integer (`3`, `-12`), a float (`3.0`, `3.`, `.5`, `1e-07`, `-1.5E+08`) or
  `nan` / `inf` / `-inf`, standing alone (not part of a name such as `float32` or `Mul_1`).
  Integers must be equal and stay integers (`3` is not `3.0`: that is a dtype difference).
  Floats agree when |ours - theirs| <= atol + rtol * scale, where scale is the largest
  magnitude of the two and of every number TensorFlow printed in the same outermost `[...]`
  (an array is printed, and computed in float32, relative to its largest element: an entry
  that is 0 in TensorFlow may be a few float32 ulps of the array's scale in ours). nan
  matches only nan, inf only the same inf. Defaults: rtol = 2e-6 (about 16 float32 ulps,
  for sums and products done in another order) and atol = 1e-9.
- `check_numbers=False` keeps the layout and the kind of every number but not its value,
  for outputs that are not deterministic (the seed posts' unseeded NumPy and initialisers).

`compare_error(ours_stderr, expected_error)` compares our located error with TensorFlow's
stored one ({"type", "message", "line"}). Our stderr's first line of the form
`FILE:LINE:COL: TypeName: message` is the one compared:
- the type names must be equal (only the last dotted part counts:
  `tf.errors.InvalidArgumentError` is `InvalidArgumentError`);
- the lines must be equal (when TensorFlow's line is known);
- the messages must be equal after collapsing whitespace (and the NumPy-scalar and address
  rules above), TensorFlow's message being its first non-empty line; a leading
  `{{function_node ...}}` is removed from both. When TensorFlow's line holds text that names
  graph nodes or devices (` [Op:`, `[[`, `{{`, ` name: `, `(defined at`), only the part
  before the first such marker is compared, and ours must start with it.
  Our message is the rest of the located line; it may go on after TensorFlow's message with
  a hint in parentheses (`MESSAGE (the gradient with respect to w is None: ...)`), or put
  the hint on a line of its own.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

RTOL = 2e-6
ATOL = 1e-9
MAX_DIFFERENCES = 20

_NUMPY_SCALAR = re.compile(
    r"\bnp\.(?:float|int|uint|complex)(?:8|16|32|64|128)?\(\s*([^()]*?)\s*\)")
_NUMPY_BOOL = re.compile(r"\bnp\.(True|False)_")
_NUMPY_STR = re.compile(r"\bnp\.(?:str|bytes)_\(([^()]*)\)")
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]+\b")

# A number stands alone: not after a letter, digit, underscore or dot (so `float32`, `Mul_1`
# and the `.0` of `2.21.0` are text), and not followed by a letter, digit or underscore, but for
# the `j` of a complex number's imaginary part (`-1.5+0.8660254j`: both parts are numbers).
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])"
    r"(?P<num>-?(?:(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|\d+|nan|inf))"
    r"(?:(?=j(?![A-Za-z0-9_]))|(?![A-Za-z0-9_]))")


@dataclass
class Number:
    raw: str
    value: float
    is_int: bool
    line: int
    group: int | None  # index of the outermost [...] holding it, None outside brackets


@dataclass
class Text:
    raw: str
    line: int


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_STEP_TIME = re.compile(r"\s*(?:-\s*)?\b\d+(?:\.\d+)?(?:s|ms|us)(?:/step)?(?![A-Za-z0-9_])")
_VERBOSE_2 = re.compile(r"^\s*\d+/\d+ - \d+s - \d+(?:\.\d+)?(?:s|ms|us)/step\b")


def progress_bars(text: str) -> str:
    """Each Keras progress bar line as its final state, `N/M - name: value - ...` (module docstring)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        plain = _ANSI.sub("", line)
        if "\u2501" in plain or _VERBOSE_2.match(plain):
            final = plain.split("\r")[-1].replace("\b", "").replace("\u2501", "")
            final = re.sub(r"\s+", " ", _STEP_TIME.sub("", final)).strip()
            lines[i] = re.sub(r"^(\d+/\d+)\s*-?\s*", r"\1 - ", final).rstrip(" -")
    return "\n".join(lines)


def normalise(text: str) -> str:
    """The printing conventions that are not content (see the module's docstring)."""
    text = progress_bars(text)
    text = _NUMPY_SCALAR.sub(r"\1", text)
    text = _NUMPY_BOOL.sub(r"\1", text)
    text = _NUMPY_STR.sub(r"\1", text)
    return _ADDRESS.sub("0x?", text)


def _number(raw: str, line: int, group):
    body = raw.lstrip("-")
    is_int = body.isdigit()
    value = float(int(raw)) if is_int and len(body) < 300 else float(raw)
    return Number(raw, value, is_int, line, group)


def tokenize(text: str) -> list:
    """Numbers and the text between them; whitespace inside brackets normalised."""
    text = normalise(text)
    tokens = []
    depth = 0
    group = -1
    line = 1
    pos = 0
    buf = []

    def flush():
        if buf:
            tokens.append(Text("".join(buf), buf_line[0]))
            buf.clear()

    buf_line = [1]
    while pos < len(text):
        match = _NUMBER.match(text, pos)
        if match:
            flush()
            tokens.append(_number(match.group("num"), line, group if depth else None))
            pos = match.end()
            continue
        ch = text[pos]
        if ch.isspace() and depth > 0:
            end = pos
            while end < len(text) and text[end].isspace():
                line += text[end] == "\n"
                end += 1
            nxt = text[end] if end < len(text) else ""
            prev = buf[-1] if buf else (tokens[-1].raw[-1:] if tokens and isinstance(tokens[-1], Text) else "")
            if nxt not in ("]", ",") and prev != "[":
                if not buf:
                    buf_line[0] = line
                buf.append(" ")
            pos = end
            continue
        if not buf:
            buf_line[0] = line
        if ch == "[":
            if depth == 0:
                group += 1
            depth += 1
        elif ch == "]" and depth > 0:
            depth -= 1
        buf.append(ch)
        line += ch == "\n"
        pos += 1
    flush()
    return _merge_text(tokens)


def _merge_text(tokens):
    merged = []
    for tok in tokens:
        if isinstance(tok, Text) and merged and isinstance(merged[-1], Text):
            merged[-1] = Text(merged[-1].raw + tok.raw, merged[-1].line)
        else:
            merged.append(tok)
    return merged


def _group_scales(tokens) -> dict:
    scales: dict = {}
    for tok in tokens:
        if isinstance(tok, Number) and tok.group is not None and math.isfinite(tok.value):
            scales[tok.group] = max(scales.get(tok.group, 0.0), abs(tok.value))
    return scales


def _show(s: str, limit: int = 60) -> str:
    s = repr(s)
    return s if len(s) <= limit else s[:limit - 4] + "...'"


def _numbers_agree(ours: Number, theirs: Number, scale: float, rtol: float, atol: float):
    if ours.is_int and theirs.is_int:
        return int(ours.raw) == int(theirs.raw), 0.0
    a, b = ours.value, theirs.value
    if math.isnan(b) or math.isnan(a):
        return math.isnan(a) and math.isnan(b), 0.0
    if math.isinf(b) or math.isinf(a):
        return a == b, 0.0
    tol = atol + rtol * max(abs(a), abs(b), scale)
    if abs(a - b) <= tol:
        return True, tol
    unit = _rounding_unit(ours.raw, theirs.raw)
    return abs(a - b) <= tol + unit * (1 + 1e-9), tol + unit


def _rounding_unit(ours: str, theirs: str) -> float:
    """One unit of the last decimal where both texts look like the same rounding of a value
    (`x.round(5)`: fixed notation, as many decimals, five significant digits or more): two
    values within tolerance print one unit apart where they straddle a rounding boundary
    (3.712384 and 3.712386 print 3.71238 and 3.71239). 0 otherwise: NumPy and Python print
    the shortest text that reads back as the value, so 2.5 and 2.6 are two values."""
    if "e" in ours.lower() or "e" in theirs.lower():
        return 0.0
    decimals = {len(text.partition(".")[2]) for text in (ours, theirs)}
    digits = min(len(text.replace("-", "").replace(".", "").lstrip("0")) for text in (ours, theirs))
    if len(decimals) != 1 or digits < 5:
        return 0.0
    return 10.0 ** -decimals.pop()


def compare(ours: str, theirs: str, *, rtol: float = RTOL, atol: float = ATOL,
            check_numbers: bool = True) -> list[str]:
    """The differences between our printed text and TensorFlow's (empty when they agree)."""
    mine = tokenize(ours)
    ref = tokenize(theirs)
    scales = _group_scales(ref)
    diffs: list[str] = []
    for i, (o, t) in enumerate(zip(mine, ref)):
        if isinstance(t, Text):
            if not isinstance(o, Text) or o.raw != t.raw:
                if isinstance(o, Text) and i == len(ref) - 1 and o.raw.startswith(t.raw):
                    extra = o.raw[len(t.raw):] + "".join(tok.raw for tok in mine[i + 1:])
                    diffs.append(f"unexpected output at the end: {_show(extra)}")
                    return diffs
                if isinstance(o, Text) and i == len(mine) - 1 and t.raw.startswith(o.raw):
                    missing = t.raw[len(o.raw):] + "".join(tok.raw for tok in ref[i + 1:])
                    diffs.append(f"line {t.line}: output missing: {_show(missing)}")
                    return diffs
                got = o.raw if isinstance(o, Text) else f"the number {o.raw}"
                diffs.append(f"line {t.line}: expected text {_show(t.raw)}, got {_show(got)}")
                return diffs  # everything after a text difference is out of step
            continue
        if not isinstance(o, Number):
            diffs.append(f"line {t.line}: expected the number {t.raw}, got text {_show(o.raw)}")
            return diffs
        if o.is_int != t.is_int:
            kind = "an integer" if t.is_int else "a float"
            diffs.append(f"line {t.line}: expected {kind} {t.raw}, got {o.raw}")
            continue
        if not check_numbers:
            continue
        scale = scales.get(t.group, 0.0) if t.group is not None else 0.0
        same, tol = _numbers_agree(o, t, scale, rtol, atol)
        if not same:
            detail = f" (|difference| {abs(o.value - t.value):.3g} > tolerance {tol:.3g})" if tol else ""
            diffs.append(f"line {t.line}: expected {t.raw}, got {o.raw}{detail}")
        if len(diffs) >= MAX_DIFFERENCES:
            diffs.append("... (further differences not listed)")
            return diffs
    if len(mine) > len(ref):
        extra = "".join(tok.raw for tok in mine[len(ref):])
        diffs.append(f"unexpected output at the end: {_show(extra)}")
    elif len(ref) > len(mine):
        missing = "".join(tok.raw for tok in ref[len(mine):])
        line = ref[len(mine)].line
        diffs.append(f"line {line}: output missing: {_show(missing)}")
    return diffs


# ----------------------------------------------------------------------------- errors

_LOCATED = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<type>[A-Za-z_][\w.]*): ?(?P<message>.*)$")
_FUNCTION_NODE = re.compile(r"^\{\{function_node [^}]*\}\}\s*")
_VOLATILE = (" [Op:", "[[", "{{", " name: ", "(defined at")


def parse_located_error(stderr: str):
    """(file, line, col, type, message) of the first located error line, or None."""
    for line in stderr.splitlines():
        match = _LOCATED.match(line.strip("\r"))
        if match:
            return (match.group("file"), int(match.group("line")), int(match.group("col")),
                    match.group("type"), match.group("message"))
    return None


def _collapse(text: str) -> str:
    return " ".join(normalise(text).split())


def expected_message(message: str) -> tuple[str, bool]:
    """TensorFlow's message as compared, and whether it is a prefix (see the docstring)."""
    first = next((ln for ln in message.splitlines() if ln.strip()), "")
    first = _FUNCTION_NODE.sub("", first.strip())
    cut = min((first.find(m) for m in _VOLATILE if first.find(m) >= 0), default=-1)
    if cut >= 0:
        return _collapse(first[:cut]), True
    return _collapse(first), False


def compare_error(ours_stderr: str, expected_error: dict) -> list[str]:
    """The differences between our located error (stderr) and TensorFlow's stored error."""
    parsed = parse_located_error(ours_stderr)
    if parsed is None:
        first = ours_stderr.strip().splitlines()[:1]
        return [f"no `FILE:LINE:COL: Type: message` line in our stderr "
                f"(first line: {_show(first[0] if first else '', 100)})"]
    _file, line, _col, type_name, message = parsed
    diffs = []
    want_type = expected_error["type"].rsplit(".", 1)[-1]
    if type_name.rsplit(".", 1)[-1] != want_type:
        diffs.append(f"expected the error type {want_type}, got {type_name}")
    want_line = expected_error.get("line")
    if want_line is not None and line != want_line:
        diffs.append(f"expected the error on line {want_line}, got line {line}")
    want, is_prefix = expected_message(expected_error.get("message", ""))
    got = _collapse(_FUNCTION_NODE.sub("", message.strip()))
    hinted = got.startswith(want + " (") and got.endswith(")")
    if is_prefix:
        if not got.startswith(want):
            diffs.append(f"expected a message starting {_show(want, 120)}, got {_show(got, 120)}")
    elif got != want and not hinted:
        diffs.append(f"expected the message {_show(want, 120)}, got {_show(got, 120)}")
    return diffs
