"""The per-op spec is complete: every op row and every built-in has exactly one entry in
op_specs.py, and each entry has the checks that apply to it (`applicable`) or says why
not; what an entry claims is true of the op (an excluded gradient is really absent, a
verify program really exercises the op). So an op added without a test entry fails here."""
from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest
from op_specs import SPECS, applicable, present, program_text

from autograd_cli.library.functions import BUILTINS
from autograd_cli.ops import OPS


def test_every_op_and_builtin_has_exactly_one_entry():
    counts = Counter(spec.name for spec in SPECS)
    assert not [name for name, n in counts.items() if n > 1], "names with more than one entry"
    missing = sorted((set(OPS) | set(BUILTINS)) - set(counts))
    assert not missing, f"ops and built-ins without an entry in tests/ops/op_specs.py: {missing}"
    stale = sorted(set(counts) - set(OPS) - set(BUILTINS))
    assert not stale, f"entries for names that are neither an op row nor a built-in: {stale}"


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_each_entry_has_its_checks_or_a_reason(spec):
    absent = applicable(spec.name) - present(spec)
    if absent:
        assert spec.excluded, f"{spec.name}: no {', '.join(sorted(absent))} and no reason given (excluded=)"
    else:
        assert spec.excluded is None, f"{spec.name}: a reason for a check it has (excluded={spec.excluded!r})"
    if spec.second:
        assert spec.domain is not None, f"{spec.name}: second derivatives are drawn from its domain"


def test_ops_without_a_gradient_check_really_have_no_gradient_rule():
    for spec in SPECS:
        if spec.name in OPS and spec.domain is None:
            op = OPS[spec.name]
            by_definition = spec.name == "round_float32"    # a rounding whose gradient is defined as dy
            assert op.leaf or op.vjp is None or by_definition, f"{spec.name} has a gradient rule but no domain"


def test_each_verify_program_exercises_its_op():
    """An op row's program builds a node of it (in y or in y's gradients); a built-in that is
    not an op row is called by name."""
    from autograd_cli.api import build

    wrong = []
    for spec in SPECS:
        for body, _, _, shape_a, shape_b in spec.verify:
            if spec.name in OPS:
                built = build(program_text(body, np.ones(shape_a), np.ones(shape_b)))
                exercised = any(node.op.name == spec.name for node in built.graph.nodes)
            else:
                exercised = re.search(rf"\b{spec.name}\(", body) is not None
            if not exercised:
                wrong.append((spec.name, body))
    assert not wrong, f"verify programs that do not exercise their entry's op: {wrong}"
