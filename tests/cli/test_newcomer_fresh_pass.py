"""A fresh newcomer pass (README, docs and --help only; samples and the seed snippets at 60,
80 and 120 columns): what still wrapped badly or said too little."""
import json
import re

import pytest

from conftest import cli
from test_newcomer_terminal import WIDTHS, fits, term


@pytest.mark.parametrize("width", WIDTHS + (200,))
def test_functions_never_split_a_tensorflow_name(width):
    # the table's ratio columns split names mid-word even at 120 columns
    # ("tf.keras.activations.sigmoi" / "d"); too narrow for whole names, it is a list
    lines = fits(term(width, "functions"), width)
    text = "\n".join(lines)
    doc = json.loads(cli("functions", "--json").stdout)["functions"]
    for entry in doc:
        for name in entry["tensorflow"]:
            assert re.search(rf"(^|[\s,│]){re.escape(name)}($|[\s,│])", text, re.M), (width, name)
        assert entry["signature"].split("(")[0] + "(" in text, (width, entry["signature"])


@pytest.mark.parametrize("width", WIDTHS)
def test_warnings_on_a_terminal_are_wrapped_between_words(width, tmp_path):
    # one 133-character line ("warning: line 6: TensorFlow 2 returns None for the gradient of
    # an integer tensor; ...") that the terminal cut mid-word at 80 columns
    import os
    import pty
    import subprocess
    import sys

    from conftest import ROOT, SRC

    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "COLUMNS": str(width)}
    try:
        proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval",
                               str(ROOT / "samples" / "tf" / "seed001_2_right.py")],
                              stdout=subprocess.PIPE, stderr=slave, env=env, timeout=120)
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(master)
    assert proc.returncode == 0
    err = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    lines = [line for line in err.split("\n") if line]
    assert lines[0].startswith("warning: line 6: TensorFlow 2 returns None"), err
    assert all(len(line) <= width for line in lines), lines
    assert " ".join(line.strip() for line in lines).endswith("(as here, in graph mode) computes it"), lines
    # and on a pipe the warning stays one line (scripts grep it)
    piped = term(width, "eval", ROOT / "samples" / "tf" / "seed001_2_right.py")
    assert "TensorFlow 2 returns None for the gradient of an integer tensor; TensorFlow 1.x" in piped.stderr


def test_a_snippet_without_its_imports_says_which_import(tmp_path):
    # seed 000's first excerpt is the signature alone: Python's NameError says nothing more
    from conftest import ROOT

    proc = cli("eval", ROOT / "samples" / "tf" / "seed000_0_gradients_signature.py")
    assert proc.returncode == 2
    assert "NameError: name 'tf' is not defined (add `import tensorflow as tf` at the top)" in proc.stderr
    prog = tmp_path / "p.py"
    prog.write_text("import tensorflow as tf\nx = np.ones(3)\n", encoding="utf-8")
    assert "(add `import numpy as np` at the top)" in cli("eval", prog).stderr
    prog.write_text("import tensorflow as tf\nx = nope\n", encoding="utf-8")
    assert cli("eval", prog).stderr.splitlines()[0].endswith("NameError: name 'nope' is not defined")


@pytest.mark.parametrize("command", ["eval", "explain", "verify", "graph", "report"])
def test_help_says_a_command_takes_a_tensorflow_snippet_too(command):
    # "FILE: One or more .ag programs": the seed snippets are .py files, and these commands take them
    text = " ".join(term(200, command, "--help").stdout.split())
    arguments = text.split("Arguments")[1].split("Options")[0]
    assert "TensorFlow snippet" in arguments and ".py" in arguments, arguments
    assert "The .ag program, or - for standard input" in " ".join(term(200, "run", "--help").stdout.split())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command", ["samples", "docs"])
def test_shipped_file_names_are_never_split(width, command):
    # a ratio column split "second_derivatives.a" / "g" at 80 columns
    lines = fits(term(width, command), width)
    names = [item["name"] for item in json.loads(cli(command, "--json").stdout)[{"samples": "programs", "docs": "documents"}[command]]]
    text = "\n".join(lines)
    for name in names:
        assert re.search(rf"(^|[\s│]){re.escape(name)}($|[\s│])", text, re.M), (width, name)


def test_a_snippets_json_gradients_have_the_same_entries_as_a_programs():
    # a .ag program's entries had by_x (x -> value), a snippet's did not: one script could not read both
    from conftest import ROOT

    ag = json.loads(cli("eval", ROOT / "samples" / "seed_chain_rule_3_1.ag", "--json").stdout)["gradients"][0]
    py = json.loads(cli("eval", ROOT / "samples" / "tf" / "seed000_3_sum_of_paths.py", "--json").stdout)["gradients"][0]
    assert set(ag) <= set(py), (set(ag), set(py))
    assert py["by_x"] == {"a": 3.0, "b": 1.0} and ag["by_x"] == {"a": 3.0, "b": 1.0}


def test_a_second_gradient_of_a_tape_says_how_to_ask_twice(tmp_path):
    prog = tmp_path / "twice.py"
    prog.write_text("import tensorflow as tf\nx = tf.Variable(3.0)\nwith tf.GradientTape() as t:\n    y = x * x\n"
                    "print(t.gradient(y, x))\nprint(t.gradient(y, x))\n", encoding="utf-8")
    proc = cli("eval", prog)
    assert proc.returncode == 2
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{prog}:6:7: RuntimeError: A non-persistent GradientTape can only be used"), first
    assert "tf.GradientTape(persistent=True)" in first


@pytest.mark.parametrize("line", ['x = "漢字漢字" + q', 'x = "é" + "😀" + q'])
def test_the_caret_lines_up_under_wide_characters(tmp_path, line):
    # the caret counted characters: wide characters (CJK, emoji) take two columns
    import unicodedata

    prog = tmp_path / "wide.py"
    prog.write_text(line + "\n", encoding="utf-8")
    err = cli("eval", prog).stderr.splitlines()
    quoted, caret = err[1], err[2]

    def width(text):
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    assert width(quoted[:quoted.index("q")]) == caret.index("^"), err
