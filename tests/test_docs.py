"""The user documentation stays true: every ```ag example runs, links resolve, README stays short."""
import re

import pytest

from conftest import ROOT, cli

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```ag[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def ag_blocks():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield pytest.param(doc, match.group(1), id=f"{doc.relative_to(ROOT)}:{line}")


@pytest.mark.parametrize("doc, program", list(ag_blocks()))
def test_ag_example_runs(doc, program, tmp_path):
    path = tmp_path / "example.ag"
    path.write_text(program, encoding="utf-8")
    proc = cli("eval", path, cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, f"{doc.name}:\n{program}\n{proc.stderr}"


def test_there_are_ag_examples_in_readme_and_language_reference():
    found = {doc.name for doc, *_ in (p.values for p in ag_blocks())}
    assert {"README.md", "language.md"} <= found


def test_readme_is_short():
    assert (ROOT / "README.md").stat().st_size < 12_000


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: str(d.relative_to(ROOT)))
def test_relative_links_point_to_existing_files(doc):
    text = doc.read_text(encoding="utf-8")
    # links inside fenced code blocks are not links
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        assert (doc.parent / path).exists(), f"{doc.name}: broken link {target}"


def test_language_reference_has_the_functions_markers():
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = text[text.index("## Built-in functions"):]
    begin, end = section.index("<!-- functions:begin -->"), section.index("<!-- functions:end -->")
    assert begin < end
