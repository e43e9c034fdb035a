"""Every error class of issue 2 through the real CLI (a subprocess): exit code 2,
`FILE:LINE:COL: message` on stderr, then the source line and a caret under the
place, nothing on stdout, and never a Python traceback."""
from __future__ import annotations

import re

import pytest

from conftest import cli

HEAD = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def fails(tmp_path, source: str, *options, stdin=False):
    """Run `eval` on the program; check the error's shape; return (line, col, message)."""
    if stdin:
        proc = cli("eval", "-", *options, stdin=source)
        filename = "<stdin>"
    else:
        path = tmp_path / "prog.ag"
        path.write_text(source, encoding="utf-8")
        proc = cli("eval", path, *options)
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


# ---------------------------------------------------------------- syntax

def test_syntax_error_says_what_was_expected(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\ny = x + * 2\n")
    assert (line, col) == (2, 9)
    assert "unexpected '*'" in msg and "expected an expression" in msg


def test_syntax_error_at_end_of_line(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\ny = x +\nz = 2\n")
    assert line == 2 and "end of line" in msg and "expected an expression" in msg


def test_unclosed_bracket_points_at_it(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\ny = (x +\n  2\n")
    assert (line, col) == (2, 5) and "'(' is never closed" in msg


def test_unexpected_character(tmp_path):
    line, col, msg = fails(tmp_path, "y = 3 $ 4\n")
    assert (line, col) == (1, 7) and "'$'" in msg


def test_unterminated_string(tmp_path):
    line, col, msg = fails(tmp_path, "y = gradients(1.0, 1.0, unconnected_gradients=\"zero)\n")
    assert line == 1 and "unterminated string" in msg


def test_chained_comparison(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\ny = 0 < x < 2\n")
    assert line == 2 and "chain" in msg


def test_attribute_access_is_not_part_of_the_language(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\ny = x.numpy()\n")
    assert line == 2 and "attribute" in msg


# ---------------------------------------------------------------- names and calls

def test_unknown_function_suggests_the_closest_name(tmp_path):
    line, col, msg = fails(tmp_path, "x = 1.0\n\ny = 2 * sine(x)\n")
    assert (line, col) == (3, 9) and "unknown function 'sine'" in msg and "did you mean 'sin'?" in msg


def test_unknown_function_suggests_a_user_def(tmp_path):
    line, col, msg = fails(tmp_path, "def square_it(t) = t * t\ny = square_ti(2.0)\n")
    assert line == 2 and "did you mean 'square_it'?" in msg


def test_input_without_a_value(tmp_path):
    line, col, msg = fails(tmp_path, "w = 2.0\ny = w * xx\n")
    assert (line, col) == (2, 9) and "--set xx=" in msg


def test_wrong_arity(tmp_path):
    line, col, msg = fails(tmp_path, "y = exp(1.0, 2.0)\n")
    assert (line, col) == (1, 14) and "at most 1" in msg
    line, col, msg = fails(tmp_path, "y = matmul([[1.0]])\n")
    assert line == 1 and "missing the argument 'b'" in msg


def test_unknown_keyword_suggests_the_parameter(tmp_path):
    line, col, msg = fails(tmp_path, "y = reduce_sum([1.0], axes=0)\n")
    assert (line, col) == (1, 23) and "no parameter 'axes'" in msg and "did you mean 'axis'?" in msg


def test_keyword_given_twice(tmp_path):
    line, col, msg = fails(tmp_path, "y = reduce_sum([1.0], 0, axis=0)\n")
    assert line == 1 and "twice" in msg


def test_recursion(tmp_path):
    line, col, msg = fails(tmp_path, "def f(t) = f(t) + 1\ny = f(1.0)\n")
    assert line == 1 and "recursion" in msg


def test_unpacking_the_wrong_number(tmp_path):
    line, col, msg = fails(tmp_path, "a = 1.0\nb, c = gradients(a * a, [a])\n")
    assert line == 2 and "1" in msg and "2 names" in msg


# ---------------------------------------------------------------- shapes and values

def test_shape_mismatch_names_both_shapes(tmp_path):
    line, col, msg = fails(tmp_path, "a = ones([2, 3])\nb = ones([4])\nc = a + b\n")
    assert (line, col) == (3, 7) and "(2, 3)" in msg and "(4,)" in msg


def test_matmul_mismatch_names_both_shapes(tmp_path):
    line, col, msg = fails(tmp_path, "a = ones([2, 3])\nc = a @ ones([2, 3])\n")
    assert line == 2 and msg.count("(2, 3)") == 2


def test_none_gradient_in_arithmetic_says_which_x_and_why(tmp_path):
    source = ("w1 = variable(2.0)\nw2 = variable(2.0)\na = stop_gradient(w1 * 3)\nb = a * w2\n"
              "g = gradients(b, [w1, w2])\nstep_w1 = w1 - 0.1 * g[0]\n")
    line, col, msg = fails(tmp_path, source)
    assert line == 6 and "w1" in msg and "None" in msg and "stop_gradient at line 3" in msg


def test_none_gradient_no_path(tmp_path):
    line, col, msg = fails(tmp_path, "a = 1.0\nb = 2.0\ng = gradients(a * 2, b)[0] + 1\n")
    assert line == 3 and "b" in msg and "no path" in msg


def test_non_integral_index(tmp_path):
    line, col, msg = fails(tmp_path, "x = ones([3])\ny = x[1.5]\n")
    assert (line, col) == (2, 7) and "integer" in msg and "1.5" in msg


def test_non_integral_axis(tmp_path):
    line, col, msg = fails(tmp_path, "x = ones([3])\ny = reduce_sum(x, axis=0.5)\n")
    assert line == 2 and "integer" in msg


def test_index_out_of_range(tmp_path):
    line, col, msg = fails(tmp_path, "x = ones([3])\ny = x[3]\n")
    assert line == 2 and "out of" in msg


# ---------------------------------------------------------------- inputs

def test_errors_from_stdin_are_named_stdin(tmp_path):
    line, col, msg = fails(tmp_path, "y = 1.0\nz = y +\n", stdin=True)
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
