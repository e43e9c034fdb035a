"""The §1 language, through `autograd_cli.evaluate` and the real CLI.

Expected numbers are worked out by hand (or plain Python/NumPy in the test)."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from autograd_cli import AgError, evaluate
from conftest import cli, cli_json


def values(source, **kw):
    return evaluate(source, **kw).values


def num(value):
    """A value as plain nested Python floats (lists of scalars and tensors alike)."""
    if isinstance(value, list):
        return [num(v) for v in value]
    return np.asarray(value).tolist()


def error_of(source, **kw) -> AgError:
    with pytest.raises(AgError) as info:
        evaluate(source, **kw)
    return info.value


# ---------------------------------------------------------------- precedence

@pytest.mark.parametrize("expr, expected", [
    ("-x**2", -9.0),              # unary minus binds looser than **
    ("(-x)**2", 9.0),
    ("2**3**2", 512.0),           # ** is right-associative
    ("(2**3)**2", 64.0),
    ("2**-1", 0.5),               # unary after **
    ("-2**-2", -0.25),
    ("1 + 2 * 3", 7.0),
    ("2 * 3 ** 2", 18.0),
    ("8 / 4 / 2", 1.0),           # left-assoc
    ("8 - 4 - 2", 2.0),
    ("--x", 3.0),
    ("+x - -x", 6.0),
    (".5 + 1e-3 + 2.", 2.501),
])
def test_precedence_and_associativity(expr, expected):
    assert float(values(f"x = 3.0\ny = {expr}")["y"]) == pytest.approx(expected, rel=1e-15)


def test_comparisons_are_lowest_and_give_booleans():
    v = values("a = 1 + 2 > 2 * 1\nb = 1 - 1 == 0\nc = 2 ** 2 != 4\nd = [1.0, 3.0] <= 2")
    assert v["a"] is True or np.asarray(v["a"]).item() is True
    assert bool(v["b"]) and not bool(v["c"])
    assert np.asarray(v["d"]).dtype == bool and num(v["d"]) == [True, False]


def test_comparisons_do_not_chain():
    err = error_of("x = 1.0\ny = 0 < x < 2")
    assert "chain" in err.message and err.pos.line == 2


# ---------------------------------------------------------------- statements

def test_semicolons_comments_and_blank_lines():
    v = values("# a comment\n\na = 1; b = 2;; c = a + b;  # trailing\n\n\nd = c * 2\n")
    assert num([v["a"], v["b"], v["c"], v["d"]]) == [1.0, 2.0, 3.0, 6.0]


def test_expressions_continue_over_lines_inside_brackets():
    v = values("y = (1 +\n   2\n)\nz = [1,\n  2,\n]\nw = reduce_sum(\n  z,   # comment inside\n\n  axis=0)\n")
    assert float(v["y"]) == 3.0 and num(v["z"]) == [1.0, 2.0] and float(v["w"]) == 3.0


def test_a_newline_outside_brackets_ends_the_statement():
    err = error_of("y = 1 +\n2")
    assert err.pos.line == 1


def test_bare_expression_is_an_output_named_by_its_text():
    v = values("x = 2.0\n  x * 3   # six\n")
    assert list(v) == ["x", "x * 3"] and float(v["x * 3"]) == 6.0


def test_unpacking():
    v = values("a, b = [1.0, 2.0]\nc, d = gradients(a * b, [a, b])")
    assert num([v["a"], v["b"], v["c"], v["d"]]) == [1.0, 2.0, 2.0, 1.0]
    assert "3 into 2" in error_of("a, b = [1.0, 2.0, 3.0]").message
    assert "single value" in error_of("a, b = 1.0").message


def test_reassignment_later_uses_see_the_newest_value():
    src = "x = 1.0\ny = x * 2\nx = 5.0\nz = x * 2\nx = x + 1\ng = gradients(x, y)\nh = gradients(z, x)"
    result = evaluate(src)
    v = result.values
    assert num([v["x"], v["y"], v["z"]]) == [6.0, 2.0, 10.0]
    assert list(v)[:3] == ["x", "y", "z"]        # order of first assignment
    g, h = result.gradients
    assert g.values == [None]                    # newest x is not computed from y
    assert h.values == [None]                    # z uses the x of line 3, not the newest
    assert float(values("x = 2.0\nx = x * x\nx = x * x\ng = gradients(x, x)")["g"][0]) == 1.0


# ---------------------------------------------------------------- def

def test_def_sees_names_assigned_before_it_with_their_values_then():
    v = values("k = 2.0\ndef f(t) = t * k\nk = 10.0\ny = f(3.0)\nz = f(t=1.0)")
    assert float(v["y"]) == 6.0 and float(v["z"]) == 2.0


def test_def_inlines_and_differentiates():
    v = values("def sq(t) = t * t\ndef quad(t) = sq(sq(t))\nx = 1.5\ny = quad(x)\ng = gradients(y, x)")
    assert float(v["y"]) == 1.5 ** 4 and float(v["g"][0]) == 4 * 1.5 ** 3


@pytest.mark.parametrize("src, words, line", [
    ("def f(t) = t * m\nm = 2.0\ny = f(3.0)", "'m' is not visible inside def f", 1),
    ("def f(t) = t * m\nm = 2.0", "'m' is not visible inside def f", 1),      # even if never called
    ("def f(t) = f(t)\ny = f(1.0)", "recursion", 1),
    ("def f(t) = f(t)", "recursion", 1),
    ("def g(t) = h(t)\ndef h(t) = t\ny = g(1.0)", "defined after", 1),
    ("def f(t, t) = t", "bad parameter", 1),
    ("def sin(t) = t", "built-in", 1),
    ("def f(t) = t\ny = f(1.0, 2.0)", "at most 1", 2),
])
def test_def_errors(src, words, line):
    err = error_of(src)
    assert words in err.message and err.pos.line == line


# ---------------------------------------------------------------- inputs and --set

def test_inputs_via_set_number_and_json_array():
    v = values("y = x * 2 + u", sets={"x": np.asarray([1.0, 2.0]), "u": np.asarray(0.5)})
    assert num(v["y"]) == [2.5, 4.5] and num(v["x"]) == [1.0, 2.0]   # inputs appear in values
    doc = cli_json("eval", "-", "--set", "x=[[1, 2]]", "--set", "u=-0.5", stdin="y = x * 2 + u\n")
    assert doc["values"] == {"x": [[1.0, 2.0]], "u": -0.5, "y": [[1.5, 3.5]]}


def test_an_input_without_set_is_an_error_naming_the_option():
    err = error_of("y = x * 2")
    assert "--set x=" in err.message and err.pos.line == 1 and err.pos.col == 5


@pytest.mark.parametrize("rhs", ["1.0", "-1.0", "[1.0, 2.0]", "constant([1.0])", "variable(1.0)"])
def test_set_replaces_a_literal_or_variable(rhs):
    result = evaluate(f"x = {rhs}\ny = x * x\ng = gradients(y, x)", sets={"x": np.asarray([3.0, 4.0])})
    assert num(result.values["x"]) == [3.0, 4.0]
    assert num(result.values["y"]) == [9.0, 16.0]
    assert num(result.values["g"]) == [[6.0, 8.0]]


@pytest.mark.parametrize("src, words", [
    ("z = 1.0\nx = z * 1\ny = x * 2", "computed"),
    ("x = 1.0\nx = 2.0\ny = x", "assigned 2 times"),
    ("x = sin(1.0)", "computed"),
    ("a, x = [1.0, 2.0]", "computed"),
    ("y = 2.0", "no name 'x'"),
])
def test_set_on_a_computed_or_absent_name_is_an_error(src, words):
    err = error_of(src, sets={"x": np.asarray(4.0)})
    assert words in err.message and "--set x" in err.message


def test_set_through_the_cli_rejects_garbage():
    proc = cli("eval", "-", "--set", "x=[1, [2]]", stdin="y = x\n")
    assert proc.returncode == 2 and "--set x" in proc.stderr and "Traceback" not in proc.stderr
    proc = cli("eval", "-", "--set", "x", stdin="y = x\n")
    assert proc.returncode == 2 and "NAME=VALUE" in proc.stderr


# ---------------------------------------------------------------- lists, indexing, keywords

def test_list_packing_like_convert_to_tensor():
    v = values("a = [[1, 2]] + 0\nb = [1.0, 2.0] * [[1.0], [10.0]]\nx = 2.0\nc = [x, x * x] * 1")
    assert np.asarray(v["a"]).shape == (1, 2) and num(v["a"]) == [[1.0, 2.0]]
    assert num(v["b"]) == [[1.0, 2.0], [10.0, 20.0]]
    assert num(v["c"]) == [2.0, 4.0]


def test_gradient_reaches_the_items_of_a_packed_list():
    # every number is a tensor and [a, b] stacks a and b, so gradients reach list items
    v = values("x = [1.0, 2.0]\ng = gradients(reduce_sum(x * x), x)\n"
               "m = [[1.0, 2.0]]\nh = gradients(reduce_sum(m * m * m), m)\n"
               "a = 3.0\nk = gradients(reduce_sum([a, 2 * a]), a)")
    assert num(v["g"]) == [2.0, 4.0]
    assert num(v["h"]) == [[3.0, 12.0]]
    assert num(v["k"]) == [3.0]


def test_lists_with_different_item_shapes_do_not_pack():
    err = error_of("y = [1.0, [2.0, 3.0]] + 1")
    assert "different shapes" in err.message


def test_indexing_and_slicing_tensors():
    v = values("t = constant([[1, 2, 3], [4, 5, 6]])\na = t[1]\nb = t[:, 0]\nc = t[0, 1:3]\n"
               "d = t[-1, ::-1]\ne = t[1, 2]\nf = t[0:1]\ni = 1\nk = t[i, i + 1]")
    ref = np.array([[1, 2, 3], [4, 5, 6]], dtype=float)
    assert num(v["a"]) == ref[1].tolist() and num(v["b"]) == ref[:, 0].tolist()
    assert num(v["c"]) == ref[0, 1:3].tolist() and num(v["d"]) == ref[-1, ::-1].tolist()
    assert num(v["e"]) == 6.0 and num(v["f"]) == ref[0:1].tolist() and num(v["k"]) == 6.0


def test_gradient_through_indexing_and_slicing():
    v = values("t = constant([[1, 2, 3], [4, 5, 6]])\ny = reduce_sum(t[:, 1:] * t[1, 1:])\ng = gradients(y, t)")
    # y = t01*t11 + t02*t12 + t11*t11 + t12*t12; dy/dt by hand
    assert num(v["g"]) == [[[0.0, 5.0, 6.0], [0.0, 2.0 + 2 * 5, 3.0 + 2 * 6]]]


def test_indexing_lists():
    v = values("l = [10.0, 20.0, 30.0]\na = l[1]\nb = l[1:]\nc = l[-1]\nw = 2.0\n"
               "g = gradients(w * w, [w])[0]")
    assert num(v["a"]) == 20.0 and num(v["b"]) == [20.0, 30.0] and num(v["c"]) == 30.0
    assert num(v["g"]) == 4.0


@pytest.mark.parametrize("src", ["x = constant([1.0, 2.0])\ny = x[1.5]", "l = [1.0, 2.0]\ny = l[0.5]",
                                 "x = constant([1.0, 2.0])\ny = x[0:1.5]"])
def test_non_integral_index_is_an_error(src):
    err = error_of(src)
    assert "integer" in err.message and err.pos.line == 2


def test_keyword_arguments():
    v = values("t = constant([[1, 2], [3, 4]])\na = reduce_sum(t, axis=1, keepdims=True)\n"
               "b = reduce_sum(input_tensor=t, keepdims=True)\nc = one_hot([0, 2], depth=3)\n"
               "d = transpose(t, perm=[1, 0])\ne = reduce_max(t, 0)")
    assert num(v["a"]) == [[3.0], [7.0]] and num(v["b"]) == [[10.0]]
    assert num(v["c"]) == [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    assert num(v["d"]) == [[1.0, 3.0], [2.0, 4.0]] and num(v["e"]) == [3.0, 4.0]
    assert "twice" in error_of("y = reduce_sum([1.0], axis=0, axis=0)").message
    assert "did you mean 'axis'" in error_of("y = reduce_sum([1.0], axes=0)").message


def test_strings_none_true_false():
    v = values("x = 1.0\ny = 2.0\ng = gradients(y, x, unconnected_gradients='zero')\n"
               "h = gradients(y, x, unconnected_gradients=\"none\")\nk = reduce_sum([[1.0]], keepdims=True)")
    assert num(v["g"]) == [0.0] and v["h"] == [None] and num(v["k"]) == [[1.0]]


def test_reserved_names_cannot_be_assigned():
    for name in ("step", "None", "True", "def"):
        with pytest.raises(AgError):
            evaluate(f"{name} = 1.0")


def test_step_is_zero_in_eval():
    assert float(values("y = step + 1")["y"]) == 1.0


def test_deep_nesting():
    depth = 1000
    v = values("y = " + "(" * depth + "1.0" + ")" * depth + "\nz = " + "-" * depth + "2.0")
    assert float(v["y"]) == 1.0 and float(v["z"]) == 2.0


# ---------------------------------------------------------------- the CLI

PROGRAM = "w = variable(2.0)\nx = 3.0\nz = u * w + x * w\nq = 1.0\n"


def test_grad_wrt_and_its_default():
    doc = cli_json("eval", "-", "--set", "u=4", "--grad", "z", stdin=PROGRAM)
    (record,) = doc["gradients"]
    # default wrt: every input and variable z depends on, in order of first appearance
    assert record["ys"] == ["z"] and record["xs"] == ["w", "u"] and record["values"] == [7.0, 2.0]
    doc = cli_json("eval", "-", "--set", "u=[4, 5]", "--grad", "z", "--wrt", "x", "--wrt", "q", stdin=PROGRAM)
    (record,) = doc["gradients"]
    assert record["xs"] == ["x", "q"] and record["values"] == [4.0, None]
    assert record["unconnected"] == {"q": "no path to ys"}


def test_unconnected_zero_option():
    doc = cli_json("eval", "-", "--set", "u=[4, 5]", "--grad", "z", "--wrt", "q", "--unconnected", "zero",
                   stdin=PROGRAM + "g = gradients(z, [q, w])\n")
    # dz/dw summed over z's elements: (4 + 3) + (5 + 3)
    assert [r["values"] for r in doc["gradients"]] == [[0.0, 15.0], [0.0]]
    assert all(r["unconnected"] == {} for r in doc["gradients"])


def test_grad_of_an_unknown_name_is_an_error():
    proc = cli("eval", "-", "--set", "u=1", "--grad", "nope", stdin=PROGRAM)
    assert proc.returncode == 2 and "nope" in proc.stderr and "Traceback" not in proc.stderr


def test_program_from_stdin_and_table_output():
    proc = cli("eval", "-", stdin="a = 2.0\nb = a * a\n")
    assert proc.returncode == 0 and "b" in proc.stdout and "4" in proc.stdout


def test_nan_and_inf_are_warnings_naming_the_line_and_strict_json():
    src = "a = 0.0\nb = log(a)\n\nc = 0.0 / a\nd = [b, c, -b]\ne = constant([1.0, 2.0]) > 1\n"
    proc = cli("eval", "-", "--json", stdin=src)
    assert proc.returncode == 0
    doc = json.loads(proc.stdout, parse_constant=lambda c: pytest.fail(f"non-strict JSON constant {c}"))
    assert doc["values"] == {"a": 0.0, "b": "-inf", "c": "nan", "d": ["-inf", "nan", "inf"],
                             "e": [False, True]}
    assert len(doc["warnings"]) == 2
    assert doc["warnings"][0].startswith("line 2") and "inf" in doc["warnings"][0]
    assert doc["warnings"][1].startswith("line 4") and "nan" in doc["warnings"][1]
    proc = cli("eval", "-", stdin=src)
    assert proc.returncode == 0 and "line 2" in proc.stderr and "line 4" in proc.stderr


def test_json_gradient_entries_follow_the_spec():
    doc = cli_json("eval", "-", stdin="w = 2.0\nz = 1.0\ny = stop_gradient(w * 3) * z\n"
                                      "g = gradients(y, [w, z])\ngradients(y, z)\n")
    first, second = doc["gradients"]
    assert first == {"name": "g", "line": 4, "ys": ["y"], "xs": ["w", "z"], "values": [None, 6.0],
                     "by_x": {"w": None, "z": 6.0}, "unconnected": {"w": "cut by stop_gradient at line 3"}}
    assert second["name"] == "gradients(y, z)" and second["line"] == 5 and second["values"] == [6.0]
    assert doc["values"]["g"] == [None, 6.0]
    assert math.isclose(doc["values"]["y"], 6.0)
