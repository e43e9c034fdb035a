"""TensorFlow's seeded random numbers, compared bit for bit with what TensorFlow 2.21 returned.

The stored values (data/random_streams.json) come from real TensorFlow through
make_random_streams.py; this test needs no TensorFlow. Each case replays the same calls (seed
pairs, the eager global seed and its op-seed sequence, TF1 graphs run in sessions, stateless
ops, Keras initializers) on autograd_cli.tensorflow.random_streams.
"""
import hashlib
import json
import math
import os
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.tensorflow import random_kernels as rk
from autograd_cli.tensorflow import random_streams as rs

DATA = json.loads((Path(__file__).parent / "data" / "random_streams.json").read_text())
CASES = DATA["cases"]


def by_kind(kind):
    chosen = [c for c in CASES if c["kind"] == kind]
    assert chosen, kind
    return pytest.mark.parametrize("case", chosen, ids=[c["name"] for c in chosen])


def assert_same(actual, expected: dict, where: str = ""):
    """Bit for bit: the same dtype, shape and bit patterns (or SHA-256 of the bytes)."""
    actual = np.asarray(actual)
    assert actual.dtype.name == expected["dtype"], where
    assert list(actual.shape) == expected["shape"], where
    bits = actual.reshape(-1).view({4: np.uint32, 8: np.uint64}[actual.itemsize])
    if "bits" in expected:
        mismatched = [i for i, (a, b) in enumerate(zip(bits.tolist(), expected["bits"])) if a != b]
        assert not mismatched, (
            f"{where}: {len(mismatched)} of {bits.size} differ, first at {mismatched[0]}: "
            f"{actual.reshape(-1)[mismatched[0]]!r} vs bits {expected['bits'][mismatched[0]]:#x}")
    else:
        assert bits[:8].tolist() == expected["head"], where
        digest = hashlib.sha256(actual.astype(actual.dtype.newbyteorder("<")).tobytes()).hexdigest()
        assert digest == expected["sha256"], where


def test_the_data_is_tensorflow_2_21():
    assert DATA["tensorflow"] == "2.21.0"
    assert len(CASES) > 200


# ------------------------------------------------------------------------------- Philox


def test_philox4x32_10_known_answer():
    """The Random123 known-answer vectors for Philox4x32-10 (counter, key -> output)."""
    zero = rk.philox4x32_10(0, 0, [0])[0]
    assert [hex(w) for w in zero] == ["0x6627e8d5", "0xe169c58d", "0xbc57ac4c", "0x9b00dbd8"]
    ones = rk.philox4x32_10(2**64 - 1, 2**128 - 1, [0])[0]
    assert [hex(w) for w in ones] == ["0x408f276d", "0x41c83b0e", "0xa20bc7c6", "0x6d5451fd"]
    pi_counter = 0x243F6A88 | 0x85A308D3 << 32 | 0x13198A2E << 64 | 0x03707344 << 96
    pi = rk.philox4x32_10(0xA4093822 | 0x299F31D0 << 32, pi_counter, [0])[0]
    assert [hex(w) for w in pi] == ["0xd16cfe09", "0x94fdcceb", "0x5001e420", "0x24126ea1"]


def test_philox_counter_carries_across_128_bits():
    below = rk.philox4x32_10(5, 2**64 - 1, [1])          # the low 64 bits wrap into the high
    assert np.array_equal(below, rk.philox4x32_10(5, 2**64, [0]))
    many = rk.philox4x32_10(9, 2**64 - 2, np.arange(4, dtype=np.uint64))
    one_by_one = np.concatenate([rk.philox4x32_10(9, 2**64 - 2 + i, [0]) for i in range(4)])
    assert np.array_equal(many, one_by_one)


# --------------------------------------------------------------------------- the kernels


@by_kind("kernel")
def test_kernel(case):
    kernel = rs.StatefulKernel(case["seed"], case["seed2"])
    kernel.counter += case["elements_drawn_before"] * 256
    dtype = case["dtype"]
    if case["op"] == "normal":
        value = kernel.standard_normal(case["shape"], dtype)
    elif case["op"] == "truncated_normal":
        value = kernel.standard_truncated_normal(case["shape"], dtype)
    elif dtype.startswith("int"):
        value = kernel.uniform_int(case["shape"], case["minval"], case["maxval"], dtype)
    else:
        value = kernel.standard_uniform(case["shape"], dtype)
    assert_same(value, case["result"], case["name"])


