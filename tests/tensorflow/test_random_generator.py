"""tf.random.Generator against values TensorFlow 2.21 printed (stored here) and the state
arithmetic derived by hand; its limits (a TF1 graph, a tf.function's trace)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def test_from_seed_draws_tensorflows_numbers():
    # TensorFlow 2.21: Generator.from_seed(1234).normal((2, 3)), then its state
    g = tf.random.Generator.from_seed(1234)
    assert g.state.numpy().tolist() == [1234, 0, 0]
    assert g.normal(shape=(2, 3)).numpy().tolist() == np.array(
        [[0.9356609, 1.0854305, -0.93788373], [-0.5061547, 1.3169702, 0.7137579]], dtype=np.float32).tolist()
    assert g.state.numpy().tolist() == [1234 + 6 * 256, 0, 0]
    assert tf.random.Generator.from_seed(123, alg="philox").normal([2, 3]).numpy().tolist() == np.array(
        [[0.8673864, -0.29899067, -0.9310337], [-1.5828488, 1.2481191, -0.6770643]], dtype=np.float32).tolist()


def test_the_counter_carries_across_its_two_words():
    # counter 2**64 - 1, two elements: + 512 wraps the low word to 511 and carries 1 (TensorFlow 2.21's values)
    g = tf.random.Generator.from_state([-1, 0, 5], "philox")
    assert g.normal([2]).numpy().tolist() == np.array([1.2100503, 0.2692355], dtype=np.float32).tolist()
    assert g.state.numpy().tolist() == [511, 1, 5]
    # all 128 bits set: + 768 wraps the whole counter to 767
    g = tf.random.Generator.from_state([-1, -1, 5], "philox")
    assert g.uniform([3], 0, 1000, tf.int32).numpy().tolist() == [131, 59, 630]
    assert g.state.numpy().tolist() == [767, 0, 5]


def test_seeds_become_states_as_create_rng_state_does():
    assert tf.random.create_rng_state(2**70 + 3, "philox").numpy().tolist() == [3, 2**6, 0]
    assert tf.random.create_rng_state(-3, "philox").numpy().tolist() == [-3, -1, -1]
    assert tf.random.create_rng_state([5, 6], "philox").numpy().tolist() == [0, 5, 6]
    assert tf.random.create_rng_state([12, 34], "threefry").numpy().tolist() == [12, 34]


def test_split_and_make_seeds_key_new_streams_with_full_range_ints():
    # TensorFlow 2.21, from_seed(42): make_seeds(3)'s first row, then split(2)'s keys
    g = tf.random.Generator.from_seed(42)
    seeds = g.make_seeds(3).numpy()
    assert seeds.tolist() == [[-2783742675338139001, 5602131996525061434, 451090457747271402], [0, 0, 0]]
    assert g.make_seeds().numpy().tolist() == [[-7212089072465983565], [0]]
    a, b = g.split(2)
    assert (a.state.numpy().tolist(), b.state.numpy().tolist()) == (
        [0, 0, -2972712001636128967], [0, 0, 3732441098475466055])


def test_a_tf1_graph_refuses_it(tf_graph_mode):
    with pytest.raises(NotImplementedError, match="not supported in a TF1 graph"):
        tf.random.Generator.from_seed(1)


def test_a_traced_draw_goes_on_from_call_to_call_and_make_seeds_runs_the_function_eagerly():
    g = tf.random.Generator.from_seed(3)
    traced = []

    @tf.function
    def f():
        traced.append(1)
        return g.normal([2])

    first, second = f().numpy(), f().numpy()
    # TensorFlow 2.21's values: the state's counter at 3, then 3 + 512
    assert [first.tolist(), second.tolist()] == [[-0.43640923500061035, -1.9633986949920654],
                                                 [-1.2572526931762695, 0.9534838199615479]]
    assert g.state.numpy().tolist() == [3 + 4 * 256, 0, 0]
    assert len(traced) == 1

    @tf.function
    def seeds():
        traced.append(2)
        return g.make_seeds(1)

    seeds(), seeds()
    assert traced == [1, 2, 2, 2]      # the stopped trace, then each call eagerly
    assert g.state.numpy().tolist() == [3 + 6 * 256, 0, 0]


def test_the_threefry_algorithm_is_tensorflows_cpu_error():
    with pytest.raises(tf.errors.UnimplementedError, match="Non-XLA devices don't support the ThreeFry algorithm"):
        tf.random.Generator.from_seed(1, alg="threefry").normal([2])


def test_uint64_full_range_draws_are_refused_and_say_what_to_pass():
    g = tf.random.Generator.from_seed(1)
    with pytest.raises(NotImplementedError, match="pass dtype=tf.int64"):
        g.uniform_full_int([2])
    # TensorFlow 2.21: from_seed(1) after a [2, 3] normal (state 1537), uniform_full_int([2], int64)
    g.skip(6)
    assert g.uniform_full_int([2], tf.int64).numpy().tolist() == [-5225725901448213686, 6443273789380984323]


def test_a_key_beyond_int64_keeps_every_bit_from_draw_to_draw():
    # TensorFlow 2.21: from_seed(42).split(2)'s first generator, two draws (its key -2783742675338139001)
    a, _ = tf.random.Generator.from_seed(42).split(2)
    a.normal([3])
    assert a.normal([2]).numpy().tolist() == np.array([-0.42450324, -1.2553471], dtype=np.float32).tolist()
    assert a.state.numpy().tolist() == [1280, 0, -2783742675338139001]
