"""The Keras loss built-ins against TensorFlow 2.21 / Keras 3 itself: tf_losses.json holds what
real TensorFlow printed for each case (written by tf_losses_generate.py, run under TensorFlow;
this test does not need it). A loss function gives one value per sample; reduce_mean of it is
the loss object's batch mean; the gradient of the summed losses is TensorFlow's.

Cases whose y_pred is an eager tf.nn.softmax / sigmoid output (Keras clips those) have no
`.ag` form: a `.ag` program is a graph, where Keras works from the softmax's logits."""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

from autograd_cli import evaluate
from autograd_cli.support.errors import AgError

STORED = json.loads(pathlib.Path(__file__).with_name("tf_losses.json").read_text())
GRAPH_CASES = [c for c in STORED["cases"] if not c["kind"].startswith("eager")]
# float32 in TensorFlow, float64 here: TensorFlow's own rounding
RTOL, ATOL = 2e-6, 2e-6


def _program(case):
    keywords = dict(case["keywords"])
    if case["kind"] == "logits":
        keywords["from_logits"] = True
    pred = {"softmax": "softmax(x)", "sigmoid": "sigmoid(x)"}.get(case["kind"], "x")
    extra = "".join(f", {k}={v!r}" for k, v in keywords.items())
    return (f"x = variable({case['y_pred']})\n"
            f"y = {case['function']}({case['y_true']}, {pred}{extra})\n"
            f"m = reduce_mean(y)\n"
            f"g = gradients(reduce_sum(y), x)\n")


def _close(actual, expected):
    actual, expected = np.asarray(actual, dtype=np.float64), np.asarray(expected, dtype=np.float64)
    assert actual.shape == expected.shape, (actual, expected)
    np.testing.assert_allclose(actual, expected, rtol=RTOL, atol=ATOL)


def test_the_stored_outputs_are_tensorflow_2_21_with_keras_3():
    assert STORED["tensorflow"] == "2.21.0" and STORED["keras"].startswith("3.")
    functions = {c["function"] for c in STORED["cases"]}
    assert functions == {"categorical_crossentropy", "binary_crossentropy", "sparse_categorical_crossentropy",
                         "mean_squared_error", "mean_absolute_error", "huber", "log_cosh"}


@pytest.mark.parametrize("case", GRAPH_CASES, ids=[c["id"] for c in GRAPH_CASES])
def test_loss_function_is_per_sample_as_tensorflow(case):
    result = evaluate(_program(case))
    _close(result.values["y"], case["per_sample"])
    _close(result.values["m"], case["object"])            # reduce_mean = the loss object
    (gradient,) = next(r for r in result.gradients if r.name == "g").values
    _close(gradient, case["gradient"])


def test_the_stored_numbers_agree_with_keras_formulas_written_here():
    """The stored file itself, checked against NumPy: a wrong generator cannot pass unnoticed."""
    by_id = {c["id"]: c for c in STORED["cases"]}
    p = np.array(by_id["cce_unnormalised"]["y_pred"])
    t = np.array(by_id["cce_unnormalised"]["y_true"])
    q = np.clip(p / p.sum(-1, keepdims=True), 1e-7, 1 - 1e-7)
    _close(by_id["cce_unnormalised"]["per_sample"], -(t * np.log(q)).sum(-1))
    z = np.array(by_id["cce_softmax_saturated"]["y_pred"])
    log_softmax = z - np.log(np.exp(z - z.max(-1, keepdims=True)).sum(-1, keepdims=True)) - z.max(-1, keepdims=True)
    _close(by_id["cce_softmax_saturated"]["per_sample"],
           -(np.array(by_id["cce_softmax_saturated"]["y_true"]) * log_softmax).sum(-1))
    _close(by_id["cce_eager_softmax_saturated"]["per_sample"][0], -np.log(np.float32(1e-7)))
    a, b = np.array(by_id["mse"]["y_true"]), np.array(by_id["mse"]["y_pred"])
    _close(by_id["mse"]["per_sample"], ((a - b) ** 2).mean(-1))
    e = b - a
    _close(by_id["huber_delta"]["per_sample"],
           np.where(np.abs(e) <= 2, 0.5 * e ** 2, 2 * np.abs(e) - 2).mean(-1))


def test_summing_per_sample_losses_gives_n_times_the_mean():
    """The newcomer's report: reduce_sum of the per-sample losses is TensorFlow's 3.718, not 1.859."""
    case = next(c for c in STORED["cases"] if c["id"] == "cce_documented")
    result = evaluate(f"y = reduce_sum(categorical_crossentropy({case['y_true']}, {case['y_pred']}))")
    _close(result.values["y"], sum(case["per_sample"]))
    assert abs(float(result.values["y"]) - 2 * case["object"]) < 1e-5


@pytest.mark.parametrize("call", ["mean_squared_error(1.0, 2.0)", "huber(1.0, 2.0)", "mae(1.0, 2.0)",
                                  "log_cosh(1.0, 2.0)", "binary_crossentropy(1.0, 0.5)"])
def test_a_scalar_has_no_sample_axis(call):
    """TensorFlow: InvalidArgumentError 'Invalid reduction dimension (-1 for input with 0 dimension(s)'."""
    with pytest.raises(AgError, match=r"Invalid reduction dimension \(-1 for input with 0 dimension"):
        evaluate(f"y = {call}")