def test_elements_drawn_before_is_a_kernel_run_again():
    kernel = rs.StatefulKernel(5, 9)
    first, second = kernel.normal([3]), kernel.normal([2, 2])
    assert np.array_equal(first, rs.normal([3], "float32", 5, 9))
    assert np.array_equal(second, rs.normal([2, 2], "float32", 5, 9, elements_drawn_before=3))
    assert not np.array_equal(second.reshape(-1)[:3], first)


# ------------------------------------------------------------------------ eager mode


def replay_eager(steps, state):
    for index, step in enumerate(steps):
        call = step["call"]
        if call == "set_seed":
            state.set_seed(step["seed"])
            continue
        kwargs = {k: v for k, v in step.items() if k not in ("call", "result")}
        if call == "shuffle":
            value = state.shuffle(np.array(kwargs["values"], dtype=step["result"]["dtype"]), seed=kwargs.get("seed"))
        else:
            value = getattr(state, call)(**kwargs)
        assert_same(value, step["result"], f"step {index} {call} {kwargs}")


@by_kind("eager")
def test_eager_sequence(case):
    replay_eager(case["steps"], rs.EagerSeedState())


def test_eager_op_seeds_follow_pythons_random():
    """Unseeded ops under a global seed take their op seeds from random.Random(global seed)."""
    import random
    state = rs.EagerSeedState()
    state.set_seed(1)
    expected = random.Random(1)
    assert [state.op_seeds() for _ in range(3)] == [(1, expected.randint(0, 2**31 - 1)) for _ in range(3)]
    assert state.op_seeds(7) == (1, 7)


# ------------------------------------------------------------------------- TF1 graphs


def replay_graph_values(case):
    """Build the graph's ops (their seed pairs in creation order), then run each session."""
    graph = rs.GraphSeedState(case["graph_seed"])
    built = []
    for op in case["ops"]:
        built.append((op, graph.op_seeds(op.get("seed"))))
    for session_index, session in enumerate(case["sessions"]):
        for run_index, run in enumerate(session):
            for (op, seeds), expected in zip(built, run):
                yield op, seeds, run_index, expected, f"session {session_index} run {run_index} {op}"


@by_kind("graph")
def test_graph_sessions(case):
    for op, (seed, seed2), run_index, expected, where in replay_graph_values(case):
        shape = op["shape"]
        before = run_index * math.prod(shape)
        dtype = op.get("dtype", "float32")
        at = dict(seed=seed, seed2=seed2, elements_drawn_before=before)
        if op["op"] == "random_normal":
            value = rs.normal(shape, dtype, mean=op.get("mean", 0.0), stddev=op.get("stddev", 1.0), **at)
        elif op["op"] == "truncated_normal":
            value = rs.truncated_normal(shape, dtype, mean=op.get("mean", 0.0), stddev=op.get("stddev", 1.0), **at)
        elif op["op"] == "random_uniform":
            value = rs.uniform(shape, dtype, minval=op.get("minval", 0), maxval=op.get("maxval"), **at)
        else:
            assert op["op"] == "get_variable"
            value = rs.tf1_initializer_values(op.get("initializer", "glorot_uniform_initializer"), shape,
                                              dtype=dtype, **at, **op.get("initializer_config", {}))
        assert_same(value, expected, where)


def test_graph_unseeded_ops_count_from_zero():
    graph = rs.GraphSeedState(777)
    assert [graph.op_seeds(), graph.op_seeds(5), graph.op_seeds()] == [(777, 0), (777, 5), (777, 1)]
    assert rs.GraphSeedState().op_seeds() == (None, None)
    assert rs.GraphSeedState().op_seeds(3) == (rs.DEFAULT_GRAPH_SEED, 3)


def test_op_seeds_rules():
    assert rs.op_seeds(None, None) == (None, None)
    assert rs.op_seeds(None, 4) == (87654321, 4)
    assert rs.op_seeds(2**31 - 1, 2**31 - 1) == (0, 2**31 - 1)    # (0, 0) is never returned
    assert rs.op_seeds(10, None, unseeded_op_seed=3) == (10, 3)
    assert rs.op_seeds(2**31 + 5, -1) == (6, 2**31 - 2)
    with pytest.raises(ValueError):
        rs.op_seeds(10, None)


# ----------------------------------------------------------------- tf.data shuffles


