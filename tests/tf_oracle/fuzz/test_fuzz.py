"""Differential tests: the generated programs print, case by case, what TensorFlow 2.21 printed.

Each program in programs/ (written by make_programs.py) runs once as `autograd-cli eval FILE
--prints-only`; its stdout is cut into cases (lines starting with the case's tag `cNN_MM`)
and each case is compared with TensorFlow's stored output (expected/) by compare.py's rules.
known_differences.txt lists `TAG  reason` for cases kept different on purpose: strict, so a
listed case that comes to agree fails until its line is removed.

An error is printed as `TAG raised Type: first line`, compared as compare.py compares errors:
up to the first text naming graph nodes or devices (` [Op:`, ...).

The default run takes every DEFAULT_SHARE-th program; `-m oracle` runs the others.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from compare import compare
from test_oracle import run_ours

PROGRAMS = sorted((HERE / "programs").glob("fuzz_*.py"))
DEFAULT_SHARE = 4
TAG = re.compile(r"^(c\d\d_\d\d)\b")
# compare.py's rule for error messages: the text from the first of these on names graph nodes
# or devices and is not compared
NODE_MARKERS = re.compile(r" \[Op:|\[\[|\{\{| name: |\(defined at")


def known_differences() -> dict[str, str]:
    entries = {}
    for line in (HERE / "known_differences.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            tag, _, reason = line.partition(" ")
            entries[tag] = reason.strip()
    return entries


def by_case(stdout: str) -> dict[str, str]:
    """The printed lines of each case, by tag; lines before any tag under ''."""
    cases: dict[str, list[str]] = {}
    tag = ""
    for line in stdout.splitlines():
        match = TAG.match(line)
        if match:
            tag = match.group(1)
            if line.startswith(f"{tag} raised "):
                line = NODE_MARKERS.split(line, 1)[0].rstrip()
        cases.setdefault(tag, []).append(line)
    return {t: "\n".join(lines) + "\n" for t, lines in cases.items()}


def differences(ours: str, theirs: str) -> dict[str, list[str]]:
    """The cases whose printing differs, with compare.py's sentences."""
    mine, expected = by_case(ours), by_case(theirs)
    found = {}
    for tag in sorted(set(mine) | set(expected)):
        problems = compare(mine.get(tag, ""), expected.get(tag, ""))
        if problems:
            found[tag] = problems
    return found


def program_params():
    for i, path in enumerate(PROGRAMS):
        marks = [] if i % DEFAULT_SHARE == 0 else [pytest.mark.oracle]
        yield pytest.param(path, id=path.stem, marks=marks)


def test_the_programs_are_current_and_stored():
    import make_programs

    made = make_programs.programs()
    assert sorted(made) == [p.name for p in PROGRAMS]
    for path in PROGRAMS:
        assert path.read_text(encoding="utf-8") == made[path.name], f"{path.name}: run make_programs.py"
        stored = json.loads((HERE / "expected" / f"{path.stem}.json").read_text(encoding="utf-8"))
        assert stored["tf_version"] == "2.21.0" and stored["error"] is None
    tags = {m.group(1) for p in PROGRAMS for m in re.finditer(r"^run\('(c\d\d_\d\d)'", p.read_text(), re.MULTILINE)}
    unknown = set(known_differences()) - tags
    assert not unknown, f"known_differences.txt names no such case: {sorted(unknown)}"


def test_the_cases_split_and_compare():
    theirs = "c00_00 y float32 [2] [1.0, 2.0]\nc00_00 d0 None\nc00_01 raised TypeError: no\n"
    assert differences(theirs, theirs) == {}
    ours = "c00_00 y float32 [2] [1.0, 2.5]\nc00_00 d0 None\nc00_01 raised TypeError: no\n"
    assert list(differences(ours, theirs)) == ["c00_00"]
    assert list(differences("c00_00 y float32 [2] [1.0, 2.0]\nc00_00 d0 None\n", theirs)) == ["c00_01"]


@pytest.mark.parametrize("program", list(program_params()))
def test_a_program_prints_what_tensorflow_printed(program, tmp_path):
    expected = json.loads((HERE / "expected" / f"{program.stem}.json").read_text(encoding="utf-8"))
    proc = run_ours(program, tmp_path)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    found = differences(proc.stdout, expected["stdout"])
    known = {t: r for t, r in known_differences().items() if t.startswith(f"c{program.stem[-2:]}_")}
    unexpected = {t: p for t, p in found.items() if t not in known}
    fixed = sorted(set(known) - set(found))
    lines = [f"{t}: {'; '.join(p[:3])}" for t, p in unexpected.items()]
    lines += [f"{t}: agrees now; remove it from known_differences.txt" for t in fixed]
    assert not lines, "\n".join(lines)
