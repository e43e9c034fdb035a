"""The documents and sample programs that ship with the tool.

A wheel carries the repository's `docs/` and `samples/` inside the package
(`autograd_cli/bundled/`, see pyproject.toml); a checkout or an editable install
reads them where they are. So `autograd-cli docs` and `autograd-cli samples` work
after `pip install` with no copy kept in the source tree.
"""
from __future__ import annotations

import os
from pathlib import Path

from autograd_cli.support.errors import AgError, suggest

_PACKAGE = Path(__file__).resolve().parents[1]
SAMPLE_SUFFIXES = (".ag", ".py", ".csv")


def bundled_dir(name: str) -> Path | None:
    """The installed copy of `docs` or `samples`, else the checkout's; None if neither exists."""
    for candidate in (_PACKAGE / "bundled" / name, _PACKAGE.parents[1] / name):
        if candidate.is_dir():
            return candidate
    return None


class Bundled:
    """One shipped file: its short name (what to type), its one-line summary, its path."""

    def __init__(self, name: str, summary: str, path: Path):
        self.name, self.summary, self.path = name, summary, path


def _summary(path: Path) -> str:
    """A document's title, or a program's first comment line."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                text = line.strip()
                if text.startswith("# ") and path.suffix == ".md":
                    return text[2:]
                if text.startswith("#") and path.suffix in (".ag", ".py"):
                    return text.lstrip("#").strip()
                if text.startswith('"""'):
                    return text.strip('"').strip()
                if text:
                    return ""
    except OSError:
        return ""
    return ""


def documents() -> list[Bundled]:
    folder = bundled_dir("docs")
    if folder is None:
        return []
    return [Bundled(p.stem, _summary(p), p) for p in sorted(folder.glob("*.md"))]


def document(name: str) -> Bundled:
    found = documents()
    for doc in found:
        if doc.name == name or f"{doc.name}.md" == name:
            return doc
    if not found:
        raise AgError("the documents are not installed with this copy of autograd-cli")
    names = [d.name for d in found]
    raise AgError(f"no document named {name!r}{suggest(name, names)}; there are: {', '.join(names)}")


def samples() -> list[Bundled]:
    folder = bundled_dir("samples")
    if folder is None:
        return []
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SAMPLE_SUFFIXES)
    return [Bundled(p.relative_to(folder).as_posix(), _summary(p), p) for p in files]


def copy_samples(target: str) -> list[str]:
    """Copy every sample into `target` (made if missing), keeping sub-folders. A file that is
    already there with other content is not overwritten: the whole copy is refused first."""
    from autograd_cli.support.files import atomic_write

    found = samples()
    if not found:
        raise AgError("the samples are not installed with this copy of autograd-cli")
    plan = []
    for sample in found:
        destination = os.path.join(target, *sample.name.split("/"))
        data = sample.path.read_bytes()
        try:
            with open(destination, "rb") as handle:
                existing = handle.read(len(data) + 1)
        except FileNotFoundError:
            existing = None
        except OSError as exc:
            raise AgError(f"cannot write {destination}: {exc.strerror or exc}") from None
        if existing is not None and existing != data:
            raise AgError(f"{destination} exists and differs from the sample: nothing was copied "
                          "(choose another folder or remove it)")
        if existing is None:
            plan.append((destination, data))
    for destination, data in plan:
        try:
            os.makedirs(os.path.dirname(destination) or ".", exist_ok=True)
        except OSError as exc:
            raise AgError(f"cannot make the folder for {destination}: {exc.strerror or exc}") from None
        atomic_write(destination, data)
    return [destination for destination, _ in plan]
