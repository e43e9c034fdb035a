"""explain, graph, verify and report on TensorFlow snippets: they see the graph the snippet
built (handed back from the run through core/exchange.py). Expected numbers are TensorFlow
2.21's stored output (tests/tf_oracle/expected) or derived by hand."""
from __future__ import annotations

import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.analysis.diagram import graph_view
from autograd_cli.analysis.explain import explain, path_text
from autograd_cli.dialects import evaluate_snippet
from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.render.diagram_text import to_text
from conftest import cli

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "tf_oracle" / "corpus"
EXPECTED = ROOT / "tests" / "tf_oracle" / "expected"
SAMPLES = ROOT / "samples" / "tf"


def run(name_or_source: str, **kw):
    path = CORPUS / f"{name_or_source}.py"
    source = name_or_source if "\n" in name_or_source else path.read_text(encoding="utf-8")
    return source, evaluate_snippet(source, seed=0, graph=True, **kw)


def tf_numbers(name: str, first: int, last: int | None = None) -> np.ndarray:
    """The numbers TensorFlow 2.21 printed on stdout lines first..last of a corpus file."""
    lines = json.loads((EXPECTED / f"{name}.json").read_text(encoding="utf-8"))["stdout"].splitlines()
    text = " ".join(lines[first:(first if last is None else last) + 1])
    text = re.sub(r"dtype=\w+|np\.float32|float32|shape=\(\d*,?\)", " ", text)
    return np.array([float(m) for m in re.findall(r"-?\d+(?:\.\d*)?(?:e[-+]?\d+)?", text)])


def gradient_values(result, record_index: int) -> np.ndarray:
    """The record's gradients as the parent computed them from the handed-back graph."""
    record = result.program.gradients[record_index]
    return np.concatenate([np.asarray(result.node_values[v.id], dtype=np.float64).reshape(-1)
                           for v in record.values if isinstance(v, Node)])


# (corpus file, gradient table, TensorFlow's stdout lines that print its values)
TF_CASES = [
    ("graph_gradients_basic", 0, (0, 0)),             # d(x^2 + 3x)/dx at 2: 7
    ("graph_grad_ys", 0, (0, 0)),
    ("graph_grad_ys", 1, (1, 1)),
    ("graph_stop_gradients_arg", 0, (0, 0)),
    ("graph_stop_gradients_arg", 1, (1, 1)),
    ("graph_softmax_ce_logits", 0, (2, 3)),
    ("graph_compute_apply_gradients", 0, (1, 1)),     # fetched before the training steps ran
    ("tape_intermediate", 0, (0, 0)),                 # dz/dy for an intermediate y: 18
    ("tape_intermediate", 1, (1, 1)),
    ("tape_persistent", 0, (0, 0)),
    ("tape_persistent", 1, (1, 1)),
    ("tape_broadcast_grad", 0, (0, 1)),
]


@pytest.mark.parametrize("name, record, printed", TF_CASES, ids=[f"{c[0]}-{c[1]}" for c in TF_CASES])
def test_the_handed_back_graph_computes_tensorflows_gradients(name, record, printed):
    _, result = run(name)
    ours = gradient_values(result, record)
    theirs = tf_numbers(name, *printed)
    if name == "graph_aggregate_paths":
        theirs = theirs[1:]
    assert ours.shape == theirs.shape
    np.testing.assert_allclose(ours, theirs, rtol=2e-6, atol=1e-6)


def test_explain_lists_the_two_paths_of_the_seed_sum_of_paths():
    # c = a + b with b = 2a: dc/da = 2 (through b) + 1 (directly); dc/db = 1
    _, result = run((SAMPLES / "seed000_3_sum_of_paths.py").read_text(encoding="utf-8"))
    (record,) = explain(result)
    by_x = {item.x_text: item for item in record.xs}
    assert sorted(float(p.contribution) for p in by_x["a"].paths) == [1.0, 2.0]
    assert by_x["a"].complete and float(by_x["a"].listed_sum) == 3.0
    assert [float(p.contribution) for p in by_x["b"].paths] == [1.0]
    texts = {path_text(p, "c", "a") for p in by_x["a"].paths}
    assert texts == {"a (line 4) → b (line 5) → c (line 6)", "a (line 4) → c (line 6)"}   # no rounding steps


