"""The gradient table of a graph's IndexedSlices gradient (a variable read only through
tf.gather) shows it as the dense tensor: the gathered rows' gradients added at their indices."""
import json
import textwrap

from conftest import cli

SNIPPET = textwrap.dedent("""
    import tensorflow.compat.v1 as tf
    tf.disable_v2_behavior()
    emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    w = tf.Variable([1.0, -2.0])
    loss = tf.reduce_sum(tf.gather(emb, [2, 0, 2]) * w)
    gs = tf.gradients(loss, [emb, w])
    unrun = tf.gradients(tf.reduce_sum(tf.gather(emb, [1]) * 3.0), emb)[0]
    print(unrun)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(gs)
""")


def test_a_sliced_gradients_table_shows_the_dense_tensor(tmp_path):
    prog = tmp_path / "emb.py"
    prog.write_text(SNIPPET, encoding="utf-8")
    proc = cli("eval", prog, "--json")
    assert proc.returncode == 0, proc.stderr
    fetched, printed = json.loads(proc.stdout)["gradients"]
    # by hand: rows 2, 0, 2 gathered and multiplied by w = [1, -2]: emb's gradient is w added at
    # each index (row 2 twice), w's is the sum of the gathered rows [5+1+5, 6+2+6]
    assert fetched["values"] == [[[1.0, -2.0], [0.0, 0.0], [2.0, -4.0]], [11.0, 14.0]]
    # printed, never run: computed at the initial values, d/d emb of 3 * sum(emb[1])
    assert printed["values"] == [[[0.0, 0.0], [3.0, 3.0], [0.0, 0.0]]]
