"""`.ag` answers checked against TensorFlow 2.21's own: the values and errors real TensorFlow
printed are stored in tests/tf_reference/fidelity_tf.json (made by fidelity_tf.py beside it,
run with a TensorFlow install); others are derived by hand in the test."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.api import evaluate
from autograd_cli.support.errors import AgError

TF = json.loads((Path(__file__).parent / "tf_reference" / "fidelity_tf.json").read_text())


def ev(source, **kw):
    return evaluate(source, **kw)


def error_of(source) -> AgError:
    with pytest.raises(AgError) as info:
        ev(source)
    return info.value


def tf_values(name):
    entry = TF[name]
    if isinstance(entry, list):
        return [None if e is None else np.asarray(e["value"]) for e in entry]
    return np.asarray(entry["value"])


# ---------------------------------------------------------------- dtype names inside a def

@pytest.mark.parametrize("dtype", ["int32", "tf.int32"])
def test_dtype_names_are_visible_inside_a_def(dtype):
    src = ("import tensorflow as tf\nv = 2.0\ndef keep_going(i, a) = i < 3\n"
           f"def loop_body(i, a) = [i + 1, a + cast(v, {dtype})]\n"
           "r = while_loop(keep_going, loop_body, [0, 0])\n")
    i, a = ev(src).values["r"]
    expected_i, expected_a = tf_values("dtype_names_in_a_loop_body")
    assert float(i) == expected_i == 3 and float(a) == expected_a == 6


def test_a_dtype_name_assigned_as_a_variable_is_that_value_inside_a_def():
    # dtype names are constants only where the program does not assign them
    src = "float32 = 3.0\ndef f(t) = t * float32\ny = f(2.0)\n"
    assert float(ev(src).values["y"]) == 6.0
