"""The evaluator's NaN/inf check (kernels._finite) agrees with np.isfinite(x).all() on every
size it treats apart (a few elements, below BIG, BIG and more), with values whose sum or dot
product overflows though every element is finite."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli.evaluate.kernels import BIG, _finite


@pytest.mark.parametrize("size", [0, 1, 3, 64, 65, 1000, BIG - 1, BIG, BIG + 7])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_finite_check_is_numpys(size, dtype):
    rng = np.random.default_rng(size)
    base = rng.standard_normal(size).astype(dtype)
    huge = np.full(size, np.finfo(dtype).max / 2, dtype=dtype)      # finite, but its sums overflow
    cases = [base, huge, base.reshape(-1, 1), huge[::-1]]
    for bad in (np.nan, np.inf, -np.inf):
        if size:
            spoiled = base.copy()
            spoiled[rng.integers(size)] = bad
            cases += [spoiled, spoiled.reshape(1, -1)]
    for x in cases:
        with np.errstate(all="ignore"):
            assert _finite(x) == bool(np.isfinite(x).all())


def test_finite_check_of_scalars_and_zero_d_arrays():
    for value in (1.5, np.float64(-2.0), np.array(3.0), np.array(np.nan), np.float64(np.inf), float("-inf"),
                  np.array(7, dtype=np.int64), np.array([1, 2])):
        assert _finite(value) == bool(np.isfinite(value).all())