def test_explain_says_why_a_gradient_is_none_in_the_seed_stop_gradient():
    # b = stop_gradient(w1 * 3) * w2: db/dw1 is cut at line 7, db/dw2 = w1 * 3 = 6
    source, result = run((SAMPLES / "seed000_4_stop_gradient.py").read_text(encoding="utf-8"))
    first = explain(result)[0]
    w1, w2 = first.xs
    assert w1.gradient is None and "stop_gradient" in w1.reason and "line 7" in w1.reason
    assert [c.node.line for p in w1.cut_paths for c in p.cuts] == [7]
    assert float(w2.gradient) == 6.0 and float(w2.paths[0].contribution) == 6.0


def test_a_never_run_gradients_call_is_shown_at_the_initial_values_with_a_note():
    _, result = run("""import tensorflow as tf
w = tf.Variable(3.0)
x = tf.placeholder(tf.float32, [None])
y = w * w + tf.reduce_sum(x)
g = tf.gradients(y, w)
""")
    assert any(w.startswith("line 5: g never ran in a session") and "placeholders fed zeros" in w
               for w in result.warnings)
    assert float(gradient_values(result, 0)[0]) == 6.0       # d(w^2)/dw at the initial w = 3


def test_the_graph_of_a_snippet_draws_every_gradient_box():
    # minimize's gradients (line 16) have no global of their own: each is still a box
    source = (SAMPLES / "seed000_1_gradient_descent.py").read_text(encoding="utf-8")
    _, result = run(source)
    view = graph_view(result.program, source=source)
    boxes = [n.title for n in view.nodes if n.kind == "gradient"]
    assert boxes == ["train_op[0] = ∂(loss_op)/∂(weight)", "train_op[1] = ∂(loss_op)/∂(biases)",
                     "gradients_node[0] = ∂(loss_op)/∂(w)"] or sorted(boxes) == sorted(
        ["train_op[0] = ∂(loss_op)/∂(weight)", "train_op[1] = ∂(loss_op)/∂(biases)",
         "gradients_node[0] = ∂(loss_op)/∂(w)"])
    text = to_text(view)
    assert "round_float32" not in text and "read" not in text     # TF's rounding and variable reads fold away
    assert "loss_op:() = divide Sum 64" in text


def test_a_none_box_for_a_source_the_tape_never_watched():
    _, result = run("""import tensorflow as tf
x = tf.constant(3.0)
w = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = w * w
g = tape.gradient(y, [w, x])
""")
    (record,) = result.program.gradients
    assert isinstance(record.values[1], NoGradient) and "watched" in record.values[1].reason
    view = graph_view(result.program, source="")
    assert [n.title for n in view.nodes if n.kind == "none"] == ["g[1] = None"]
    assert float(result.node_values[record.values[0].id]) == 4.0     # d(w^2)/dw at 2


def test_the_gradient_flows_on_a_snippets_edges_are_its_backward_pass():
    from autograd_cli.analysis.explain import record_flows

    # y = sum((w x - t)^2) with x = [1, 2], t = [3, 1], w = 0.5: dy/dw = sum(2 (w x - t) x) = -5 + 0 = -5
    source, result = run("""import tensorflow as tf
x = tf.constant([1.0, 2.0])
t = tf.constant([3.0, 1.0])
w = tf.Variable(0.5)
y = tf.reduce_sum(tf.square(w * x - t))
g = tf.gradients(y, w)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g))
""")
    record = result.program.gradients[0]
    assert float(result.node_values[record.values[0].id]) == -5.0
    with np.errstate(all="ignore"):
        _, flows, _ = record_flows(record, result.node_values)
    view = graph_view(result.program, record, flows, lambda v: f"{float(np.sum(v)):g}", source=source)
    into_multiply = [e for e in view.edges if e.source == f"n{record.x_nodes[0].id}" and e.kind == "data"]
    assert [e.label for e in into_multiply] == ["-5"]      # all of w's gradient leaves through w * x


def verify_of(source, result):
    from autograd_cli.analysis.verify import verify

    return verify(source, evaluation=result, timeout=20, budget=120)


