"""Snippets run by our tool print what real TensorFlow 2.21 printed (stored in expected/).

Every corpus file and every seed sample is run as `python -m autograd_cli eval FILE
--prints-only` (the snippet's own output on stdout; an error on stderr as
`FILE:LINE:COL: Type: message`, exit 2) and compared with TensorFlow's stored stdout and
error by compare.py's rules. A sample whose stored output is not deterministic (unseeded
NumPy or initialisers in the seed post) is compared by layout, not by value.

Where the contract keeps a seed post's TensorFlow 1.x answer instead of TF 2.21's, the
answer compared is `expected/samples/NAME.contract.json` (see README.md).

known_failures.txt lists `NAME  reason` lines (a corpus stem, or samples/STEM): those cases
are expected to fail, strictly, so a fix is noticed and the line removed.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("autograd_cli.tensorflow")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from compare import compare, compare_error  # noqa: E402

ROOT = HERE.parents[1]
CORPUS = HERE / "corpus"
EXPECTED = HERE / "expected"
SAMPLES = ROOT / "samples" / "tf"
TIMEOUT_S = 120


def known_failures() -> dict[str, str]:
    entries = {}
    for line in (HERE / "known_failures.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(" ")
        entries[name] = reason.strip() or "known failure"
    return entries


def expected_for(stored: Path) -> Path:
    contract = stored.with_name(stored.stem + ".contract.json")
    return contract if contract.exists() else stored


def cases():
    failing = known_failures()
    found = []
    for path in sorted(CORPUS.glob("*.py")):
        found.append((path.stem, path, EXPECTED / f"{path.stem}.json"))
    for path in sorted(SAMPLES.glob("*.py")):
        found.append((f"samples/{path.stem}", path, EXPECTED / "samples" / f"{path.stem}.json"))
    unknown = set(failing) - {name for name, _, _ in found}
    assert not unknown, f"known_failures.txt names no such snippet: {sorted(unknown)}"
    corpus_passing = 0
    for name, path, stored in found:
        marks = [pytest.mark.xfail(strict=True, reason=failing[name])] if name in failing else []
        # Each case is a whole command in a fresh box (about a second): the default run takes
        # the seed samples and every DEFAULT_SHARE-th passing corpus file; `-m oracle` runs the rest.
        if name in failing:
            marks.append(pytest.mark.oracle)
        elif not name.startswith("samples/"):
            corpus_passing += 1
            if corpus_passing % DEFAULT_SHARE:
                marks.append(pytest.mark.oracle)
        yield pytest.param(path, stored, id=name, marks=marks)


DEFAULT_SHARE = 5     # (the corpus grew to 512 files: a fifth keeps the default run near 6 minutes)


def run_ours(path: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(path), "--prints-only"],
                          capture_output=True, text=True, timeout=TIMEOUT_S, env=env, cwd=cwd)


@pytest.mark.parametrize("snippet, stored", list(cases()))
def test_prints_what_tensorflow_printed(snippet, stored, tmp_path):
    expected = json.loads(expected_for(stored).read_text(encoding="utf-8"))
    proc = run_ours(snippet, tmp_path)
    problems = compare(proc.stdout, expected["stdout"],
                       check_numbers=expected.get("deterministic", True))
    if "Traceback (most recent call last)" in proc.stderr:
        problems.append("our stderr holds a Python traceback")
    if expected["error"] is None:
        if proc.returncode != 0:
            problems.append(f"TensorFlow ran it without error; ours exited {proc.returncode}: "
                            f"{proc.stderr.strip()[:500]}")
    else:
        if proc.returncode != 2:
            problems.append(f"TensorFlow raised {expected['error']['type']}; ours exited "
                            f"{proc.returncode} (expected 2)")
        problems += compare_error(proc.stderr, expected["error"])
    assert not problems, "\n".join(problems)
