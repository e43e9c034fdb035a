"""Each `iterator.get_next()` in a TF1 graph is an op of its own: the ops one Session run
fetches take consecutive elements (TensorFlow runs them in no set order; the values here are
compared as a set), each run moves the iterator on, a short last batch and the end of the
data are seen by the op that reaches them (checked against TF 2.21: the oracle's
graph_dataset_get_next_twice, and the same data with a short last batch)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow import modes


@pytest.fixture(autouse=True)
def graph_mode():
    modes.graph_mode()
    tf.reset_default_graph()
    yield
    modes.eager_mode()


def _batches(n, size):
    return tf.compat.v1.data.make_one_shot_iterator(
        tf.data.Dataset.from_tensor_slices(np.arange(n, dtype=np.float32)).batch(size))


def _as_set(values):
    return sorted(v.tolist() for v in values)


def test_two_get_next_calls_are_two_ops_taking_two_elements_in_one_run():
    it = _batches(8, 2)
    a, b = it.get_next(), it.get_next(name="second")
    assert a is not b and a.op.name == "IteratorGetNext" and b.op.name == "second"
    with tf.Session() as sess:
        assert _as_set(sess.run([a, b])) == [[0.0, 1.0], [2.0, 3.0]]
        assert sess.run(b).tolist() == [4.0, 5.0]
        assert sess.run(a).tolist() == [6.0, 7.0]


def test_a_short_last_batch_for_the_second_op_and_the_end_of_the_data():
    it = _batches(5, 2)         # [0, 1], [2, 3], [4]
    a, b = it.get_next(), it.get_next()
    with tf.Session() as sess:
        assert sess.run(a).tolist() == [0.0, 1.0]
        assert _as_set(sess.run([a, b])) == [[2.0, 3.0], [4.0]]
        with pytest.raises(tf.errors.OutOfRangeError):
            sess.run(a)
    with tf.Session() as sess:      # a new Session starts the one-shot iterator again
        assert _as_set(sess.run([b, a])) == [[0.0, 1.0], [2.0, 3.0]]
        with pytest.raises(tf.errors.OutOfRangeError):
            sess.run([a, b])        # one element left for two ops


def test_a_reinitialized_iterator_starts_both_ops_again():
    it = tf.compat.v1.data.make_initializable_iterator(tf.data.Dataset.range(6))
    c, d = it.get_next(), it.get_next()
    with tf.Session() as sess:
        sess.run(it.initializer)
        assert sorted(sess.run([c, d])) == [0, 1] and sess.run(c + d) == 2 + 3
        sess.run(it.initializer)
        assert sorted(sess.run([d, c])) == [0, 1]
