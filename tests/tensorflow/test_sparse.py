"""tf.sparse against NumPy written out here: a fed dense shape plans the session per value
(the same feed shapes with another dense shape must not reuse a plan), and the gradients of a
SparseTensor's values and of the dense matrix through sparse_dense_matmul, derived by hand
(d sum(C * (A @ W)) / dA[r, c] = (C @ W^T)[r, c] at each entry, / dW = A^T C)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def _dense(indices, values, shape):
    out = np.zeros(shape, dtype=np.float32)
    for (r, c), v in zip(indices, values):
        out[r, c] += v
    return out


def test_a_fed_dense_shape_of_the_same_size_gets_its_own_plan(tf_graph_mode):
    x = tf.sparse_placeholder(tf.float32)
    d = tf.sparse.to_dense(x)
    m = tf.sparse.sparse_dense_matmul(x, tf.ones([4, 2]))
    indices, values = np.array([[0, 1], [1, 3]]), np.array([2.0, -1.0], np.float32)
    with tf.Session() as sess:
        for rows in (2, 5, 2, 3):       # (nnz and rank alike: only the fed value differs)
            feed = {x: (indices, values, np.array([rows, 4]))}
            dense, product = sess.run([d, m], feed)
            expected = _dense(indices, values, (rows, 4))
            assert dense.shape == (rows, 4) and np.array_equal(dense, expected)
            assert np.array_equal(product, expected @ np.ones((4, 2), np.float32))


def test_the_same_sparse_feed_twice_runs_the_kept_plan(tf_graph_mode):
    x = tf.sparse_placeholder(tf.float32, shape=[3, 3])
    s = tf.sparse.reduce_sum(x, axis=1)
    feed = {x: tf.SparseTensorValue([[0, 0], [2, 1], [2, 2]], [1.0, 2.0, 4.0], [3, 3])}
    with tf.Session() as sess:
        first, second = sess.run(s, feed), sess.run(s, feed)
    assert first.tolist() == second.tolist() == [1.0, 0.0, 6.0]


def test_sparse_dense_matmul_gradients_follow_the_hand_derivation():
    rng = np.random.default_rng(7)
    indices = np.array([[0, 1], [0, 3], [1, 0], [2, 2], [2, 3]])
    values = rng.normal(size=5).astype(np.float32)
    w0 = rng.normal(size=(4, 3)).astype(np.float32)
    c = rng.normal(size=(3, 3)).astype(np.float32)
    v, w = tf.Variable(values), tf.Variable(w0)
    with tf.GradientTape() as tape:
        product = tf.sparse.sparse_dense_matmul(tf.SparseTensor(indices, v, [3, 4]), w)
        y = tf.reduce_sum(product * c)
    dv, dw = tape.gradient(y, [v, w])
    a = _dense(indices, values, (3, 4))
    upstream = c @ w0.T
    assert dv.shape == (5,)         # a dense tensor of the values' shape
    assert np.allclose(dv.numpy(), [upstream[r, k] for r, k in indices], rtol=1e-5)
    assert np.allclose(dw.numpy(), a.T @ c, rtol=1e-5)
    assert np.allclose(product.numpy(), a @ w0, rtol=1e-5)


def test_to_dense_with_a_default_gives_the_default_no_gradient_at_entries():
    v = tf.Variable([2.0, 3.0])
    with tf.GradientTape() as tape:
        d = tf.sparse.to_dense(tf.SparseTensor([[0, 0], [1, 1]], v, [2, 3]), default_value=-1.0)
        y = tf.reduce_sum(d * [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert d.numpy().tolist() == [[2.0, -1.0, -1.0], [-1.0, 3.0, -1.0]]
    assert tape.gradient(y, v).numpy().tolist() == [1.0, 5.0]


@pytest.mark.parametrize("value", [5, (np.array([[0, 0]]), np.array([1.0])), "indices"])
def test_a_sparse_feed_that_is_not_three_parts_is_refused(tf_graph_mode, value):
    x = tf.sparse_placeholder(tf.float32)
    with tf.Session() as sess, pytest.raises(TypeError, match="SparseTensorValue or a tuple"):
        sess.run(tf.sparse.to_dense(x), {x: value})
