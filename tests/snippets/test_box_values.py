"""A gradient's values as the box's child sends them (JSON) become Python's in the parent
(snippets/runner.box_value); the child ran untrusted code, so anything else is refused."""
from __future__ import annotations

import math

import numpy as np
import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.snippets.runner import box_value
from autograd_cli.support.errors import AgError


def test_numbers_and_the_strings_of_nan_and_the_infinities():
    assert box_value(-9.0) == -9.0 and box_value(3) == 3 and box_value(True) is True and box_value(None) is None
    assert math.isnan(box_value("nan")) and box_value("inf") == math.inf and box_value("-inf") == -math.inf
    assert box_value("[1.+2.j]") == "[1.+2.j]"       # the job's text for an array of another kind


def test_a_nested_list_is_one_array_with_its_nonfinite_values():
    got = box_value([["inf", 0.5], [-1.0, "nan"]])
    assert isinstance(got, np.ndarray) and got.dtype == np.float64 and got.shape == (2, 2)
    np.testing.assert_array_equal(got, np.array([[np.inf, 0.5], [-1.0, np.nan]]))
    assert box_value([1, 2]).dtype.kind == "i" and box_value([True, False]).dtype == bool


@pytest.mark.parametrize("sent", [[[1.0, 2.0], [3.0]], ["x", 1.0], [{"a": 1}], {"a": 1}, [None, 1.0]])
def test_anything_else_is_refused_with_a_message(sent):
    with pytest.raises(AgError, match="gradient value"):
        box_value(sent)


def test_the_engines_memory_limit_is_read_before_the_box_locks_down():
    # Keras' fit checks the memory limit, which reads the machine's size (cgroup files): read inside
    # the box it was a refusal, and the refusal was appended to the snippet's next OSError
    source = ("import numpy as np\nimport tensorflow as tf\nm = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
              "m.compile(loss='mse', optimizer='sgd')\nm.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)\n"
              "raise OSError('the snippet own error')\n")
    with pytest.raises(AgError) as info:
        evaluate_snippet(source, seed=0, boxed=True)
    assert info.value.message == "OSError: the snippet own error"


def test_a_gradient_of_more_than_64_numbers_comes_back_as_its_bytes_and_reads_back_exactly():
    # (as JSON numbers a 4000 x 4000 jacobian took ~7 s of the box's CPU: a bare TimeLimitError)
    from autograd_cli.snippets.runner import run_snippet

    x = (np.arange(100, dtype=np.float32) / np.float32(7)).reshape(4, 25)
    source = ("import numpy as np\nimport tensorflow as tf\n"
              "x = tf.Variable((np.arange(100, dtype=np.float32) / np.float32(7)).reshape(4, 25))\n"
              "with tf.GradientTape() as tape:\n    y = tf.reduce_sum(x * x)\ng = tape.gradient(y, x)\n")
    (record,) = run_snippet(source)["gradients"]
    (sent,) = record["values"]
    assert set(sent) == {"bytes", "dtype", "shape"} and sent["dtype"] == "float32" and sent["shape"] == [4, 25]
    got = box_value(sent, "float32")
    assert got.dtype == np.float32 and np.array_equal(got, 2 * x)       # d/dx sum(x^2) = 2x, exact in float32
    (result,) = evaluate_snippet(source).gradients
    assert np.array_equal(result.values[0], 2 * x)


@pytest.mark.parametrize("sent", [
    {"bytes": "not base64!", "dtype": "float32", "shape": [100]},
    {"bytes": "AAAA", "dtype": "float32", "shape": [100]},                 # fewer bytes than the shape needs
    {"bytes": "AAAA", "dtype": "object", "shape": [1]},
    {"bytes": "AAAA", "dtype": "float32", "shape": [-1]},
    {"fill": "x", "dtype": "float64", "shape": [100]},
    {"array": [1.0], "dtype": "float64", "shape": [100]},
])
def test_a_forged_array_of_bytes_is_refused_with_a_message(sent):
    with pytest.raises(AgError, match="gradient value the tool cannot read"):
        box_value(sent)


def test_the_runs_gradient_bytes_are_spent_before_the_bytes_are_made():
    from autograd_cli.sandbox.user_code import OutputLimitError
    from autograd_cli.snippets import job

    budget = [1000]
    assert job.plain_gradient(np.full(10**6, 2.5), budget) == {"fill": 2.5, "dtype": "float64", "shape": [10**6]}
    assert budget == [1000 - 8]          # one value repeated: one float64 sent
    sent = job.plain_gradient(np.arange(100, dtype=np.float32), budget)
    assert budget == [1000 - 8 - 400] and np.array_equal(box_value(sent), np.arange(100, dtype=np.float32))
    with pytest.raises(OutputLimitError, match=r"too large to hand back.*shape \(200,\) takes 1,600"):
        job.plain_gradient(np.arange(200.0), budget)