@by_kind("dataset")
def test_dataset_shuffle(case):
    state = rs.EagerSeedState()
    state.set_seed(case["global_seed"])
    for dataset in case["datasets"]:
        seed, seed2 = state.op_seeds(dataset["seed"])
        shuffle = rs.DatasetShuffle(dataset["buffer_size"], seed, seed2, dataset["reshuffle_each_iteration"])
        for iteration, expected in enumerate(dataset["iterations"]):
            # each epoch of a repeat is one more iterator over the shuffled dataset
            got = [i for _ in range(dataset["repeat"]) for i in shuffle.order(dataset["n"])]
            assert got == expected, f"{dataset} iteration {iteration}"


# ------------------------------------------------------------------------ stateless ops


@by_kind("stateless")
def test_stateless(case):
    function = {"normal": rs.stateless_normal, "uniform": rs.stateless_uniform,
                "truncated_normal": rs.stateless_truncated_normal}[case["op"]]
    params = {k: case[k] for k in ("mean", "stddev", "minval", "maxval") if k in case}
    value = function(case["shape"], case["seed"], dtype=case["dtype"], **params)
    assert_same(value, case["result"], case["name"])


# ------------------------------------------------------------------ Keras initializers


@by_kind("keras")
def test_keras_initializer(case):
    value = rs.keras_initializer_values(case["initializer"], case["shape"], case["seed"],
                                        dtype=case["dtype"], **case["config"])
    assert_same(value, case["result"], case["name"])


def test_keras_default_seed_is_pythons_random():
    import random
    assert rs.keras_default_seed(random.Random(3)) == random.Random(3).randint(1, 10**9)


# ------------------------------------------------- the C library's float log, sin and cos

GLIBC = (getattr(os, "confstr", lambda name: None)("CS_GNU_LIBC_VERSION") or "").startswith("glibc")
WHOLE = [c for c in CASES if c["name"].endswith("stored whole")]


@pytest.fixture
def fallback(monkeypatch):
    """The module as where the C library's float functions cannot be loaded."""
    monkeypatch.setattr(rk, "_c_functions", [None])


