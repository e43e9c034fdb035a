"""Session.run keeps each call resolved (fetches, feed keys, feed shapes): a training loop's
repeated calls, and the calls that must not be mistaken for them. Expected values are a
NumPy gradient descent written out here (the loss's gradient derived by hand)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


pytestmark = pytest.mark.usefixtures("tf_graph_mode")


def _model():
    x = tf.placeholder(tf.float32, [None, 2])
    y = tf.placeholder(tf.float32, [None, 1])
    W = tf.Variable(tf.zeros([2, 1]))
    b = tf.Variable(tf.zeros([1]))
    loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + b - y))
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    return x, y, W, b, loss, train


def test_a_loop_over_batches_of_two_sizes_follows_hand_written_gradient_descent():
    x, y, W, b, loss, train = _model()
    rng = np.random.default_rng(3)
    batches = [rng.normal(size=(n, 2)).astype(np.float32) for n in (4, 7)]
    targets = [(xb @ np.array([[1.5], [-0.5]]) + 0.25).astype(np.float32) for xb in batches]
    w, c = np.zeros((2, 1)), 0.0
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(40):
            xb, yb = batches[step % 2], targets[step % 2]
            r = xb @ w + c - yb                     # loss = mean(r**2): dW = 2 x^T r / n, db = 2 mean(r)
            expected_loss = float(np.mean(r ** 2))
            w, c = w - 0.1 * 2 * xb.T @ r / len(xb), c - 0.1 * 2 * float(np.mean(r))
            _, value = sess.run([train, loss], feed_dict={x: xb, y: yb})
            assert value == pytest.approx(expected_loss, rel=1e-5, abs=1e-7)
        assert np.allclose(sess.run(W), w, rtol=1e-5, atol=1e-6)
        assert sess.run(b) == pytest.approx([c], rel=1e-5)


def test_the_same_fetch_list_with_other_contents_or_other_feeds_is_a_new_call():
    a = tf.placeholder(tf.float32, [2])
    b = tf.placeholder(tf.float32, [2])
    double, triple = a * 2.0, a * 3.0
    with tf.Session() as sess:
        fetches = [double]
        assert sess.run(fetches, {a: [1.0, 2.0]})[0].tolist() == [2.0, 4.0]
        fetches[0] = triple
        assert sess.run(fetches, {a: [1.0, 2.0]})[0].tolist() == [3.0, 6.0]
        total = a + b
        assert sess.run(total, {a: [1.0, 2.0], b: [10.0, 20.0]}).tolist() == [11.0, 22.0]
        with pytest.raises(tf.errors.InvalidArgumentError, match="must feed a value for placeholder"):
            sess.run(total, {a: [1.0, 2.0]})
        with pytest.raises(ValueError, match=r"Cannot feed value of shape \(3,\)"):
            sess.run(total, {a: [1.0, 2.0, 3.0], b: [10.0, 20.0]})


def test_fetch_structures_and_a_variable_fetched_with_its_update():
    v = tf.Variable(1.0)
    grow = tf.assign_add(v, 2.0) if hasattr(tf, "assign_add") else v.assign_add(2.0)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(3):
            out = sess.run({"after": v, "nested": [grow, (v,)]})
            assert out["after"] == 3.0 + 2.0 * step       # TF 2.21: the value after the update
            assert isinstance(out["nested"][1], tuple)
        assert sess.run(v) == 7.0


def test_a_cached_call_fed_another_dtype_still_converts_as_tensorflow_does():
    x = tf.placeholder(tf.float32, [None])
    shifted = x - 1.0
    with tf.Session() as sess:
        assert sess.run(shifted, {x: np.array([3.0], dtype=np.float32)}).tolist() == [2.0]
        # 1 + 2**-30 is 1.0 in float32: fed as float64 it is rounded first, as TensorFlow feeds it
        assert sess.run(shifted, {x: np.array([1.0 + 2.0**-30])}).tolist() == [0.0]
        assert sess.run(shifted, {x: [1.5]}).tolist() == [0.5]
        with pytest.raises(ValueError, match="Cannot feed value of shape"):
            sess.run(shifted, {x: np.ones((1, 1), dtype=np.float32)})


def test_a_nested_fetch_list_is_cached_and_told_apart_from_another_nesting():
    x = tf.placeholder(tf.float32, [])
    y = x * x
    grads = tf.gradients(y, [x])
    with tf.Session() as sess:
        for value in (1.0, 2.0, 3.0):       # d(x*x)/dx = 2x
            out = sess.run([y, grads], {x: value})
            assert out == [value * value, [2 * value]]
        assert sess.run([[y], grads], {x: 2.0}) == [[4.0], [4.0]]
        assert sess.run(([y, y], (grads[0],)), {x: 2.0}) == ([4.0, 4.0], (4.0,))
        assert len(sess._runners) == 3


def test_a_repeated_call_is_told_apart_from_one_that_only_looks_like_it():
    # float32 arrays, fed in the same order: the calls a loop repeats at a glance (see
    # _Runner.repeated_by); each variation below must be resolved anew
    a = tf.placeholder(tf.float32, [None])
    b = tf.placeholder(tf.float32, [None])
    double, total = a * 2.0, a + b
    one, two = np.array([1.0, 2.0], np.float32), np.array([10.0, 20.0], np.float32)
    with tf.Session() as sess:
        fetches = [double, total]
        for _ in range(2):
            assert [r.tolist() for r in sess.run(fetches, {a: one, b: two})] == [[2.0, 4.0], [11.0, 22.0]]
        fetches[0] = total                              # the same list, other contents
        assert [r.tolist() for r in sess.run(fetches, {a: one, b: two})] == [[11.0, 22.0], [11.0, 22.0]]
        assert [r.tolist() for r in sess.run(fetches, {b: one, a: two})] == [[11.0, 22.0], [11.0, 22.0]]
        assert sess.run(fetches, {a: one[:1], b: two[:1]})[0].tolist() == [11.0]     # another batch size
        assert sess.run((double,), {a: one, b: two})[0].tolist() == [2.0, 4.0]      # a tuple, not a list
        assert sess.run({"d": double}, {a: one, b: two})["d"].tolist() == [2.0, 4.0]
        assert sess.run({"d": total}, {a: one, b: two})["d"].tolist() == [11.0, 22.0]   # a dict: looked up anew
        with pytest.raises(ValueError, match=r"Cannot feed value of shape \(2, 1\)"):
            sess.run(fetches, {a: one.reshape(2, 1), b: two})
        assert sess.run(double, {a: np.array([0.5, 1.0 + 2.0**-30]), b: two}).tolist() == [1.0, 2.0]   # float64 fed
        triple = a * 3.0                                # the graph grew: the same call again still runs
        assert sess.run(double, {a: one, b: two}).tolist() == [2.0, 4.0]
        assert sess.run(triple, {a: one, b: two}).tolist() == [3.0, 6.0]


# ---------------------------------------------------------------- two get_next ops of one iterator
# Each `iterator.get_next()` is an op of its own: the ops one run fetches take consecutive
# elements (TensorFlow runs them in no set order: compared as a set), each run moves the
# iterator on, a short last batch and the end of the data are seen by the op that reaches them
# (checked against TF 2.21: the oracle's graph_dataset_get_next_twice, and this data with a
# short last batch).

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


def test_a_py_function_of_a_scalar_in_a_loop_follows_hand_written_gradient_descent():
    # (its second run is of a compiled schedule, which holds a scalar as a Python float)
    v = tf.Variable(1.5)
    out = tf.py_function(lambda t: t * t, [v], tf.float32)
    loss = out * 0.5 + tf.square(v)        # d loss / dv = v + 2 v (tf.py_function's gradient: its own tape's)
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    value = 1.5
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(4):
            _, got = sess.run([train, loss])
            assert got == pytest.approx(0.5 * value ** 2 + value ** 2, rel=1e-6)
            value -= 0.1 * 3 * value
        assert sess.run(v) == pytest.approx(value, rel=1e-6)