def test_verify_finite_differences_of_a_float32_snippet_are_float64_exact():
    # d(x^2 + 3x)/dx at 2 is exactly 7. Through the float32 rounding steps a central
    # difference over h ~ 6e-6 would be off by ~1e-1 (float32 steps 1e-6 apart at 10)
    source, result = run("graph_gradients_basic")
    report = verify_of(source, result)
    (check,) = report.checks
    assert report.ok and float(check.ad) == 7.0
    assert abs(check.finite_difference[0] - 7.0) < 1e-6
    assert check.symbolic[0] == pytest.approx(7.0, abs=1e-12)
    assert any("float64" in w for w in report.warnings)


@pytest.mark.parametrize("name, record, printed", [("graph_softmax_ce_logits", 0, (2, 3)),
                                                   ("tape_broadcast_grad", 0, (0, 1))])
def test_verify_agrees_with_tensorflows_gradients(name, record, printed):
    source, result = run(name)
    report = verify_of(source, result)
    assert report.ok
    theirs = tf_numbers(name, *printed)
    checks = [c for c in report.checks if c.line == result.program.gradients[record].line]
    fd = np.concatenate([np.array([c.finite_difference[e] for e in c.entries]) for c in checks])
    np.testing.assert_allclose(fd, theirs, rtol=1e-5, atol=1e-6)


def test_verify_of_the_keras_seed_checks_its_dense_layer():
    source = (SAMPLES / "seed004_3_keras_tape.py").read_text(encoding="utf-8")
    _, result = run(source)
    report = verify_of(source, result)
    assert report.ok and [c.x for c in report.checks] == ["kernel", "bias"]
    kernel, bias = report.checks
    assert kernel.shape == (784, 10) and bias.shape == (10,)
    # loss = CE(softmax(x W + b)) with x = ones: dL/dW[i, j] = dL/db[j] for every row i
    ad_kernel = np.asarray(kernel.ad).reshape(784, 10)
    np.testing.assert_allclose(ad_kernel, np.broadcast_to(bias.ad, (784, 10)), rtol=1e-12)
    assert all(abs(bias.finite_difference[e] - float(bias.ad[e])) < 1e-6 for e in bias.entries)


def test_explain_of_a_custom_gradient_follows_its_rule():
    # backward clips dy = 1 to norm 0.5... of the upstream 1: the rule returns clip_by_norm(dy, 0.5);
    # output = v * v through an identity forward: the gradient is 2 v * 0.5 = 2 at v = 2
    source, result = run("tape_custom_gradient_clip")
    (record,) = explain(result)
    (item,) = record.xs
    assert float(item.gradient) == pytest.approx(2.0)
    assert item.complete and float(item.listed_sum) == pytest.approx(2.0)


