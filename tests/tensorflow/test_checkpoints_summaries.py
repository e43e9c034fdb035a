"""Checkpoints and summaries kept in memory: values saved and restored by path (as TensorFlow
spells it), nothing written anywhere, and the summary ops' bytes equal to real TensorFlow's
(the expected bytes below are what TensorFlow 2.21 returned for the same ops)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow import checkpoints

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _empty_store():
    checkpoints.STORE.clear()
    yield
    checkpoints.STORE.clear()


def test_a_saver_restores_the_values_saved_under_any_spelling_of_the_path(tf_graph_mode):
    w = tf.Variable([1.0, 2.0], name="w")
    saver = tf.train.Saver()
    with tf.Session() as sess:
        sess.run(w.initializer)
        assert saver.save(sess, "./m.ckpt") == "./m.ckpt"
        sess.run(w.assign([5.0, 6.0]))
        saver.restore(sess, "m.ckpt")
        np.testing.assert_array_equal(sess.run(w), [1.0, 2.0])
        with pytest.raises(ValueError, match="not a valid checkpoint: ./other.ckpt"):
            saver.restore(sess, "./other.ckpt")


def test_max_to_keep_forgets_the_oldest_and_the_state_keeps_relative_paths(tf_graph_mode):
    v = tf.Variable(0, name="v")
    saver = tf.train.Saver(max_to_keep=2)
    with tf.Session() as sess:
        sess.run(v.initializer)
        paths = [saver.save(sess, "run/model", global_step=step) for step in (1, 2, 3)]
    assert paths == ["run/model-1", "run/model-2", "run/model-3"]
    assert saver.last_checkpoints == ["run/model-2", "run/model-3"]
    assert tf.train.latest_checkpoint("./run") == "./run/model-3"
    assert not checkpoints.checkpoint_exists("run/model-1")
    state = tf.train.get_checkpoint_state("run")
    assert str(state) == 'model_checkpoint_path: "run/model-3"\nall_model_checkpoint_paths: "run/model-2"\n' \
                         'all_model_checkpoint_paths: "run/model-3"\n'
    assert tf.train.latest_checkpoint("elsewhere") is None


def test_a_tf2_checkpoint_numbers_its_saves_and_restores_them():
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    assert ckpt.save("./c") == "./c-1"
    v.assign(3.0)
    assert ckpt.save("./c") == "./c-2"
    ckpt.restore("./c-1")
    assert v.numpy() == 1.0 and int(ckpt.save_counter.numpy()) == 1
    with pytest.raises(tf.errors.NotFoundError, match="Failed to find any matching files for ./c-9"):
        ckpt.restore("./c-9")


# TensorFlow 2.21's sess.run values of tf.compat.v1.summary.scalar('loss', 10.0) and of
# tf.compat.v1.summary.histogram('w', w) in a name scope 'train' (w a variable of value 2.0)
TF_SCALAR = b"\n\x0b\n\x04loss\x15\x00\x00 A"
TF_HISTOGRAM = (b"\nl\n\x07train/w*a\t\x00\x00\x00\x00\x00\x00\x00@\x11\x00\x00\x00\x00\x00\x00\x00@\x19\x00\x00"
                b"\x00\x00\x00\x00\xf0?!\x00\x00\x00\x00\x00\x00\x00@)\x00\x00\x00\x00\x00\x00\x10@2\x18\xdc\x94\xcd."
                b"\x8du\xff?\xe0\x11\xf1\x0ctM\x01@\xff\xff\xff\xff\xff\xff\xef\x7f:\x18\x00\x00\x00\x00\x00\x00\x00"
                b"\x00\x00\x00\x00\x00\x00\x00\xf0?\x00\x00\x00\x00\x00\x00\x00\x00")


def test_summary_ops_give_tensorflows_serialized_summaries(tf_graph_mode):
    s = tf.compat.v1.summary.scalar("loss", tf.constant(10.0))
    w = tf.Variable(2.0, name="w")
    with tf.name_scope("train"):
        h = tf.compat.v1.summary.histogram("w", w)
    merged = tf.compat.v1.summary.merge_all()
    assert s.name == "loss:0" and h.name == "train/w:0" and merged.name == "Merge/MergeSummary:0"
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        assert sess.run(s) == TF_SCALAR
        assert sess.run(h) == TF_HISTOGRAM
        assert sess.run(merged) == TF_SCALAR + TF_HISTOGRAM


def test_tf2_summaries_answer_true_only_under_a_writer():
    writer = tf.summary.create_file_writer("./logs")
    assert not bool(tf.summary.scalar("x", 1.0, step=0))
    with writer.as_default():
        assert bool(tf.summary.scalar("x", 1.0, step=0))
        with pytest.raises(ValueError, match="No step set"):
            tf.summary.scalar("x", 1.0)
    with pytest.raises(ValueError, match="Must enable trace"):
        tf.summary.trace_export("t", step=0)


SNIPPET = """
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
w = tf.Variable(1.0, name='w')
tf.summary.scalar('w', w)
merged = tf.summary.merge_all()
saver = tf.train.Saver()
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    writer = tf.summary.FileWriter('./logs', sess.graph)
    writer.add_summary(sess.run(merged), 0)
    writer.close()
    print(saver.save(sess, './model.ckpt', global_step=1))
    saver.restore(sess, tf.train.latest_checkpoint('.'))
    print(sess.run(w))
"""


def test_a_snippet_that_saves_and_logs_writes_nothing_to_its_directory(tmp_path):
    (tmp_path / "work").mkdir()
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(snippet), "--prints-only"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path / "work")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["./model.ckpt-1", "1.0"]
    assert list((tmp_path / "work").iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["snippet.py", "work"]


def test_each_snippet_run_starts_with_no_checkpoints():
    from autograd_cli.dialects import evaluate_snippet
    from autograd_cli.support.errors import AgError

    save = ("import tensorflow as tf\nw = tf.Variable(1.0)\nsaver = tf.train.Saver()\nwith tf.Session() as sess:\n"
            "    sess.run(tf.global_variables_initializer())\n    print(saver.save(sess, './m.ckpt'))\n"
            "    print(tf.train.latest_checkpoint('.'))\n")
    assert [p.text for p in evaluate_snippet(save, prints_only=True).prints] == ["./m.ckpt\n", "./m.ckpt\n"]
    restore = ("import tensorflow as tf\nw = tf.Variable(1.0)\nprint(tf.train.latest_checkpoint('.'))\n"
               "with tf.Session() as sess:\n    tf.train.Saver().restore(sess, './m.ckpt')\n")
    with pytest.raises(AgError) as info:
        evaluate_snippet(restore, prints_only=True)
    assert "ValueError: The passed save_path is not a valid checkpoint: ./m.ckpt" in info.value.message


def test_an_eager_saver_needs_its_variables_named_as_tensorflow_says():
    with pytest.raises(RuntimeError, match="`var_list` must specify a list or dict"):
        tf.compat.v1.train.Saver()
    v = tf.Variable(2.0, name="v")
    saver = tf.compat.v1.train.Saver([v])
    assert saver.save(None, "./e.ckpt") == "./e.ckpt"
    v.assign(7.0)
    saver.restore(None, "e.ckpt")
    assert v.numpy() == 2.0
