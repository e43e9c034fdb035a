"""A gradient's values as the box's child sends them (JSON) become Python's in the parent
(snippets/runner.box_value); the child ran untrusted code, so anything else is refused."""
from __future__ import annotations

import math

import numpy as np
import pytest

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
