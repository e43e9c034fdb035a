"""Issue 12 (ops2): cond, while_loop and custom_gradient (`def f(x) = expr grad(dy) = rule`).

Expected values are TensorFlow's documented examples and rules (cond_v2's _IfGrad,
while_v2's _grad_fn, custom_gradient) or derivations by hand, never the tool's output."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli.api import build, evaluate
from autograd_cli.support.errors import AgError
from conftest import cli, cli_json


def ev(source):
    return evaluate(source)


def grad_values(e, k=0):
    return [None if v is None else np.asarray(v) for v in e.gradients[k].values]


# ---------------------------------------------------------------- cond

def test_cond_tf_doc_example():
    # tf.cond doc: x = 2, y = 5; f1 = x * 17, f2 = y + 23; cond(x < y, f1, f2) -> 34
    src = "x = constant(2.0)\ny = constant(5.0)\ndef f1() = x * 17.0\ndef f2() = y + 23.0\nr = cond(x < y, f1, f2)\n"
    assert float(ev(src).values["r"]) == 34.0
    assert float(ev(src.replace("x < y", "x > y")).values["r"]) == 28.0


def test_only_the_taken_branch_runs():
    # the untaken branch would produce NaN (log of a negative) and fail (index out of range)
    src = ("x = variable(2.0)\ny = variable([1.0, 2.0])\ndef good() = sqrt(x) * 10.0\n"
           "def bad() = log(-x) + gather(y, reshape(x * 5.0, [1]))[0]\nc = cond(x > 0.0, good, bad)\n")
    e = ev(src)
    assert float(e.values["c"]) == pytest.approx(10 * np.sqrt(2.0))
    assert e.warnings == []
    # ... and the other way round the NaN is reported (that branch runs)
    e = ev(src.replace("x > 0.0", "x < 0.0").replace("gather(y, reshape(x * 5.0, [1]))[0]", "0.0"))
    assert np.isnan(float(e.values["c"])) and e.warnings


def test_cond_gradients_zeros_for_the_untaken_branch_none_for_unused():
    src = ("x = variable(2.0)\ny = variable(3.0)\nz = variable(4.0)\n"
           "def a() = x * x\ndef b() = y * 7.0\n"
           "c = cond(x > 0.0, a, b)\ng = gradients(c, [x, y, z])\n")
    gx, gy, gz = grad_values(ev(src))
    assert float(gx) == 4.0          # 2x
    assert float(gy) == 0.0          # _IfGrad: zeros, not None, for the untaken branch's input
    assert gz is None                # not an input of the If at all
    # an input the untaken branch reads only through a gradient-less op: None in both branches
    src2 = src.replace("def b() = y * 7.0", "def b() = round(y)")
    assert grad_values(ev(src2))[1] is None
    # pred gets None
    src3 = "x = variable(2.0)\ndef a() = x\ndef b() = -x\np = x > 0.0\nc = cond(p, a, b)\ng = gradients(c, [p, x])\n"
    gp, gx = grad_values(ev(src3))
    assert gp is None and float(gx) == 1.0


def test_cond_second_derivative_and_list_results():
    src = ("x = variable(3.0)\ndef a() = [x ** 3, x * 2.0]\ndef b() = [x, x]\nu, v = cond(x > 1.0, a, b)\n"
           "h = hessians(u + v, x)\n")
    e = ev(src)
    assert float(e.values["u"]) == 27.0 and float(e.values["v"]) == 6.0
    assert float(np.asarray(e.gradients[0].values[0])) == 18.0     # d2/dx2 x^3 = 6x


@pytest.mark.parametrize("src, message, line", [
    ("x = 1.0\ndef a() = x\ndef b() = [x, x]\nc = cond(x > 0.0, a, b)\n", "same structure and shapes", 4),
    ("x = 1.0\ndef a() = x\ndef b() = [x, x]\nc = cond(x > 0.0, a, x)\n", "false_fn must be the name of a def", 4),
    ("x = 1.0\ndef a(t) = x\ndef b() = x\nc = cond(x > 0.0, a, b)\n", "def a takes 1 parameters", 4),
    ("x = 1.0\ndef a() = x\nc = cond([x > 0.0, x > 1.0], a, a)\n", "pred must be a scalar", 3),
    ("x = 1.0\ndef a() = x + [1.0, 2.0] @ [1.0, 2.0]\ndef b() = x\nc = cond(x > 0.0, b, a)\n", "matmul", 2),
])
def test_cond_errors(src, message, line):
    with pytest.raises(AgError) as info:
        ev(src)
    assert message in str(info.value)
    assert info.value.pos.line == line


def test_cond_whose_pred_changes_between_steps_is_an_error_at_that_step(tmp_path):
    path = tmp_path / "p.ag"
    path.write_text("x = variable(1.0)\ndef up() = x + 1.0\ndef down() = x - 1.0\n"
                    "y = cond(step < 2.0, up, down)\nassign(x, y)\n")
    proc = cli("run", path, "--steps", "4")
    assert proc.returncode != 0
    assert "p.ag:4" in proc.stderr and "a cond's branch must not change between steps" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------- while_loop

def test_while_loop_tf_doc_example_returns_a_list():
    # tf.while_loop doc: i = 0; c = i < 10; b = i + 1 -> 10
    e = ev("i = constant(0.0)\ndef c(i) = i < 10.0\ndef b(i) = i + 1.0\nr = while_loop(c, b, [i])\n")
    assert isinstance(e.values["r"], list) and float(e.values["r"][0]) == 10.0


def test_while_loop_gradient_is_the_unrolled_chain():
    src = ("x = variable(1.5)\nw = variable(9.0)\ndef c(i, p) = i < 4.0\ndef b(i, p) = [i + 1.0, p * x]\n"
           "n, p = while_loop(c, b, [0.0, x])\ng = gradients(p, [x, w])\n")
    e = ev(src)
    assert float(e.values["p"]) == pytest.approx(1.5 ** 5)
    gx, gw = grad_values(e)
    assert float(gx) == pytest.approx(5 * 1.5 ** 4)
    assert gw is None                 # not read by the loop at all


def test_while_loop_zeros_for_what_the_loop_reads_and_pass_through():
    # while_v2 differentiates the body with unconnected_gradients='zero': a tensor the loop
    # reads without the result depending on it gets zeros; also after 0 iterations
    src = ("x = variable(2.0)\ny = variable(5.0)\ndef c(a, b) = a < 3.0\ndef body(a, b) = [a + round(y), b]\n"
           "a, b = while_loop(c, body, [x, x * 3.0])\ng = gradients(a + b, [x, y])\n")
    gx, gy = grad_values(ev(src))
    assert float(gx) == 4.0 and float(gy) == 0.0
    src0 = src.replace("a < 3.0", "a < -1.0")
    e = ev(src0)
    assert float(e.values["a"]) == 2.0
    gx, gy = grad_values(e)
    assert float(gx) == 4.0 and float(gy) == 0.0


def test_while_loop_maximum_iterations_back_prop_and_limits(monkeypatch):
    src = "x = variable(1.0)\ndef c(v) = v < 100.0\ndef b(v) = v * 2.0\nr = while_loop(c, b, x, maximum_iterations=3)\n"
    assert float(ev(src).values["r"][0]) == 8.0
    nb = ev(src.replace("maximum_iterations=3", "back_prop=False") + "g = gradients(r[0], x)\n")
    assert float(nb.values["r"][0]) == 128.0 and nb.gradients[0].values == [None]
    monkeypatch.setenv("AUTOGRAD_CLI_MAX_LOOP_ITERATIONS", "50")
    with pytest.raises(AgError, match="MAX_LOOP_ITERATIONS") as info:
        ev("x = 1.0\ndef c(v) = v > 0.0\ndef b(v) = v + 1.0\nr = while_loop(c, b, [x])\n")
    assert info.value.pos.line == 4


def test_while_loop_body_shape_error():
    with pytest.raises(AgError, match="must give 1 values with the loop variables' shapes") as info:
        ev("x = 1.0\ndef c(v) = v < 3.0\ndef b(v) = [v, v]\nr = while_loop(c, b, [x])\n")
    assert info.value.pos.line == 4


def test_while_loop_iterations_are_checked_when_run(tmp_path):
    path = tmp_path / "w.ag"
    path.write_text("x = variable(0.0)\ndef c(v) = v < 2.0\ndef b(v) = v + 1.0\n"
                    "r = while_loop(c, b, [x])\nassign_add(x, 1.0)\n")
    proc = cli("run", path, "--steps", "3")
    assert proc.returncode != 0 and "w.ag:4" in proc.stderr and "number of iterations is fixed" in proc.stderr


# ---------------------------------------------------------------- custom_gradient

def test_straight_through_custom_gradient_and_its_second_derivative():
    src = ("x = variable([0.5, 1.5, 2.3, -0.7])\ndef st(t) = round(t) grad(dy) = dy\ny = st(x)\n"
           "g = gradients(reduce_sum(y * [1.0, 2.0, 3.0, 4.0]), x)\nh = hessians(reduce_sum(st(x)), x)\n")
    e = ev(src)
    np.testing.assert_array_equal(e.values["y"], [0, 2, 2, -1])
    np.testing.assert_array_equal(grad_values(e)[0], [1, 2, 3, 4])          # the rule: dy itself
    np.testing.assert_array_equal(grad_values(e, 1)[0], np.zeros((4, 4)))    # 2nd: None -> hessians zeros


def test_custom_gradient_rule_per_parameter_list_and_none():
    src = ("a = variable(2.0)\nb = variable(3.0)\ndef f(x, y) = x * y grad(dy) = [dy * 10.0, None]\n"
           "z = f(a, b)\ng = gradients(z, [a, b])\n")
    e = ev(src)
    assert float(e.values["z"]) == 6.0
    ga, gb = grad_values(e)
    assert float(ga) == 10.0 and gb is None


def test_custom_gradient_rule_is_differentiated_again():
    # TF's swish pattern: the second derivative differentiates the rule's expression
    src = ("x = variable(2.0)\ndef f(t) = t * t * t grad(dy) = dy * 5.0 * t * t\ny = f(x)\n"
           "g = gradients(y, x)\ngg = gradients(g[0], x)\n")
    e = ev(src)
    assert float(grad_values(e)[0]) == 20.0          # the rule, not 3x^2 = 12
    assert float(grad_values(e, 1)[0]) == 20.0       # d/dx (5 x^2) = 10x


def test_custom_gradient_inputs_see_forward_not_differentiated():
    # the forward's own ops are not differentiated: only the rule counts
    src = "x = variable(1.0)\ndef f(t) = exp(t) * 100.0 grad(g) = g\ny = f(x * 3.0)\ng = gradients(y, x)\n"
    assert float(grad_values(ev(src))[0]) == 3.0


@pytest.mark.parametrize("src, message, line", [
    ("x = 1.0\ndef f(t, u) = t grad(dy) = dy\ny = f(x, x)\ng = gradients(y, x)\n", "one gradient per parameter", 2),
    ("x = 1.0\ndef f(t) = t grad(dy) = [dy, dy]\ny = f(x)\ng = gradients(y, x)\n", "one gradient per parameter", 2),
    ("x = [1.0, 2.0]\ndef f(t) = t grad(dy) = [[1.0, 2.0, 3.0]]\ny = f(x)\ng = gradients(y, x)\n", "gives shape", 2),
    ("x = 1.0\ndef f(t) = t grad(t) = t\n", "bad gradient parameter name", 2),
    ("x = 1.0\ndef f(t) = t grad(dy) = dy * w\n", "'w' is not visible inside def f", 2),
])
def test_custom_gradient_errors(src, message, line):
    with pytest.raises(AgError) as info:
        ev(src)
    assert message in str(info.value)
    assert info.value.pos.line == line


def test_verify_skips_the_forward_references_for_a_custom_gradient(tmp_path):
    path = tmp_path / "c.ag"
    path.write_text("x = variable(2.0)\ndef f(t) = round(t) grad(dy) = dy\ny = f(x)\ng = gradients(y, x)\n")
    doc = cli_json("verify", path)
    check = doc["checks"][0]
    assert check["ok"] and check["ad"] == 1.0
    assert "custom gradient" in check["skipped"]


def test_control_flow_graph_has_no_untaken_nodes():
    built = build("x = variable(2.0)\ndef a() = x * 3.0\ndef b() = exp(x) + sin(x)\nc = cond(x > 0.0, a, b)\n")
    names = {n.op.name for n in built.graph.nodes}
    assert "exp" not in names and "sin" not in names


def test_explain_and_graph_work_with_control_flow_and_custom_gradients(tmp_path):
    path = tmp_path / "e.ag"
    path.write_text("x = variable(2.0)\ny = variable(3.0)\ndef a() = x * y\ndef b() = x\nc = cond(x > 0.0, a, b)\n"
                    "def f(t, u) = t * u grad(g) = [g * u * 2.0, None]\nm = f(x, y)\n"
                    "def w(i, v) = i < 2.0\ndef s(i, v) = [i + 1.0, v * x]\nn, p = while_loop(w, s, [0.0, y])\n"
                    "g = gradients(c + m + p, [x, y])\n")
    doc = cli_json("explain", path)
    assert doc
    # c: y*1 + 0 ; m: custom 2*y and None for y ; p = y * x^2: 2xy and x^2
    e = ev(path.read_text())
    gx, gy = grad_values(e)
    assert float(gx) == pytest.approx(3.0 + 6.0 + 12.0) and float(gy) == pytest.approx(2.0 + 4.0)
    proc = cli("graph", path)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
