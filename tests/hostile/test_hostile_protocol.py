"""Snippets that write to the box's result channel or change the job's code: the snippet runs
in the child, so whatever the child sends may be forged. The parent trusts none of it: exit 2
with a located error or a message, never a traceback of ours, control characters escaped."""
from __future__ import annotations

import textwrap

import pytest

from conftest import cli
from test_hostile_snippets import located, run_snippet

pytest.importorskip("autograd_cli.snippets")

# Writes `message` (a JSON object) as a line on every descriptor that takes it: the result
# channel among them (the snippet can find its number in sys.orig_argv too).
FORGE = """
    import json, os
    def forge(message):
        for fd in range(3, 30):
            try:
                os.write(fd, (json.dumps(message) + "\\n").encode())
            except OSError:
                pass
"""


def test_a_forged_result_does_not_hide_the_crash_that_followed(tmp_path):
    prog, proc = run_snippet(tmp_path, FORGE + """
    forge({"event": "result", "data": {"prints": [], "gradients": [{"bogus": 1}], "warnings": []}})
    import ctypes
    ctypes.string_at(0)
    """)
    located(prog, proc, 11, "crashed", "segmentation fault")


def test_forged_gradient_records_are_refused_not_read(tmp_path):
    prog, proc = run_snippet(tmp_path, FORGE + """
    forge({"event": "result", "data": {"prints": [{"line": "x", "text": 5, "values": 3}],
                                       "gradients": [{"kind": "x", "name": 1, "line": "a", "ys": 3}],
                                       "warnings": [1]}})
    import sys
    del sys.modules["posix"]       # a fresh posix module: its _exit ends the child before its own result
    import posix
    posix._exit(0)
    """)
    assert proc.returncode == 2, proc.stderr
    assert "cannot read" in proc.stderr, proc.stderr


def test_a_job_changed_by_the_snippet_is_a_message_not_a_traceback(tmp_path):
    prog = tmp_path / "snippet.py"
    prog.write_text(textwrap.dedent("""
    import sys
    import tensorflow as tf
    job = sys.modules["autograd_cli.snippets.job"]
    job._gradient_records = lambda *args: [{"kind": 1}]
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x * x
    print(tape.gradient(y, x))
    """), encoding="utf-8")
    proc = cli("eval", prog, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "cannot read" in proc.stderr, proc.stderr


def test_a_forged_error_with_escape_sequences_then_a_crash_is_the_crash(tmp_path):
    prog, proc = run_snippet(tmp_path, FORGE + """
    forge({"event": "error", "error": {"line": 1, "col": 1, "type_name": "\\x1b[2J", "message": "\\x1b]0;x\\x07",
                                       "called_from": [], "kind": "exception"}})
    forge({"event": "internal", "message": "\\x1b[2J", "detail": "Traceback (most recent call last):"})
    import ctypes
    ctypes.string_at(0)
    """)
    located(prog, proc, 13, "crashed")
    assert "\x1b" not in proc.stderr


def test_result_lines_nested_past_the_parents_recursion_limit_are_a_message(tmp_path):
    prog, proc = run_snippet(tmp_path, FORGE.replace("json.dumps(message)", "message") + """
    forge("[" * 100000 + "]" * 100000)
    print("done")
    """)
    assert proc.returncode == 2, proc.stderr
    assert "result channel" in proc.stderr, proc.stderr
