"""Notebooks: IPython's real InteractiveShell loads the extension and runs %%ag cells;
results display as HTML through IPython's own display formatter."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

IPython = pytest.importorskip("IPython")   # a test dependency; the [notebook] extra for users

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "analysis"))   # the report tests' page helpers
from test_report import Page, assert_self_contained  # noqa: E402


@pytest.fixture(scope="module")
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    result = ip.run_cell("%load_ext autograd_cli")
    assert result.success, result.error_in_exec
    yield ip
    InteractiveShell.clear_instance()


def displayed_html(shell, value) -> str:
    data, _ = shell.display_formatter.format(value)
    return data["text/html"]


def test_an_ag_cell_shows_the_report(shell):
    cell = ("%%ag\n"
            "w1 = variable(2.0)\n"
            "w2 = variable(3.0)\n"
            "b = stop_gradient(3 * w1) * w2\n"
            "g = gradients(b, [w1, w2])\n")
    result = shell.run_cell(cell)
    assert result.success, result.error_in_exec
    report = result.result
    # d(stop_gradient(3*w1) * w2)/dw2 = 3 * w1 = 6 (by hand); w1 is cut on line 3 of the cell
    assert float(report.evaluation.values["g"][1]) == 6.0
    html = displayed_html(shell, report)
    parsed = Page(html)
    assert_self_contained(html, parsed)
    why = [e for e in parsed.find("span") if e["attrs"].get("class") == "why"]
    assert [parsed.text_of(e) for e in why] == ["cut by stop_gradient at line 3"]
    (link,) = parsed.within(why[0], "a")
    target = link["attrs"]["href"][1:]
    assert target in parsed.ids and "stop_gradient" in parsed.text_of(parsed.ids[target])
    assert target != "L3"          # ids carry a per-cell prefix: two reports on one page never collide
    second = Page(displayed_html(shell, shell.run_cell(cell).result))
    assert not set(second.ids) & set(parsed.ids)


def test_an_ag_cell_with_options_runs_the_training_loop(shell):
    cell = ("%%ag --steps 10 --set lr=0.1\n"
            "w = variable(2.0)\n"
            "loss = (w - 5) ** 2\n"
            "g = gradients(loss, [w])\n"
            "update = assign(w, w - lr * g[0])\n")
    report = shell.run_cell(cell).result
    # w_k = 5 - 3 * 0.8^k (by hand)
    assert abs(float(report.run.final["w"]) - (5 - 3 * 0.8 ** 10)) < 1e-12
    assert 'class="plot"' in displayed_html(shell, report)


def test_an_error_in_a_cell_is_the_located_message(shell):
    result = shell.run_cell("%%ag\nw = variable(2.0)\ny = (w +\n")
    assert result.success and result.error_in_exec is None     # no traceback
    shown = result.result
    assert repr(shown).startswith("<cell>:2:")
    assert "never closed" in displayed_html(shell, shown)
    bad_option = shell.run_cell("%%ag --steps many\ny = 1\n").result
    assert "--steps must be a whole number" in repr(bad_option)


def test_results_have_html(shell):
    from autograd_cli import evaluate
    from autograd_cli.analysis.explain import explain

    evaluation = evaluate("w1 = variable(2.0)\nw2 = variable(3.0)\nb = stop_gradient(3 * w1) * w2\n"
                          "g = gradients(b, [w1, w2])")
    html = displayed_html(shell, evaluation)
    parsed = Page(html)
    assert_self_contained(html, parsed)
    assert "cut by stop_gradient at line 3" in "".join(parsed.text_parts)
    record = explain(evaluation)[0]
    text = "".join(Page(displayed_html(shell, record)).text_parts)
    assert "d(b)/d(w2) = 6" in text and "w2 (line 2) → b (line 3)   contributes 6" in text


def test_tensorflow_code_runs_in_the_notebook_with_why_none(shell):
    pytest.importorskip("autograd_cli.tensorflow")
    cell = ("import autograd_cli.tensorflow as tf\n"
            "from autograd_cli import why_none\n"
            "tf.compat.v1.disable_eager_execution()\n"
            "w1 = tf.Variable(2.0)\n"
            "w2 = tf.Variable(3.0)\n"
            "b = tf.stop_gradient(3 * w1) * w2\n"
            "grads = tf.gradients(b, [w1, w2])\n"
            "with tf.compat.v1.Session() as sess:\n"
            "    sess.run(tf.compat.v1.global_variables_initializer())\n"
            "    dw2 = sess.run(grads[1])\n"
            "reasons = why_none(grads)\n"
            "tf.compat.v1.enable_eager_execution()\n"
            "v = tf.Variable(1.0)\n"
            "u = tf.Variable(4.0)\n"
            "with tf.GradientTape() as tape:\n"
            "    y = v * v\n"
            "eager = tape.gradient(y, [v, u])\n"
            "eager_reasons = why_none(eager)\n")
    result = shell.run_cell(cell)
    assert result.success, result.error_in_exec
    ns = shell.user_ns
    assert float(ns["dw2"]) == 6.0                     # d(3*w1*w2)/dw2 = 3*w1 = 6 by hand
    assert ns["reasons"][1] is None and "stop_gradient" in ns["reasons"][0] and "line 6" in ns["reasons"][0]
    assert float(ns["eager"][0].numpy()) == 2.0         # d(v*v)/dv = 2v = 2 by hand
    assert ns["eager_reasons"][0] is None and ns["eager_reasons"][1]
