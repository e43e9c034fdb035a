"""`autograd-cli docs` and `autograd-cli samples`: what a newcomer has after `pip install`."""
import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "autograd_cli"]


def _cli(*args, cwd=None):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_docs_lists_the_documents_of_the_repository():
    proc = _cli("docs", "--json")
    assert proc.returncode == 0, proc.stderr
    names = {d["name"] for d in json.loads(proc.stdout)["documents"]}
    assert names == {p.stem for p in (ROOT / "docs").glob("*.md")}


def test_docs_name_prints_the_document_itself():
    proc = _cli("docs", "language")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (ROOT / "docs" / "language.md").read_text(encoding="utf-8")


def test_an_unknown_document_is_an_error_with_the_closest_name():
    proc = _cli("docs", "langage")
    assert proc.returncode == 2
    assert "did you mean 'language'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_samples_copy_writes_every_sample_and_the_examples_then_run(tmp_path):
    target = tmp_path / "samples"
    proc = _cli("samples", "--copy-to", str(target))
    assert proc.returncode == 0, proc.stderr
    shipped = sorted(p.relative_to(ROOT / "samples") for p in (ROOT / "samples").rglob("*")
                     if p.is_file() and p.suffix in (".ag", ".py", ".csv"))
    copied = sorted(p.relative_to(target) for p in target.rglob("*") if p.is_file())
    assert copied == shipped
    assert (target / "linear_model.ag").read_bytes() == (ROOT / "samples" / "linear_model.ag").read_bytes()
    # the help's own example, from the folder the copy made
    run = _cli("eval", "samples/linear_model.ag", "--json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "values" in json.loads(run.stdout)
    again = _cli("samples", "--copy-to", str(target))
    assert again.returncode == 0 and "already holds every sample" in again.stderr


def test_samples_copy_refuses_to_overwrite_and_writes_nothing(tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "linear_model.ag").write_text("my own program\n", encoding="utf-8")
    proc = _cli("samples", "--copy-to", str(target))
    assert proc.returncode == 2
    assert "exists and differs" in proc.stderr and "nothing was copied" in proc.stderr
    assert [p.name for p in target.iterdir()] == ["linear_model.ag"]
    assert (target / "linear_model.ag").read_text(encoding="utf-8") == "my own program\n"


def _help_examples():
    from autograd_cli.cli.app import app

    texts = [app.info.epilog or ""] + [c.epilog or "" for c in app.registered_commands]
    return sorted({m for text in texts for m in re.findall(r"samples/[\w./*-]+", text)})


def test_every_sample_path_in_the_help_is_a_shipped_sample():
    paths = _help_examples()
    assert paths, "the help's examples name samples"
    for path in paths:
        assert list(ROOT.glob(path)), f"{path} (in --help) is not in samples/"


def test_the_wheel_carries_docs_and_samples_where_the_tool_looks():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs"] == "autograd_cli/bundled/docs"
    assert included["samples"] == "autograd_cli/bundled/samples"


def test_a_built_wheel_holds_the_documents(tmp_path):
    pytest.importorskip("hatchling")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "autograd_cli/bundled/docs/language.md" in names
    assert "autograd_cli/bundled/samples/linear_model.ag" in names
