"""Every built-in's value against the NumPy references of its op_specs.py entry (written
there, TensorFlow's semantics), at random float64 points given through --set. The
gradient tests check the gradient rules against each op's forward; these check the
forwards."""
from __future__ import annotations

import re

import numpy as np
import pytest
from op_specs import SETS, SPECS

from autograd_cli import evaluate

CASES = [(spec.name, expr, reference) for spec in SPECS for expr, reference in spec.forward]


@pytest.mark.parametrize("name, expr, reference", CASES, ids=[c[1] for c in CASES])
def test_forward_matches_numpy(name, expr, reference):
    names = re.findall(r"(?<![\w.])([A-Za-z_]\w*)(?!\w|\s*\(|\s*=[^=])", expr)   # not calls or keywords
    used = {k: SETS[k] for k in names if k in SETS}
    result = evaluate(f"y = {expr}", sets=used)
    got = np.asarray(result.values["y"], dtype=np.float64)
    reference = np.asarray(reference, dtype=np.float64)
    assert got.shape == reference.shape, (got.shape, reference.shape)
    np.testing.assert_allclose(got, reference, rtol=1e-12, atol=1e-14)
