"""Every error class of issue 2 through the CLI: exit code 2, `FILE:LINE:COL: message`
on stderr, then the source line and a caret under the place, nothing on stdout, and
never a Python traceback.

The table runs the CLI's own entry point (`autograd_cli.cli.main`, argv and stdio
replaced) in this process, where any escaping exception fails the test; a sample
of classes also runs as a real subprocess (`python -m autograd_cli`), to show the
process itself exits 2 without a traceback."""
from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from conftest import cli

HEAD = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def cli_in_process(*args, stdin=""):
    """The CLI's main() with argv and stdio replaced; returns a CompletedProcess."""
    from autograd_cli.cli import main

    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["autograd-cli", *map(str, args)]
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    try:
        main()
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 0
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def fails(tmp_path, source: str, *options, stdin=False, run=cli_in_process):
    """Run `eval` on the program; check the error's shape; return (line, col, message)."""
    if stdin:
        proc = run("eval", "-", *options, stdin=source)
        filename = "<stdin>"
    else:
        path = tmp_path / "prog.ag"
        path.write_text(source, encoding="utf-8")
        proc = run("eval", path, *options)
        filename = str(path)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert proc.stdout == ""
    head, shown, caret, *rest = proc.stderr.rstrip("\n").split("\n")
    match = HEAD.match(head)
    assert match, f"no FILE:LINE:COL: prefix in {head!r}"
    assert match["file"] == filename
    line, col = int(match["line"]), int(match["col"])
    source_line = source.splitlines()[line - 1]
    assert shown == "  " + source_line, (shown, source_line)
    assert caret == "  " + " " * (col - 1) + "^", f"the caret is not under column {col}"
    assert not rest, rest
    return line, col, match["message"]


