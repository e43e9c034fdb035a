"""The gradient table model: the one place that decides what a gradient table holds
(the terminal, --json and the HTML report only format it)."""
from __future__ import annotations

from autograd_cli import evaluate
from autograd_cli.render.gradients import gradient_document, gradient_model, reason_lines


def test_every_kind_of_cut_names_its_line():
    source = ("w1 = variable(2.0)\n"            # 1
              "w2 = variable(3.0)\n"            # 2
              "w3 = variable(1.5)\n"            # 3
              "a = 3 * w1\n"                    # 4
              "h = stop_gradient(a)\n"          # 5
              "r = round(w3)\n"                 # 6
              "c = w2 * 2\n"                    # 7
              "b = h * w2 + r + c\n"            # 8
              "w4 = variable(1.0)\n"            # 9
              "g = gradients(b, [w1, w2, w3, w4])\n"   # 10
              "k = w2 * 5\n"                    # 11
              "m = k + w2\n"                    # 12
              "s = gradients(m, [w2], stop_gradients=[k])\n")   # 13
    result = evaluate(source)
    model = gradient_model(result.gradients[0])
    assert model.title == "gradients g (line 10): d(b)/dx"
    rows = {r.x: r for r in model.rows}
    assert rows["w1"].reason == "cut by stop_gradient at line 5" and rows["w1"].cut_lines == [5]
    assert rows["w2"].reason is None and rows["w2"].cut_lines == [] and float(rows["w2"].value) == 8.0
    assert rows["w3"].cut_lines == [6] and "round" in rows["w3"].reason
    assert rows["w4"].reason == "no path to ys" and rows["w4"].cut_lines == []
    held = gradient_model(result.gradients[1]).rows[0]
    assert float(held.value) == 1.0      # d(k + w2)/dw2 with k held constant: 1


def test_reason_lines_keeps_order_and_each_line_once():
    assert reason_lines("cut by stop_gradient at line 12; round has no gradient (line 3); "
                        "cut by stop_gradient at line 12") == [12, 3]
    assert reason_lines(None) == [] and reason_lines("no path to ys") == []


def test_the_json_document_is_made_from_the_model():
    result = evaluate("w1 = variable(2.0)\nw2 = variable(3.0)\nb = stop_gradient(3 * w1) * w2\n"
                      "g = gradients(b, [w1, w2])")
    doc = gradient_document(result.gradients[0])
    assert doc["xs"] == ["w1", "w2"] and doc["values"][0] is None and float(doc["values"][1]) == 6.0
    assert doc["unconnected"] == {"w1": "cut by stop_gradient at line 3"}