def test_a_report_of_a_snippet_has_its_explain_and_graph(tmp_path):
    path = tmp_path / "s.py"
    path.write_text((SAMPLES / "seed000_4_stop_gradient.py").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r.html"
    done = cli("report", path, "-o", out, timeout=180)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")

    class Sections(HTMLParser):
        found: list = []

        def handle_starttag(self, tag, attrs):
            if tag == "section":
                self.found.append(dict(attrs).get("id"))
    parser = Sections()
    parser.feed(page)
    assert {"explain", "graph", "gradients"} <= set(parser.found)
    assert "cut by stop_gradient at line 7" in page and "needs the graph" not in page


def png_size(data: bytes) -> tuple:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_explain_graph_and_verify_of_a_snippet_on_the_command_line(tmp_path):
    import shutil

    path = tmp_path / "seed.py"
    path.write_text((SAMPLES / "seed000_3_sum_of_paths.py").read_text(encoding="utf-8"), encoding="utf-8")
    done = cli("explain", path, timeout=120)
    assert done.returncode == 0 and "sum: 2 + 1 = 3, the gradient ✓" in done.stdout, done.stderr
    done = cli("graph", path, "--format", "text", "--grad", "g", timeout=120)
    assert done.returncode == 0 and "g[0]:() = gradients ∂(c)/∂(a)" in done.stdout, done.stderr
    done = cli("verify", path, timeout=180)
    assert done.returncode == 0 and "2 checks: all agree" in done.stdout, done.stderr
    if shutil.which("dot"):
        picture = tmp_path / "g.png"
        done = cli("graph", path, "-o", picture, timeout=120)
        assert done.returncode == 0, done.stderr
        width, height = png_size(picture.read_bytes())
        assert width > 100 and height > 100          # not the empty 11x11 picture of before


def test_a_snippet_that_forges_its_graph_gets_a_clean_error(tmp_path):
    # the snippet runs in the box and can reach the exchange module there: what it sends is
    # checked in the parent like any other payload
    path = tmp_path / "forge.py"
    path.write_text("""import tensorflow as tf
import autograd_cli.snippets.engine_graph as exchange
real = exchange.to_plain
def forged(*args, **kwargs):
    data = real(*args, **kwargs)
    data["nodes"][0][0] = "__import__('os').system"
    data["nodes"][0][2]["value"] = {"fill": 0.0, "dtype": "float64", "shape": [10**9, 10**9]}
    return data
exchange.to_plain = forged
x = tf.Variable(1.0)
with tf.GradientTape() as tape:
    y = x * x
g = tape.gradient(y, x)
""", encoding="utf-8")
    done = cli("explain", path, timeout=120)
    assert done.returncode == 2 and "malformed" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_numpys_runtime_warnings_are_the_snippets_own_warnings_at_its_line(tmp_path):
    path = tmp_path / "nan.py"
    path.write_text("""import numpy as np
import tensorflow as tf
a = np.log(np.zeros(2))
b = np.float32(3e38) * np.float32(10)
print(a, b)
""", encoding="utf-8")
    done = cli("eval", path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "warning: line 3: divide by zero encountered in log" in done.stderr
    assert "warning: line 4: overflow encountered in scalar multiply" in done.stderr
    assert "RuntimeWarning" not in done.stderr and "site-packages" not in done.stderr
    result = evaluate_snippet(path.read_text(encoding="utf-8"))       # in this process (a notebook) too
    assert "line 3: divide by zero encountered in log" in result.warnings


def test_gradients_the_package_takes_for_its_own_work_are_not_gradient_tables():
    """tf.test.compute_gradient's Jacobian rows, a ForwardAccumulator's reverse passes and a
    py_function's VJP are tapes of the package: only the snippet's own tape.gradient is a table."""
    source = """import tensorflow as tf
x = tf.constant([1.0, 2.0])
th, nu = tf.test.compute_gradient(lambda v: v ** 3, [x])
with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0])) as acc:
    y = x * x
jvp = acc.jvp(y)
with tf.GradientTape() as tape:
    tape.watch(x)
    z = tf.py_function(lambda a: a * 3.0, [x], tf.float32)
    loss = tf.reduce_sum(z * x)
g = tape.gradient(loss, x)
print(th[0].tolist(), jvp.numpy().tolist(), g.numpy().tolist())
"""
    result = evaluate_snippet(source, seed=0, graph=True)
    printed = "".join(p.text for p in result.prints)
    # by hand: d(v^3)/dv = 3 v^2 on the diagonal; jvp of x*x along e0 is 2 x e0; d(3x * x)/dx = 6x
    assert "[[3.0, 0.0], [0.0, 12.0]] [2.0, 0.0] [6.0, 12.0]" in printed
    assert [table.line for table in result.gradients] == [11]
    assert len(result.program.gradients) == 1


def corpus_cases():
    files = sorted(CORPUS.glob("*.py")) + sorted(SAMPLES.glob("*.py"))
    return [pytest.param(path, id=path.stem, marks=() if k % 6 == 0 else pytest.mark.oracle)
            for k, path in enumerate(files)]


@pytest.mark.parametrize("path", corpus_cases())
def test_every_corpus_snippet_hands_back_a_graph_that_computes_its_gradient_tables(path):
    """The graph rebuilt in the parent gives the gradients the run printed in its tables,
    and explain and the picture work on it (every 6th file by default; -m oracle: all)."""
    from autograd_cli.support.errors import AgError

    source = path.read_text(encoding="utf-8")
    try:
        result = evaluate_snippet(source, seed=0, graph=True)
    except AgError as exc:
        assert "malformed" not in exc.message and "handed back" not in exc.message
        return       # the snippet's own error (an error case of the corpus)
    assert result.program is not None, result.unavailable
    assert len(result.program.gradients) == len(result.gradients)
    for record, table in zip(result.program.gradients, result.gradients):
        assert record.xs == table.xs and record.line == table.line
        for value, shown in zip(record.values, table.values):
            if isinstance(value, Node) and shown is not None:
                np.testing.assert_allclose(np.asarray(result.node_values[value.id], dtype=np.float64),
                                           np.asarray(shown, dtype=np.float64), rtol=1e-6, atol=1e-7)
    with np.errstate(all="ignore"):
        explain(result)
        graph_view(result.program, source=source)


def test_a_snippet_that_fails_after_building_its_graph_is_explained_then_its_error(tmp_path):
    # seed 001's first post fetches the None gradient of w2 and fails, as in TensorFlow:
    # explain still shows why it is None (res = w1 @ [[2], [1]] never reads w2), then the error
    path = tmp_path / "seed.py"
    path.write_text((SAMPLES / "seed001_1_wrong_unrelated_w2.py").read_text(encoding="utf-8"), encoding="utf-8")
    done = cli("explain", path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "d(res)/d(w2) = None" in done.stdout and "res is not computed from w2 at all" in done.stdout
    assert "d(res)/d(w1) = [[2., 1.]]" in done.stdout
    assert f"{path}:9:10: TypeError: Argument `fetch` = None" in done.stderr
    done = cli("eval", path, timeout=120)      # eval of it is the error alone, as before
    assert done.returncode == 2 and done.stdout == ""


def test_a_py_func_comes_back_with_its_value_in_the_run():
    # y = tf.py_func(np_square, [x]): the parent cannot call np_square; its node keeps the
    # value the run gave (x^2 for x = [1, 2, 3]) and, as in TensorFlow, has no gradient
    source, result = run("graph_py_func")
    (record,) = explain(result)
    (item,) = record.xs
    assert item.gradient is None and "py_function" in item.sentence
    y = result.program.named["y"]
    np.testing.assert_array_equal(result.node_values[y.id], [1.0, 4.0, 9.0])


def test_two_tape_calls_of_one_structure_each_show_their_own_run():
    # the tape lowers w * w once and reuses that plan: each call still comes back with its
    # own values, d(w^2)/dw = 2 at w = 1, then 10 at w = 5
    _, result = run("""import tensorflow as tf
w = tf.Variable(1.0)
with tf.GradientTape() as t1:
    y1 = w * w
g1 = t1.gradient(y1, w)
w.assign(5.0)
with tf.GradientTape() as t2:
    y2 = w * w
g2 = t2.gradient(y2, w)
""")
    assert [float(gradient_values(result, k)[0]) for k in (0, 1)] == [2.0, 10.0]
    assert float(result.node_values[result.program.named["y2"].id]) == 25.0


def test_a_gradient_a_global_holds_is_drawn_under_its_name():
    # seed 000's custom update unpacks grad_w, grad_b = tf.gradients(loss_op, [w, b])
    source = (SAMPLES / "seed000_2_custom_update.py").read_text(encoding="utf-8")
    _, result = run(source)
    text = to_text(graph_view(result.program, source=source))
    assert "grad_w:() = gradients ∂(loss_op)/∂(w)" in text and "grad_b:() = gradients ∂(loss_op)/∂(b)" in text
    assert "mul_1:() = multiply 0.01 grad_w" in text


def test_one_tensorflow_call_is_one_box_and_its_gradient_flow_is_the_derivative():
    from autograd_cli.analysis.explain import record_flows

    # sigmoid_cross_entropy_with_logits is a dozen engine ops (where, exp, log1p, ...): one box;
    # the flow into it from logits is d(mean CE)/d(logits) = (sigmoid(logits) - labels) / 3
    source, result = run("""import tensorflow as tf
logits = tf.Variable([[2.0, -1.0, 0.5]])
labels = tf.constant([[1.0, 0.0, 1.0]])
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)) / 2.0
g = tf.gradients(loss, logits)
""")
    record = result.program.gradients[0]
    with np.errstate(all="ignore"):
        _, flows, _ = record_flows(record, result.node_values)
    view = graph_view(result.program, record, flows, lambda v: v, source=source)
    ops = [n.op for n in view.nodes if n.kind == "op"]
    assert ops == ["tf.nn.sigmoid_cross_entropy_with_logits…", "reduce_mean",
                   "divide"]
    (into_call,) = [e for e in view.edges if e.source == f"n{record.x_nodes[0].id}" and e.kind == "data"]
    logits, labels = np.array([2.0, -1.0, 0.5]), np.array([1.0, 0.0, 1.0])
    np.testing.assert_allclose(np.asarray(into_call.label).reshape(-1), (1 / (1 + np.exp(-logits)) - labels) / 6,
                               rtol=1e-6)


def test_a_report_of_a_snippet_that_fails_shows_where_it_stopped_and_why_the_gradient_is_none(tmp_path):
    path = tmp_path / "seed.py"
    path.write_text((SAMPLES / "seed001_1_wrong_unrelated_w2.py").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r.html"
    done = cli("report", path, "-o", out, timeout=180)
    assert done.returncode == 2 and "9:10: TypeError: " in done.stderr
    page = out.read_text(encoding="utf-8")
    assert 'id="stopped"' in page and "TypeError: " in page
    assert "res is not computed from w2 at all" in page


def test_a_global_too_large_to_send_is_left_out_and_the_gradients_still_come_back():
    # test_data (6,000,000 numbers) is a global of the run, not needed by the gradient
    _, result = run("""import numpy as np
import tensorflow as tf
test_data = tf.constant(np.random.RandomState(0).rand(3000, 2000).astype(np.float32))
w = tf.Variable(2.0)
y = w * w
acc = tf.reduce_mean(test_data * w)
g = tf.gradients(y, w)
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    print(s.run([g, acc]))
""")
    assert result.program is not None and float(gradient_values(result, 0)[0]) == 4.0
    assert any("left out" in w and "5,000,000 numbers" in w for w in result.warnings)
    assert max(n.shape for n in result.program.graph.nodes) == ()


def test_an_eager_leaf_is_placed_where_its_global_was_made():
    _, result = run("""import tensorflow as tf

w = tf.Variable(3.0)
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = w * x
g = tape.gradient(y, [w, x])
""")
    named = result.program.named
    assert (named["w"].line, named["x"].line, named["y"].line) == (3, 4, 7)


JACOBIAN_RECORDS = [
    # y = sin(x) * 2: dy_i/dx_k = 2 cos(x_i) when i == k, else 0
    ("jacobian", "x = tf.Variable([0.0, 0.5, 1.0])", "y = tf.sin(x) * 2.0", "tape.jacobian(y, x)",
     np.diag(2 * np.cos([0.0, 0.5, 1.0]))),
    # y[b, i] = x[b, i] * s_i with s_i = sum_b x[b, i]: row i summed over the batch is s_i^2,
    # whose derivative by x[b, j] is 2 s_i when i == j: every block is diag(2 s) = diag(8, 12)
    ("batch_jacobian", "x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])", "y = x * tf.reduce_sum(x, axis=0)",
     "tape.batch_jacobian(y, x)", np.array([np.diag([8.0, 12.0])] * 2)),
]


@pytest.mark.parametrize("kind, variable, target, call, expected", JACOBIAN_RECORDS, ids=[c[0] for c in JACOBIAN_RECORDS])
def test_a_tape_jacobian_is_handed_back_whole_and_verified(kind, variable, target, call, expected):
    source = f"import tensorflow as tf\n{variable}\nwith tf.GradientTape() as tape:\n    {target}\nj = {call}\n"
    _, result = run(source)
    (record,) = result.program.gradients
    assert record.kind == kind
    np.testing.assert_allclose(result.gradients[0].values[0], expected, rtol=1e-6)
    np.testing.assert_allclose(gradient_values(result, 0).reshape(expected.shape), expected, rtol=1e-6)
    report = verify_of(source, result)
    (check,) = report.checks
    assert report.ok and check.shape == expected.shape
    np.testing.assert_allclose([check.finite_difference[e] for e in check.entries],
                               expected.reshape(-1)[check.entries], rtol=1e-5, atol=1e-6)