# (what, program, line, column or None, words the message must contain)
CASES = [
    # syntax: what was expected, in words
    ("operator without operand", "x = 1.0\ny = x + * 2\n", 2, 9, ["unexpected '*'", "expected an expression"]),
    ("line ends early", "x = 1.0\ny = x +\nz = 2\n", 2, None, ["end of line", "expected an expression"]),
    ("unclosed bracket", "x = 1.0\ny = (x +\n  2\n", 2, 5, ["'(' is never closed"]),
    ("unexpected character", "y = 3 $ 4\n", 1, 7, ["'$'"]),
    ("unterminated string", "y = gradients(1.0, 1.0, unconnected_gradients=\"zero)\n", 1, None,
     ["unterminated string"]),
    ("chained comparison", "x = 1.0\ny = 0 < x < 2\n", 2, None, ["chain"]),
    ("attribute access", "x = 1.0\ny = x.numpy()\n", 2, None, ["attribute"]),
    # names and calls
    ("unknown function", "x = 1.0\n\ny = 2 * sine(x)\n", 3, 9, ["unknown function 'sine'", "did you mean 'sin'?"]),
    ("unknown function near a def", "def square_it(t) = t * t\ny = square_ti(2.0)\n", 2, None,
     ["did you mean 'square_it'?"]),
    ("input without a value", "w = 2.0\ny = w * xx\n", 2, 9, ["--set xx="]),
    ("too many arguments", "y = exp(1.0, 2.0)\n", 1, 14, ["at most 1"]),
    ("missing argument", "y = matmul([[1.0]])\n", 1, None, ["missing the argument 'b'"]),
    ("unknown keyword", "y = reduce_sum([1.0], axes=0)\n", 1, 23, ["no parameter 'axes'", "did you mean 'axis'?"]),
    ("keyword given twice", "y = reduce_sum([1.0], 0, axis=0)\n", 1, None, ["twice"]),
    ("recursion", "def f(t) = f(t) + 1\ny = f(1.0)\n", 1, None, ["recursion"]),
    ("unpacking the wrong number", "a = 1.0\nb, c = gradients(a * a, [a])\n", 2, None, ["1", "2 names"]),
    # shapes and values
    ("shape mismatch", "a = ones([2, 3])\nb = ones([4])\nc = a + b\n", 3, 7, ["(2, 3)", "(4,)"]),
    ("matmul mismatch", "a = ones([2, 3])\nc = a @ ones([3, 3])[:2]\n", 2, None, ["(2, 3)", "(2, 3)"]),
    ("None gradient cut by stop_gradient",
     "w1 = variable(2.0)\nw2 = variable(2.0)\na = stop_gradient(w1 * 3)\nb = a * w2\n"
     "g = gradients(b, [w1, w2])\nstep_w1 = w1 - 0.1 * g[0]\n", 6, None,
     ["w1", "None", "stop_gradient at line 3"]),
    ("None gradient without a path", "a = 1.0\nb = 2.0\ng = gradients(a * 2, b)[0] + 1\n", 3, None,
     ["b", "None", "no path"]),
    ("non-integral index", "x = ones([3])\ny = x[1.5]\n", 2, 7, ["integer", "1.5"]),
    ("non-integral axis", "x = ones([3])\ny = reduce_sum(x, axis=0.5)\n", 2, None, ["integer"]),
    ("index out of range", "x = ones([3])\ny = x[3]\n", 2, None, ["out of"]),
    ("bad unconnected_gradients", "x = 1.0\ng = gradients(x, x, unconnected_gradients=1 + 1)\n", 2, 45,
     ["\"none\" or \"zero\", got 1 + 1"]),
    ("bad unconnected_gradients string", "x = 1.0\ng = gradients(x, x, unconnected_gradients='zeros')\n", 2, 43,
     ["got 'zeros'"]),
    # checked by an op's prepare step (these once escaped as a traceback)
    ("axis out of range", "x = ones([2])\ny = reduce_sum(x, axis=1)\n", 2, 5, ["axis 1", "rank 1"]),
    ("bad perm", "y = transpose(ones([2, 3]), perm=[0, 0])\n", 1, 5, ["perm", "(2, 3)"]),
    ("bad reshape", "y = reshape(ones([2, 3]), [4, -1])\n", 1, 5, ["(2, 3)", "(4, -1)"]),
    ("squeeze a non-1 axis", "y = squeeze(ones([2, 1]), axis=0)\n", 1, 5, ["axis 0", "size 2"]),
    ("concat mismatch", "y = concat([ones([2, 3]), ones([2, 2])], axis=0)\n", 1, 5, ["(2, 3)", "(2, 2)"]),
    ("softmax of a scalar", "y = softmax(1.0)\n", 1, 5, ["rank 1"]),
]


def check(tmp_path, case, run=cli_in_process):
    what, source, line, col, words = case
    got_line, got_col, message = fails(tmp_path, source, run=run)
    assert got_line == line and (col is None or got_col == col), (got_line, got_col, message)
    for word in words:
        assert word in message, (word, message)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_error_class(tmp_path, case):
    check(tmp_path, case)


SUBPROCESS_SAMPLE = ["operator without operand", "unknown function", "shape mismatch",
                     "None gradient cut by stop_gradient", "non-integral index", "axis out of range"]


@pytest.mark.parametrize("what", SUBPROCESS_SAMPLE)
def test_error_class_in_a_real_process(tmp_path, what):
    check(tmp_path, next(c for c in CASES if c[0] == what), run=cli)


# ---------------------------------------------------------------- inputs

def test_errors_from_stdin_are_named_stdin(tmp_path):
    line, col, msg = fails(tmp_path, "y = 1.0\nz = y +\n", stdin=True, run=cli)
    assert line == 2


def test_set_on_a_computed_name_points_at_its_assignment(tmp_path):
    line, col, msg = fails(tmp_path, "a = 1.0\nx = a * 2\n", "--set", "x=3")
    assert line == 2 and "--set x" in msg


@pytest.mark.parametrize("content, words", [(None, "cannot read"), (b"x = 1\n\xff\n", "UTF-8")])
def test_unreadable_programs(tmp_path, content, words):
    path = tmp_path / "p.ag"
    if content is not None:
        path.write_bytes(content)
    proc = cli("eval", path)
    assert proc.returncode == 2 and words in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(str(path) + ":")
