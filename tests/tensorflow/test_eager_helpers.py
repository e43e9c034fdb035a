"""Internal pieces behind eager behaviours the oracle pins: string tensors moved through the
engine by their positions, the assign result sharing the variable's state, a tape plan sized
by this call's values (boolean_mask) not reused, tf.autograph's deliberate refusals."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def test_strings_move_through_the_engine_by_position():
    words = tf.constant([["ab", "c"], ["d", "éf"]])
    moved = tf.reverse(tf.transpose(words), axis=[0])
    expected = np.array([[b"c", "éf".encode()], [b"ab", b"d"]], dtype=object)
    assert moved.dtype == tf.string
    assert moved.numpy().tolist() == expected.tolist()
    assert tf.concat([words[0], words[1][:1]], 0).numpy().tolist() == [b"ab", b"c", b"d"]


def test_the_assign_result_is_the_same_variable_state():
    v = tf.Variable([1.0, 2.0])
    unread = v.assign([3.0, 4.0])
    assert isinstance(unread, tf.Variable) and unread.name == "UnreadVariable" and v.name == "Variable:0"
    v.assign_add([1.0, 1.0])
    assert unread.numpy().tolist() == [4.0, 5.0]
    unread.assign([0.0, 0.5])
    assert v.numpy().tolist() == [0.0, 0.5]


def test_a_mask_sized_plan_is_not_reused_with_other_values():
    v = tf.Variable([1.0, -2.0, 3.0])
    grads = []
    for values in ([1.0, -2.0, 3.0], [-1.0, 2.0, 3.0], [1.0, 2.0, 3.0]):
        v.assign(values)
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.boolean_mask(v, v > 0) ** 2)
        grads.append(tape.gradient(y, v).numpy().tolist())
    # d/dv sum(v[v > 0]^2) = 2 v where v > 0, else 0 (by hand)
    assert grads == [[2.0, 0.0, 6.0], [0.0, 4.0, 6.0], [2.0, 4.0, 6.0]]


def test_autograph_refuses_what_is_not_there_and_keeps_do_not_convert():
    def f(x):
        return x + 1

    assert tf.autograph.experimental.do_not_convert(f) is f
    assert tf.autograph.experimental.do_not_convert()(f) is f
    with pytest.raises(NotImplementedError, match="to_code is not supported here"):
        tf.autograph.to_code(f)


def test_svd_is_eager_only_and_says_its_gradient_is_not_supported():
    a = tf.Variable([[3.0, 1.0], [1.0, 3.0], [0.0, 2.0]])
    s = tf.linalg.svd(a, compute_uv=False)
    # singular values of a: the square roots of the eigenvalues of a^T a (NumPy as the reference)
    assert np.allclose(s.numpy(), np.sqrt(np.linalg.eigvalsh(a.numpy().T @ a.numpy()))[::-1], rtol=1e-6)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.linalg.svd(a, compute_uv=False))
    with pytest.raises(NotImplementedError, match="gradient of tf.linalg.svd is not supported"):
        tape.gradient(total, a)


def test_apis_left_out_say_so_in_their_attribute_error():
    with pytest.raises(AttributeError, match=r"has no attribute 'ragged': ragged tensors \(tf.ragged\) are not supported"):
        tf.ragged.constant([[1], []])
    with pytest.raises(AttributeError, match=r"'distribute': distribution strategies \(tf.distribute\) are not"):
        tf.distribute.MirroredStrategy()
    with pytest.raises(AttributeError, match=r"has no attribute 'no_such_name'$"):
        tf.no_such_name
