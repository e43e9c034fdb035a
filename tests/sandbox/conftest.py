"""Running snippets through the box's generic Python job."""
from __future__ import annotations

import pytest

from autograd_cli.sandbox import Limits, run_boxed

JOB = "autograd_cli.sandbox.python_job"
QUICK = dict(seconds=1.0, memory=256 << 20)     # small limits keep the tests quick


def boxed(source: str, *, preload=(), layers=None, filename="prog.py", on_output=None, **limits):
    """Run `source` in the box (quick limits unless given); the BoxResult."""
    chosen = Limits(**{**QUICK, **limits})
    extra = {} if layers is None else {"layers": layers}
    return run_boxed(JOB, {"preload": list(preload)}, source, filename, chosen, on_output=on_output, **extra)


def located(result, type_name: str, line, *words: str):
    """The run ended with a located error of `type_name` at `line` (or one of the lines of a
    tuple: a loop stopped in its header or its body) whose message has `words`."""
    error = result.error
    assert error is not None, f"no error; output {result.output[:300]!r}"
    lines = line if isinstance(line, tuple) else (line,)
    assert error.type_name == type_name and error.line in lines, error
    for word in words:
        assert word in error.message, (word, error.message)
    assert "Traceback" not in error.message and "autograd_cli" not in error.message
    return error


@pytest.fixture
def run():
    return boxed
