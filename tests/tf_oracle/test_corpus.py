"""The oracle's corpus is well formed and every file has TensorFlow's stored output.

Quick and TensorFlow-free: it reads files only. (Regenerate with generate.py, see README.md.)
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
EXPECTED = HERE / "expected"
SAMPLES = HERE.parents[1] / "samples" / "tf"
TF_VERSION = "2.21.0"

CORPUS_FILES = sorted(CORPUS.glob("*.py"))


def test_the_corpus_is_large_enough():
    assert len(CORPUS_FILES) >= 150


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_a_corpus_file_is_well_formed_and_stored(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(r"# mode: (graph|eager)", lines[0]), "first line: # mode: graph|eager"
    assert lines[1].startswith("# checks: ") and len(lines[1]) > len("# checks: ") + 10
    assert 5 <= len(lines) <= 42, f"{len(lines)} lines"
    stored = EXPECTED / f"{path.stem}.json"
    assert stored.exists(), "no stored output: run generate.py"
    result = json.loads(stored.read_text(encoding="utf-8"))
    assert result["tf_version"] == TF_VERSION
    assert set(result) >= {"stdout", "error", "warnings"}
    # a snippet that ends in an error on purpose says so in its name, and only such a one
    assert (result["error"] is not None) == path.stem.endswith("_error"), result["error"]
    if result["error"] is not None:
        assert set(result["error"]) == {"type", "message", "line"}
        assert isinstance(result["error"]["line"], int) and 1 <= result["error"]["line"] <= len(lines)


def test_no_stored_output_without_its_corpus_file():
    stems = {p.stem for p in CORPUS_FILES}
    assert sorted(p.stem for p in EXPECTED.glob("*.json") if p.stem not in stems) == []


def test_every_seed_sample_is_stored():
    for path in sorted(SAMPLES.glob("*.py")):
        stored = EXPECTED / "samples" / f"{path.stem}.json"
        assert stored.exists(), path.name
        result = json.loads(stored.read_text(encoding="utf-8"))
        assert result["tf_version"] == TF_VERSION and result["mode"] in ("graph", "eager")


def test_contract_answers_belong_to_stored_samples():
    for contract in (EXPECTED / "samples").glob("*.contract.json"):
        name = contract.name[: -len(".contract.json")]
        assert (SAMPLES / f"{name}.py").exists(), contract.name
        data = json.loads(contract.read_text(encoding="utf-8"))
        assert set(data) >= {"stdout", "error", "reason"}