def ulps_apart(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How many float32 values lie between a and b (0: the same float)."""
    def ordered(x):
        bits = x.astype(np.float32).view(np.int32).astype(np.int64)
        return np.where(bits < 0, -(bits & 0x7FFFFFFF), bits)
    return np.abs(ordered(a) - ordered(b))


@pytest.mark.skipif(not GLIBC, reason="TensorFlow's reference values come from the GNU C library")
def test_the_c_librarys_functions_are_used_on_glibc():
    assert rk._c_float_functions() is not None
    addresses = rk.preload()
    assert len(addresses) == 3 and all(isinstance(a, int) and a for a in addresses)


@pytest.mark.skipif(not GLIBC, reason="the C library's float functions are needed")
def test_c_library_float_functions_are_not_correctly_rounded():
    """A few inputs where the C library's logf / sinf / cosf (hence TensorFlow) round the other
    way from the correctly rounded value; the kernels' values depend on it."""
    words = rk.philox4x32_10(0, 5 << 64, np.arange(4096, dtype=np.uint64)).reshape(-1)
    u1 = np.maximum(rk._unit_float32(words), np.float32(1e-7))
    v1 = (2 * np.pi * rk._unit_float32(words[::-1]).astype(np.float64)).astype(np.float32)
    library = rk._log_sin_cos(u1, v1)
    rounded = [f(x.astype(np.float64)).astype(np.float32) for f, x in ((np.log, u1), (np.sin, v1), (np.cos, v1))]
    for ours, correct in zip(library, rounded):
        apart = ulps_apart(ours, correct)
        assert 0 < np.count_nonzero(apart) < 0.05 * u1.size      # about 0.7% (log), 1.3% (sin, cos)
        assert apart.max() == 1


@pytest.mark.parametrize("case", WHOLE, ids=[c["name"] for c in WHOLE])
def test_the_fallback_is_close_to_tensorflow(case, fallback):
    """Correctly rounded logf, sinf and cosf are each within 1 ulp of the C library's; through
    sqrt and the product that is at most 3 * 2**-23 relative in the value (1 ulp of sin or cos,
    1 of sqrt(-2 log u1), the product's rounding): a few values 2 or 3 ulps apart."""
    kernel = rs.StatefulKernel(case["seed"], case["seed2"])
    draw = kernel.standard_normal if case["op"] == "normal" else kernel.standard_truncated_normal
    value = draw(case["shape"], "float32")
    expected = np.array(case["result"]["bits"], dtype=np.uint32).view(np.float32)
    relative = np.abs(value.astype(np.float64) - expected) / np.abs(expected)
    assert relative.max() <= 3 * 2.0**-23
    apart = ulps_apart(value, expected)
    assert np.count_nonzero(apart > 1) < 0.01 * apart.size
    assert 0 < np.count_nonzero(apart) < 0.05 * apart.size     # the C library does make a difference
    assert rk._c_float_functions() is None


def test_a_c_library_refused_after_loading_gives_the_fallback(monkeypatch):
    """An audit hook installed after preload() refuses the calls: the draw still completes,
    with the fallback's values, and the module stops calling the C library."""
    with monkeypatch.context() as patched:
        patched.setattr(rk, "_c_functions", [None])
        small, large = rs.normal([3], "float32", 8, 9), rs.normal([500], "float32", 8, 9)

    def refused(x):
        raise PermissionError("the snippet has no C libraries")

    for size, expected in ((3, small), (500, large)):
        monkeypatch.setattr(rk, "_c_functions", [(refused, refused, refused)])
        assert np.array_equal(rs.normal([size], "float32", 8, 9), expected)
        assert rk._c_float_functions() is None


def test_other_c_libraries_are_not_bound(monkeypatch):
    def not_glibc(name):
        raise ValueError("unrecognized configuration name")
    monkeypatch.setattr(rk.os, "confstr", not_glibc, raising=False)
    assert rk._bind_c_float_functions() is None


def test_unsupported_dtypes_and_ranges_are_clear_errors():
    with pytest.raises(ValueError, match="float32 or float64"):
        rs.normal([2], "float16", 1, 2)
    with pytest.raises(ValueError, match="Need minval < maxval"):
        rs.uniform([2], "int32", 1, 2, minval=3, maxval=3)
    with pytest.raises(ValueError, match="Must specify maxval"):
        rs.uniform([2], "int64", 1, 2)
    with pytest.raises(ValueError, match=">= 0"):
        rs.normal([2, -1], "float32", 1, 2)


def test_unseeded_draws_differ():
    assert not np.array_equal(rs.normal([8], "float32", 0, 0), rs.normal([8], "float32", 0, 0))
    assert not np.array_equal(rs.normal([8], "float32", None, None), rs.normal([8], "float32", None, None))


# ------------------------------------- a few draws in Python, many in NumPy: the same values


def test_python_and_numpy_philox_agree():
    for key, counter in ((0, 0), (2**64 - 1, 2**128 - 3), (12345, (777 << 64) + 2**64 - 2)):
        assert np.array_equal(np.array(rk.philox_words(key, counter, 5), dtype=np.uint32),
                              rk.philox4x32_10(key, counter, np.arange(5, dtype=np.uint64)).reshape(-1))


@pytest.fixture(params=["C library", "fallback"])
def float_functions(request, monkeypatch):
    if request.param == "fallback":
        monkeypatch.setattr(rk, "_c_functions", [None])
    return request.param


def test_python_and_numpy_box_muller_agree(float_functions):
    words = rk.philox4x32_10(3, 4 << 64, np.arange(3000, dtype=np.uint64))
    # words whose floats reach the edge cases: u1 below the epsilon, angles near the quadrant
    # boundaries, tiny angles
    words[:8, :2] = [[0, 0], [1, 1], [0x7FFFFF, 0x7FFFFF], [5, 0x200000], [9, 0x400000],
                     [11, 0x600000], [13, 100], [17, 0x5FFFFF]]
    for dtype in (np.float32, np.float64):
        many = rk._normals(words, dtype)
        one_by_one = np.array([rk._normals_few(block, dtype) for block in words.tolist()], dtype=dtype)
        assert np.array_equal(many.view(np.uint8), one_by_one.view(np.uint8)), dtype


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", ["normal", "truncated_normal"])
def test_python_and_numpy_kernels_agree(op, dtype, float_functions):
    """The first values of a draw too long for the Python path are the short draw's."""
    long = getattr(rs, op)([rk._FEW_VALUES + 9], dtype, 21, 22)
    for size in (1, 3, rk._FEW_VALUES):
        assert np.array_equal(getattr(rs, op)([size], dtype, 21, 22), long[:size])
