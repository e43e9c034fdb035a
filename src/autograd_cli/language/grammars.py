"""The Lark grammars' text: shipped inside the wheel (autograd_cli/grammars/), or,
running from a source checkout, the top-level grammars/ folder."""
from __future__ import annotations

import os


def grammar_text(filename: str) -> str:
    # Files are found with os.path: importlib.resources (and the zipfile module its readers
    # load) cost a snippet's start about 2 ms. It serves only a package that is not a folder
    # of files (imported from a zip). Most `eval`s never need a grammar (the fast parser).
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # autograd_cli/
    packaged = os.path.join(package, "grammars", filename)
    if os.path.isfile(packaged):
        return _read(packaged)
    root = os.path.realpath(__file__)
    for _ in range(4):      # src/autograd_cli/language/grammars.py -> the checkout
        root = os.path.dirname(root)
    checkout = os.path.join(root, "grammars", filename)
    if not os.path.isfile(checkout):
        from importlib import resources

        zipped = resources.files("autograd_cli").joinpath("grammars", filename)
        if zipped.is_file():
            return zipped.read_text(encoding="utf-8")
    return _read(checkout)


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()
