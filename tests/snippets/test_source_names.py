"""The xs of a gradient whose sources the snippet does not list one by one are named by
TensorFlow's names or the globals holding them, never by a made-up `xs[k]` that could be
a name of the snippet's own (here the data are called xs)."""
import json
import textwrap

from conftest import cli

SNIPPET = textwrap.dedent("""
    import tensorflow as tf

    class Line:
        def __init__(self):
            self.w = tf.Variable(2.0)
            self.b = tf.Variable(1.0)
            self.variables = [self.w, self.b]

    model = Line()
    xs = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model.w * xs + model.b)
    grads = tape.gradient(loss, model.variables)
""")


def test_unlisted_sources_are_never_named_like_the_snippets_own_globals(tmp_path):
    prog = tmp_path / "line.py"
    prog.write_text(SNIPPET, encoding="utf-8")
    proc = cli("eval", prog, "--json")
    assert proc.returncode == 0, proc.stderr
    (entry,) = json.loads(proc.stdout)["gradients"]
    assert entry["xs"] == ["Variable (source 0)", "Variable (source 1)"]
    # by hand: d/dw sum(w * xs + b) = sum(xs) = 3; d/db = 2 (two elements)
    assert entry["values"] == [3.0, 2.0]
