"""The box's generic job: run the source as Python's `__main__` and return {}.

Payload: {"preload": ["numpy", ...]} imports those modules before the lockdown (the way a
real job imports what it needs), {} imports nothing.
"""
from __future__ import annotations

import importlib

from .user_code import compile_user, run_as_main


def prepare(payload) -> None:
    for name in (payload or {}).get("preload", ()):
        importlib.import_module(name)


def run(payload, source: str, filename: str) -> dict:
    run_as_main(compile_user(source, filename), filename, source)
    return {}
