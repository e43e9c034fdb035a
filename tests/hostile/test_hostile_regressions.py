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


def test_a_byte_order_mark_is_not_part_of_the_program(tmp_path):
    # Found by hand: a program saved by Notepad starts with U+FEFF ("unexpected character").
    prog = tmp_path / "p.ag"
    prog.write_bytes(b"\xef\xbb\xbfx = 1\ny = x +\n")
    proc = cli("eval", prog)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"{prog}:2:8: unexpected end of line"), proc.stderr
    prog.write_bytes(b"\xef\xbb\xbfx = 1\n")
    assert json.loads(cli("eval", prog, "--json").stdout)["values"] == {"x": 1.0}
