"""The Lark grammars' text: shipped inside the wheel (autograd_cli/grammars/), or,
running from a source checkout, the top-level grammars/ folder."""
from __future__ import annotations


def grammar_text(filename: str) -> str:
    # importlib.resources and pathlib load only here: most `eval`s never need a grammar
    # (the fast parser reads them), and importing both costs about 6 ms of start-up.
    from importlib import resources
    from pathlib import Path

    packaged = resources.files("autograd_cli").joinpath("grammars", filename)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[3] / "grammars" / filename
    return checkout.read_text(encoding="utf-8")
