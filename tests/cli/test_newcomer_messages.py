"""Messages that say how to fix what a newcomer wrote (located, exit 2, no traceback)."""
import pytest

from conftest import cli

CASES = [
    ("x = variable(2.0)\nloss = x * x\nloss.backward()\n", "p.ag", ("eval",),
     "write g = gradients(loss, [x])"),
    ("w = variable(2.0)\nloss = w * w\ng = gradients(loss, [w])\nt = assign(w, w - 0.1 * g)\n", "p.ag", ("eval",),
     "g is a list (gradients always returns a list, one gradient per x); use g[0]"),
    ('import tensorflow as tf\nx = variable([[1.0]])\ny = tf.nn.conv2d(x, x, 1, "SAME")\n', "p.ag", ("eval",),
     "convolutions are not supported here"),
    ("import tensorflow as tf\ny = variable(1.0)\nz = tf.greater(y, 0.5)\n", "p.ag", ("eval",), "write y > 0.5"),
    ("x = variable(2.0)\ny = x ^ 2\n", "p.ag", ("eval",), "write x ** 2 for a power"),
    ("x = variable(2.0)\ny = x * x\n", "p.ag", ("graph", "--format", "png"), "-o graph.png"),
    ("print(1)\n", "s.py", ("run", "--steps", "2"), "run it with autograd-cli eval"),
]


@pytest.mark.parametrize("src, name, command, fix", CASES)
def test_the_message_says_how_to_fix_it(tmp_path, src, name, command, fix):
    f = tmp_path / name
    f.write_text(src)
    proc = cli(command[0], f, *command[1:])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert fix in proc.stderr, proc.stderr
    assert "did you mean" not in proc.stderr     # no misleading guess (conv2d -> cond, greater -> gather)


def test_graph_o_says_what_it_wrote(tmp_path):
    f = tmp_path / "p.ag"
    f.write_text("x = variable(2.0)\ny = x * x\n")
    proc = cli("graph", f, "-o", tmp_path / "g.dot")
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith(f"graph: wrote {tmp_path / 'g.dot'} (dot text, ")


def test_no_color_flag_and_environment(tmp_path):
    import os
    import re
    import subprocess
    import sys

    from conftest import SRC

    f = tmp_path / "p.ag"
    f.write_text("x = variable(2.0)\ny = x * x\ng = gradients(y, x)\n")
    env = {**os.environ, "PYTHONPATH": str(SRC), "FORCE_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    run = lambda *args, **extra: subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, args)],
                                                capture_output=True, text=True, env={**env, **extra}, timeout=60)
    colored = run("eval", f).stdout
    assert re.search(r"\x1b\[[0-9;]*3[0-9]m", colored), "FORCE_COLOR should colour (else the test proves nothing)"
    for out in (run("eval", f, "--no-color").stdout, run("eval", f, NO_COLOR="1").stdout):
        assert not re.search(r"\x1b\[[0-9;]*3[0-9]m", out), out
        assert "gradients g (line 3)" in out


def test_json_has_a_map_from_x_to_gradient_and_graph_has_json(tmp_path):
    import json

    from conftest import ROOT, cli_json

    doc = cli_json("eval", ROOT / "samples" / "seed_matmul_unrelated_w2.ag")
    (g,) = doc["gradients"]
    # TensorFlow's answer (the sample's first line): [[[2, 1]], None]
    assert g["by_x"] == {"w1": [[2.0, 1.0]], "w2": None} and g["values"] == [[[2.0, 1.0]], None]
    assert "file" not in doc                              # one file: one document, no "file" key
    proc = cli("eval", ROOT / "samples" / "seed_matmul_unrelated_w2.ag", ROOT / "samples" / "linear_model.ag",
               "--json")
    assert [list(json.loads(line))[0] for line in proc.stdout.splitlines()] == ["file", "file"]
    f = tmp_path / "p.ag"
    f.write_text("a = constant(0.)\nb = 2 * a\nc = a + b\ng = gradients(c, [a, b])\n")
    proc = cli("graph", f, "--format", "json", "--grad", "g")
    graph = json.loads(proc.stdout)
    ids = {n["id"] for n in graph["nodes"]}
    assert all(e["from"] in ids and e["to"] in ids for e in graph["edges"])
    assert {n["title"] for n in graph["nodes"]} >= {"a", "b", "c"}
    # c = a + 2a: the flow into a along b's edge is 2 (by hand)
    by_id = {n["id"]: n["title"] for n in graph["nodes"]}
    assert {(by_id[e["from"]], by_id[e["to"]], e["label"]) for e in graph["edges"] if e["kind"] == "data"} >= \
        {("a", "b", "2"), ("a", "c", "1"), ("b", "c", "1")}
