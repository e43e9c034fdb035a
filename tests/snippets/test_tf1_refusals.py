"""TF1 features refused on purpose: a located error that says what is not supported; and what
eval --prints-only leaves out."""
from __future__ import annotations

import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError


def fails(source):
    with pytest.raises(AgError) as info:
        evaluate_snippet(source, seed=0)
    return info.value


@pytest.mark.parametrize("call", ["tf.multinomial(tf.log([[0.5, 0.5]]), 1)",
                                  "tf.random.categorical(tf.log([[0.5, 0.5]]), 1)"])
def test_sampling_classes_is_refused_where_it_is_called(call):
    error = fails(f"import tensorflow as tf\nsess = tf.Session()\nsample = {call}\n")
    assert error.message.startswith("NotImplementedError: ") and "is not supported here" in error.message
    assert (error.pos.line, error.pos.col) == (3, 10)


def test_in_top_k_of_an_unknown_number_of_classes_is_refused():
    message = fails("import tensorflow as tf\nsess = tf.Session()\np = tf.placeholder(tf.float32)\n"
                    "t = tf.placeholder(tf.int32, [None])\nok = tf.nn.in_top_k(p, t, 1)\n")
    assert message.message.startswith("NotImplementedError: ") and "number of classes is unknown" in message.message
    assert message.pos.line == 5


def test_rebuilding_a_saved_graph_is_refused_at_the_call():
    error = fails("import tensorflow as tf\nw = tf.Variable(1.0)\nsaver = tf.train.Saver()\n"
                  "with tf.Session() as sess:\n    sess.run(tf.global_variables_initializer())\n"
                  "    path = saver.save(sess, 'model.ckpt')\n"
                  "    tf.train.import_meta_graph(path + '.meta')\n")
    assert error.message.startswith("NotImplementedError: tf.train.import_meta_graph rebuilds a saved graph")
    assert error.pos.line == 7


def test_importing_a_meta_graph_never_saved_is_tensorflows_oserror():
    error = fails("import tensorflow as tf\ntf.train.import_meta_graph('./model.ckpt.meta')\n")
    assert error.message.startswith("OSError: File does not exist. Received: ./model.ckpt.meta.")


def test_prints_only_makes_no_gradient_records_and_prints_the_same():
    source = ("import tensorflow as tf\nw = tf.Variable(3.0)\nloss = w * w\n"
              "train = tf.train.GradientDescentOptimizer(0.25).minimize(loss)\n"
              "with tf.Session() as sess:\n    sess.run(tf.global_variables_initializer())\n"
              "    for _ in range(2):\n        sess.run(train)\n    print(sess.run(w))\n")
    full, short = evaluate_snippet(source, seed=0), evaluate_snippet(source, seed=0, prints_only=True)
    assert [p.text for p in short.prints] == [p.text for p in full.prints] == ["0.75\n"]   # 3 * (1 - 0.5)^2
    assert full.gradients and not short.gradients
