"""Bugs the hostile corpus and the fuzzers found, each pinned by the smallest program."""
from __future__ import annotations

import json

from conftest import cli


def test_verify_of_a_comparison_is_a_clean_zero(tmp_path):
    # Found by fuzzing: SymPy was asked to add truth values (deprecation noise on stderr,
    # and "SymPy failed (TypeError: BooleanAtom ...)" as a skip for a scalar comparison).
    prog = tmp_path / "p.ag"
    prog.write_text('s0 = variable(1.5)\nb = s0 > 1\ng = gradients(b, s0, unconnected_gradients="zero")\n'
                    'v = [1.0, 2.0] > s0\nh = gradients(v, s0, unconnected_gradients="zero")\n')
    proc = cli("verify", prog, "--json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    checks = json.loads(proc.stdout)["checks"]
    assert [(c["ad"], c["symbolic"], c["skipped"]) for c in checks] == [(0.0, 0.0, None), (0.0, 0.0, None)]
