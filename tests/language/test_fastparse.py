"""The hand-written parser (language/fastparse.py) builds exactly the tree Lark builds
from grammars/ag.lark, and leaves errors and deep nesting to Lark."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograd_cli.support.errors import AgError
from autograd_cli.language import syntax, tree
from autograd_cli.language.fastparse import Unsupported, parse_statements
from autograd_cli.language.tree import CALLBACKS

ROOT = Path(__file__).resolve().parents[2]



def lark_tree(source):
    lark, _ = syntax._parser()
    try:
        return repr(syntax.finish(source, [s for s in lark.parse(source) if s is not None]).statements)
    except Exception as exc:  # noqa: BLE001 - any rejection
        return f"error: {type(exc).__name__}"


def quick_tree(source):
    try:
        return repr(syntax.finish(source, parse_statements(source, CALLBACKS)).statements)
    except Unsupported:
        return None


def assert_same_tree(source):
    quick = quick_tree(source)
    if quick is not None:       # accepted: exactly Lark's tree (positions, offsets, depths, texts)
        assert quick == lark_tree(source), source


_ATOMS = ["x", "y1", "_z", "3", "2.5", ".5", "1e-3", "4.E+2", "None", "True", "False", "step",
          "'s'", '"t\\"q"', "define", "Nonesuch", "def"]
_BIN = [" + ", "-", " * ", "/", " @ ", "**", " < ", "<=", " == ", "!=", ">", " >= ", " // ", "%", "//", " % ",
        "*", "* *"]


@st.composite
def expressions(draw, depth=0):
    if depth > 3 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(_ATOMS))
    sub = lambda: draw(expressions(depth + 1))  # noqa: E731
    kind = draw(st.sampled_from(["bin", "unary", "paren", "call", "index", "list", "slice", "kw", "attr"]))
    if kind == "attr":     # TensorFlow spellings: tf.math.x(...), w.assign(v), x.T
        name = draw(st.sampled_from(["tf", "K", "w", "as", "import", "tf.math", "np"]))
        attr = draw(st.sampled_from(["T", "reduce_sum", "assign", "from", "5", "x.y"]))
        return f"{name}.{attr}" + draw(st.sampled_from(["", f"({sub()})", "()", f"({sub()}, k={sub()})"]))
    if kind == "bin":
        return sub() + draw(st.sampled_from(_BIN)) + sub()
    if kind == "unary":
        return draw(st.sampled_from(["-", "+", "- "])) + sub()
    if kind == "paren":
        return f"({sub()})" if draw(st.booleans()) else f"(\n{sub()}\n)"
    if kind == "call":
        args = [sub() for _ in range(draw(st.integers(0, 3)))]
        trailing = "," if args and draw(st.booleans()) else ""
        return f"{draw(st.sampled_from(['f', 'sin', 'None', 'def']))}({', '.join(args)}{trailing})"
    if kind == "kw":
        return f"g({sub()}, axis={sub()})" if draw(st.booleans()) else f"g(k={sub()}, {sub()})"
    if kind == "index":
        return f"{sub()}[{sub()}]"
    if kind == "slice":
        parts = draw(st.sampled_from(["{a}:", ":{a}", "{a}:{b}", "::{a}", "{a}:{b}:{a}", ":", "::",
                                      "{a}, :", "{a}:,", "..., {a}", "{a}, ...", "...", ":, None"]))
        return f"{sub()}[{parts.format(a=sub(), b=sub())}]"
    items = [sub() for _ in range(draw(st.integers(0, 3)))]
    return "[" + ", ".join(items) + ("," if items and draw(st.booleans()) else "") + "]"


@st.composite
def sources(draw):
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["assign", "unpack", "expr", "def", "blank", "junk", "grad", "import"]))
        e = draw(expressions())
        if kind == "assign":
            lines.append(f"{draw(st.sampled_from(['a', 'b2', 'None', 'def', 'step']))} = {e}")
        elif kind == "unpack":
            lines.append(f"a, b = {e}")
        elif kind == "def":
            params = draw(st.sampled_from(["", "t", "t, u", "None", "t,"]))
            grad = draw(st.sampled_from(["", " grad(dy) = dy", " grad(g) = [g, {e}]", " grad(g)= None",
                                         " grad = 1", " grad(dy) = {e}"]))
            lines.append(f"def h({params}) = {e}" + grad.format(e=draw(expressions())))
        elif kind == "blank":
            lines.append(draw(st.sampled_from(["", "# c", "  ", ";"])))
        elif kind == "junk":
            lines.append(draw(st.text(alphabet="ax1(),[]=:;+-*#.'\" \t\r\n<>!/%", max_size=12)))
        elif kind == "import":
            lines.append(draw(st.sampled_from(["import tensorflow as tf", "import numpy", "import a.b.c",
                                               "from tensorflow.keras import backend as K", "from a import b",
                                               "import tf as", "from a import", "import = 1", "as = 1",
                                               "import a as b as c", "from a as b", "x = import"])))
        elif kind == "grad":
            lines.append(draw(st.sampled_from(["grad = 1", "grad(x)", "x = grad[...]", "y = [...]"])))
        else:
            lines.append(e + draw(st.sampled_from(["", "  # note", ";", "; x"])))
    return draw(st.sampled_from(["\n", "\r\n", ";"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=300, deadline=None)
@given(sources())
def test_quick_parser_builds_larks_tree(source):
    assert_same_tree(source)


@pytest.mark.parametrize("path", sorted((ROOT / "samples").glob("*.ag")) + sorted((ROOT / "bench").glob("*.ag")),
                         ids=lambda p: p.name)
def test_quick_parser_on_samples(path):
    source = path.read_text()
    assert quick_tree(source) is not None, "the samples are plain programs: the quick path takes them"
    assert_same_tree(source)


def test_quick_parser_leaves_errors_and_deep_nesting_to_lark():
    for source in ["x = (1", "x = 1 < 2 < 3", "f(a=1, 2)", "x = def", "y = a.", "as = 1", "(" * 400 + "1" + ")" * 400]:
        assert quick_tree(source) is None
    with pytest.raises(AgError, match="never closed"):
        syntax.parse("x = (1\n")
    assert len(syntax.parse("y = " + "-" * 1000 + "1\n").statements) == 1


def test_floordiv_and_floormod_have_pythons_precedence():
    # * / // % @ share a level, left-associative; unary minus binds tighter; ** tighter still
    for source, expected in [("y = -7 % 2 * 3", "((-7 % 2) * 3)"), ("y = 2 * 7 // 3 % 4", "(((2 * 7) // 3) % 4)"),
                             ("y = 2 ** 3 % 5", "((2 ** 3) % 5)"), ("y = a + b // c", "(a + (b // c))"),
                             ("y = a % b ** 2", "(a % (b ** 2))"), ("y = a @ b % c", "((a @ b) % c)")]:
        assert_same_tree(source)
        assert quick_tree(source) is not None
        assert _shape(syntax.parse(source).statements[0].value) == expected


def _shape(e):
    if isinstance(e, tree.BinOp):
        return f"({_shape(e.left)} {e.op} {_shape(e.right)})"
    if isinstance(e, tree.Unary):
        return f"{e.op}{_shape(e.operand)}"
    return getattr(e, "text", None) or getattr(e, "id", None) or str(e.value)


@pytest.mark.parametrize("source", ["x = \u0661\u0662\u0663\n", "y = \uff12\n", "z = 1\u0665\n", "w = 2e\u0663\n",
                                    "v = \u09e7.5\n"])
def test_both_parsers_refuse_non_ascii_digits(source):
    # Python's \d matches any Unicode digit: `x = ١٢٣` was read as 123 (issue 15)
    assert quick_tree(source) is None
    assert lark_tree(source).startswith("error")
    with pytest.raises(AgError, match="unexpected|malformed"):
        syntax.parse(source)


def test_a_syntax_error_after_many_statements_is_found_from_its_statement():
    # Lark parses from the failing statement only (a 10 MB file took it 30-50 s)
    body = "x = 1.5 * 2 + 3\n" * 20_000
    for tail, where in (("y = (1 +\n", (20_001, 5)), ("y = 1 + * 2\n", (20_001, 9)), ("a = 1; b = )\n", (20_001, 12)),
                        ("z = [1,\n 2,\n", (20_001, 5))):
        with pytest.raises(AgError) as info:
            syntax.parse(body + tail)
        assert (info.value.pos.line, info.value.pos.col) == where, (tail, info.value)
        with pytest.raises(AgError) as small:
            syntax.parse(tail)
        assert small.value.message == info.value.message


def test_a_lone_cr_ends_a_line_in_both_parsers():
    program = syntax.parse("# comment\rx = 1\ry = 2\r")
    assert [s.targets for s in program.statements] == [["x"], ["y"]]


@pytest.mark.parametrize("source", [
    "import tensorflow as tf\nw = tf.Variable(2.0, name='w')\ny = tf.math.reduce_sum(w * w, axis=0)\n",
    "from tensorflow.keras import backend as K\nimport numpy as np\nx = K.mean(K.square(np.array([1.0])))\n",
    "import tensorflow.compat.v1 as tf\nx = tf.placeholder(tf.float32, shape=None)\nm = x.T\ns = x.shape\n",
    "w = variable(1.0)\nu = w.assign(w - 0.1)\nv = x[0].assign_add(1)\nz = f(x).T.shape\n",
    "import tensorflow as tf; y = tf.nn.relu(tf.constant([-1.0, 2.0]))[1]\n",
])
def test_quick_parser_takes_tensorflow_spellings(source):
    """Imports and attributes take the quick path (Lark and its grammar are not loaded for them)."""
    assert quick_tree(source) is not None
    assert_same_tree(source)


def test_parses_in_threads_do_not_share_state():
    """Each thread's Lark reports its own open bracket (the post-lexer keeps the parse's brackets)."""
    import threading

    found = []

    def work(k):
        for i in range(20):
            odd = (i + k) % 2
            try:
                syntax.parse("x = (1 +\n" if odd else "z = [1, 2\n")
            except AgError as exc:
                found.append((odd, exc.message))
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(found) == 80
    assert all(message == ("'(' is never closed" if odd else "'[' is never closed") for odd, message in found)
