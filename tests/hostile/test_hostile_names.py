"""File names in messages: the user's own file named in every line that locates a place, and
a name's control characters (escape sequences, newlines) never reaching the terminal raw."""
from __future__ import annotations

import re

import pytest

from conftest import cli


def test_an_error_through_the_snippets_functions_names_the_file_in_each_caller(tmp_path):
    prog = tmp_path / "post.py"
    prog.write_text("def f(n):\n    if n == 0:\n        raise ValueError('boom')\n    return f(n - 1)\nf(2)\n",
                    encoding="utf-8")
    proc = cli("eval", prog, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines[0] == f"{prog}:3:9: ValueError: boom", proc.stderr
    assert lines[1:4] == [f"  called from {prog}:4", f"  called from {prog}:4", f"  called from {prog}:5"], proc.stderr
    assert "<snippet>" not in proc.stderr


@pytest.mark.parametrize("name", ["a\x1b[31mb.py", "a\nb.py", "a\x1b]0;title\x07.ag", "tab\there.ag"])
def test_control_characters_in_a_file_name_are_spelled_out(tmp_path, name):
    (tmp_path / name).write_text("y = q\n", encoding="utf-8")
    proc = cli("eval", name, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert not re.search(r"[\x00-\x08\t\x0b-\x1f\x7f]", proc.stderr), repr(proc.stderr)
    assert proc.stderr.count("\n") == 3, repr(proc.stderr)      # the message, the source line, the caret
    first = proc.stderr.splitlines()[0]
    assert re.match(r"^\S+:1:\d+: ", first) or "\\t" in first, first


def test_a_missing_file_with_an_escape_sequence_in_its_name_is_spelled_out(tmp_path):
    proc = cli("eval", "no\x1b[2Jfile.ag", cwd=tmp_path)
    assert proc.returncode == 2
    assert "\x1b" not in proc.stderr and "no\\x1b[2Jfile.ag" in proc.stderr, repr(proc.stderr)


def test_tensorflow_names_with_control_characters_are_spelled_out_in_the_text_graph(tmp_path):
    # graph --format text wrote a variable's TensorFlow name (the xs of a tape.gradient call
    # given a list by name) raw: an escape sequence reached the terminal
    prog = tmp_path / "names.py"
    prog.write_text("import tensorflow as tf\nx = tf.Variable(1.0, name='v\\x1b[2J')\nvs = [x]\n"
                    "with tf.GradientTape() as t:\n    y = x * x\ng = t.gradient(y, vs)\n", encoding="utf-8")
    for fmt in ("text", "dot", "mermaid"):
        proc = cli("graph", prog, "--format", fmt, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", proc.stdout), (fmt, proc.stdout)
    assert "v\\x1b[2J" in cli("graph", prog, "--format", "text", cwd=tmp_path).stdout
