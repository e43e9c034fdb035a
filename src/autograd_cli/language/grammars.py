"""The Lark grammars' text: shipped inside the wheel (autograd_cli/grammars/), or,
running from a source checkout, the top-level grammars/ folder."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def grammar_text(filename: str) -> str:
    packaged = resources.files("autograd_cli").joinpath("grammars", filename)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[3] / "grammars" / filename
    return checkout.read_text(encoding="utf-8")
