"""Records real TensorFlow's seeded random numbers into data/random_streams.json.

Run with a Python that has TensorFlow 2.21 (never a dependency of this project):

    /work/tfvenv/bin/python tests/tensorflow/make_random_streams.py

Each case names the calls (ops, shapes, dtypes, seeds, the order of calls) and what TensorFlow
returned; test_random_streams.py replays them on autograd_cli.tensorflow.random_streams.
Arrays are stored exactly: float32 / int32 as their 32-bit patterns, float64 / int64 as their
64-bit patterns; an array of more than 64 elements as the SHA-256 of its little-endian bytes
and its first 8 patterns (but for a few stored whole: the tests measure how far from
TensorFlow's values each value of the fallback without the C library's float functions is).
"""
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np                       # noqa: E402
import tensorflow as tf                  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "random_streams.json"
FULL_LIMIT = 64


def stored(value, whole: bool = False) -> dict:
    array = np.asarray(value)
    bits = array.reshape(-1).view({4: np.uint32, 8: np.uint64}[array.dtype.itemsize])
    record = {"dtype": array.dtype.name, "shape": list(array.shape)}
    if whole or array.size <= FULL_LIMIT:
        record["bits"] = [int(b) for b in bits]
    else:
        record["sha256"] = hashlib.sha256(array.astype(array.dtype.newbyteorder("<")).tobytes()).hexdigest()
        record["head"] = [int(b) for b in bits[:8]]
    return record


CASES = []


def case(kind, name, **fields):
    CASES.append({"kind": kind, "name": name, **fields})


# ------------------------------------------------------------ kernels with explicit seeds

SHAPES = [[], [1], [2], [3], [4], [5], [7], [2, 3], [3, 5, 7], [33], [1001], [4099]]
SEED_PAIRS = [(1, 2), (0, 5), (87654321, 0), (1234, 2**31 - 2), (2**40 + 3, 2**50 + 7), (7, 0)]

RAW = {
    "normal": tf.raw_ops.RandomStandardNormal,
    "uniform": tf.raw_ops.RandomUniform,
    "truncated_normal": tf.raw_ops.TruncatedNormal,
}


def kernel_cases():
    for op, raw in RAW.items():
        for dtype in ("float32", "float64"):
            for index, shape in enumerate(SHAPES):
                seed, seed2 = SEED_PAIRS[index % len(SEED_PAIRS)]
                tf.random.set_seed(0)        # a fresh kernel cache
                value = raw(shape=tf.constant(shape, tf.int32), dtype=dtype, seed=seed, seed2=seed2)
                case("kernel", f"{op} {dtype} {shape} seeds {seed},{seed2}", op=op, dtype=dtype,
                     shape=shape, seed=seed, seed2=seed2, elements_drawn_before=0, result=stored(value))
    # Large draws: TensorFlow splits the work over its threads; the values do not depend on it.
    for op, raw in RAW.items():
        for dtype, size in (("float32", 262147), ("float64", 65539)):
            tf.random.set_seed(0)
            value = raw(shape=[size], dtype=dtype, seed=11, seed2=13)
            case("kernel", f"{op} {dtype} [{size}] seeds 11,13", op=op, dtype=dtype, shape=[size],
                 seed=11, seed2=13, elements_drawn_before=0, result=stored(value))
    # Stored whole, for comparisons value by value.
    for op in ("normal", "truncated_normal"):
        tf.random.set_seed(0)
        value = RAW[op](shape=[2048], dtype="float32", seed=17, seed2=19)
        case("kernel", f"{op} float32 [2048] seeds 17,19 stored whole", op=op, dtype="float32",
             shape=[2048], seed=17, seed2=19, elements_drawn_before=0, result=stored(value, whole=True))
    # One kernel run again and again: each run starts 256 counters per element further.
    for op, raw in RAW.items():
        tf.random.set_seed(0)
        drawn = 0
        for shape in ([3], [5], [1], [2, 2]):
            value = raw(shape=shape, dtype="float32", seed=5, seed2=9)
            case("kernel", f"{op} float32 {shape} seeds 5,9 after {drawn} elements", op=op,
                 dtype="float32", shape=shape, seed=5, seed2=9, elements_drawn_before=drawn,
                 result=stored(value))
            drawn += int(np.prod(shape))
    for dtype, (lo, hi) in (("int32", (0, 10)), ("int32", (-5, 3)), ("int32", (-2**31, 2**31 - 1)),
                            ("int64", (0, 10)), ("int64", (-2**40, 2**41 + 5)), ("int64", (-2**63, 2**63 - 1))):
        for shape in ([1], [7], [65]):
            tf.random.set_seed(0)
            value = tf.raw_ops.RandomUniformInt(shape=shape, minval=tf.constant(lo, dtype),
                                                maxval=tf.constant(hi, dtype), seed=3, seed2=4)
            case("kernel", f"uniform {dtype} [{lo}, {hi}) {shape} seeds 3,4", op="uniform", dtype=dtype,
                 shape=shape, seed=3, seed2=4, minval=lo, maxval=hi, elements_drawn_before=0,
                 result=stored(value))


# ------------------------------------------------------- eager mode: global seed, op seeds


def eager_cases():
    def run(name, steps):
        """steps: ("set_seed", s) or (op, kwargs); kwargs as the tf.random call takes them."""
        recorded = []
        if steps[0][0] != "set_seed":
            steps = [("set_seed", None), *steps]      # no global seed (and a fresh kernel cache)
        for step in steps:
            if step[0] == "set_seed":
                tf.random.set_seed(step[1])
                recorded.append({"call": "set_seed", "seed": step[1]})
                continue
            op, kwargs = step
            function = {"normal": tf.random.normal, "uniform": tf.random.uniform,
                        "truncated_normal": tf.random.truncated_normal, "shuffle": tf.random.shuffle}[op]
            if op == "shuffle":
                value = function(tf.constant(kwargs["values"]), seed=kwargs.get("seed"))
            else:
                value = function(**kwargs)
            recorded.append({"call": op, **kwargs, "result": stored(value)})
        case("eager", name, steps=recorded)

    run("set_seed then unseeded normal calls", [
        ("set_seed", 1), ("normal", {"shape": [2]}), ("normal", {"shape": [2]}),
        ("uniform", {"shape": [3]}), ("truncated_normal", {"shape": [2, 2]}),
        ("set_seed", 1), ("normal", {"shape": [2]})])
    run("op seeds under a global seed share a kernel per op and dtype", [
        ("set_seed", 42), ("normal", {"shape": [3], "seed": 7}), ("normal", {"shape": [3], "seed": 7}),
        ("normal", {"shape": [5], "seed": 7}), ("normal", {"shape": [3], "seed": 8}),
        ("normal", {"shape": [3], "seed": 7, "dtype": "float64"}),
        ("uniform", {"shape": [3], "seed": 7}), ("uniform", {"shape": [3], "seed": 7, "minval": -1.0, "maxval": 2.0}),
        ("set_seed", 42), ("normal", {"shape": [3], "seed": 7})])
    run("op seed without a global seed", [
        ("normal", {"shape": [4], "seed": 3, "mean": 1.5, "stddev": 0.25}),
        ("uniform", {"shape": [4], "seed": 3, "maxval": 10.0}),
        ("truncated_normal", {"shape": [4], "seed": 3, "stddev": 0.1})])
    run("means, deviations and ranges in float32", [
        ("set_seed", 777), ("normal", {"shape": [6], "mean": 0.3, "stddev": 1.7}),
        ("uniform", {"shape": [6], "minval": -0.5, "maxval": 0.5}),
        ("uniform", {"shape": [6], "minval": 0, "maxval": 3}),
        ("uniform", {"shape": [6], "minval": 0, "maxval": -2.5}),
        ("uniform", {"shape": [6], "minval": 2, "maxval": 9, "dtype": "int32"}),
        ("uniform", {"shape": [6], "minval": -7, "maxval": 9, "dtype": "int64"}),
        ("truncated_normal", {"shape": [6], "mean": -1.0, "stddev": 3.0}),
        ("normal", {"shape": [6], "mean": 0.3, "stddev": 1.7, "dtype": "float64"})])
    run("large global and op seeds", [
        ("set_seed", 2**31 - 1), ("normal", {"shape": [3], "seed": 2**31 - 1}),
        ("set_seed", 2**40 + 5), ("normal", {"shape": [3]}), ("normal", {"shape": [3], "seed": 2**33})])
    run("seed 0 everywhere", [("set_seed", 0), ("normal", {"shape": [3], "seed": 0}), ("uniform", {"shape": [3]})])
    run("shuffle", [
        ("set_seed", 5), ("shuffle", {"values": list(range(10)), "seed": 1}),
        ("shuffle", {"values": list(range(10)), "seed": 1}), ("shuffle", {"values": [[1, 2], [3, 4], [5, 6]]}),
        ("shuffle", {"values": list(range(1, 40))}), ("shuffle", {"values": [2.5]})])


# ------------------------------------------------------- tf.data shuffles, tf.function


def dataset_cases():
    def run(name, global_seed, datasets):
        """datasets: (n, buffer_size, seed, reshuffle_each_iteration, iterations, repeat)."""
        tf.random.set_seed(global_seed)
        recorded = []
        for n, buffer_size, seed, reshuffle, iterations, repeat in datasets:
            dataset = tf.data.Dataset.range(n).shuffle(buffer_size, seed=seed, reshuffle_each_iteration=reshuffle)
            if repeat > 1:
                dataset = dataset.repeat(repeat)
            recorded.append({"n": n, "buffer_size": buffer_size, "seed": seed, "reshuffle_each_iteration": reshuffle,
                             "repeat": repeat, "iterations": [[int(x) for x in dataset] for _ in range(iterations)]})
        case("dataset", name, global_seed=global_seed, datasets=recorded)

    run("Dataset.shuffle with op seeds", None, [
        (10, 4, 1, False, 2, 1), (10, 4, 1, True, 3, 1), (25, 100, 7, False, 1, 1), (1000, 64, 5, True, 2, 1),
        (10, 4, 1, True, 2, 3), (6, 1, 2, True, 1, 1), (1, 3, 4, True, 1, 1)])
    run("Dataset.shuffle under a global seed", 3, [(12, 5, None, True, 2, 1), (12, 5, None, True, 2, 1),
                                                   (12, 5, 9, True, 1, 1)])


def function_cases():
    """A tf.function's graph takes the eager global seed when traced; its unseeded ops count
    0, 1, ... in that graph, and each call runs the same kernels again."""
    tf.random.set_seed(3)

    @tf.function
    def draws():
        return (tf.random.normal([2]), tf.random.uniform([3]), tf.random.normal([2], seed=4),
                tf.random.truncated_normal([2]))

    calls = [[stored(v) for v in draws()] for _ in range(3)]
    case("graph", "tf.function traced after set_seed(3), called three times", graph_seed=3,
         ops=[{"op": "random_normal", "shape": [2]}, {"op": "random_uniform", "shape": [3]},
              {"op": "random_normal", "shape": [2], "seed": 4}, {"op": "truncated_normal", "shape": [2]}],
         sessions=[calls])


# ----------------------------------------------------------------- TF1 graphs in sessions


def graph_cases():
    """TF1 code as written: v2 behaviour disabled, the default graph reset for each case."""
    v1 = tf.compat.v1
    v1.disable_v2_behavior()

    def with_initializer(kwargs):
        kwargs = dict(kwargs)
        if "initializer" in kwargs:
            name, config = kwargs["initializer"]
            kwargs["initializer"] = getattr(v1, name)(**config)
        return kwargs

    def graph_run(name, graph_seed, ops, **kw):
        """ops: (tf.compat.v1 function, kwargs) built in one graph; each of `sessions` sessions
        runs them all `runs` times (a variable: its initial value)."""
        v1.reset_default_graph()
        if graph_seed is not None:
            v1.set_random_seed(graph_seed)
        tensors = []
        for op, kwargs in ops:
            real = with_initializer(kwargs)
            if op == "get_variable":
                tensors.append(v1.get_variable(**real).initial_value)
            else:
                tensors.append(getattr(v1, op)(**real))
        results = []
        for _ in range(kw.get("sessions", 2)):
            with v1.Session() as session:
                results.append([[stored(v) for v in session.run(tensors)] for _ in range(kw.get("runs", 2))])
        recorded_ops = []
        for op, kwargs in ops:
            entry = {"op": op, **{k: v for k, v in kwargs.items() if k != "initializer"}}
            if "initializer" in kwargs:
                entry["initializer"], entry["initializer_config"] = kwargs["initializer"]
            recorded_ops.append(entry)
        case("graph", name, graph_seed=graph_seed, ops=recorded_ops, sessions=results)

    graph_run("set_random_seed(777) then unseeded ops", 777, [
        ("random_normal", {"shape": [1]}), ("random_uniform", {"shape": [2, 3]}),
        ("truncated_normal", {"shape": [5], "stddev": 0.1}), ("random_normal", {"shape": [3], "mean": 2.0, "stddev": 0.5})])
    graph_run("graph seed and op seeds", 1, [
        ("random_normal", {"shape": [2], "seed": 1}), ("random_normal", {"shape": [2]}),
        ("random_uniform", {"shape": [2], "seed": 1, "minval": -1.0, "maxval": 1.0}),
        ("random_uniform", {"shape": [4], "minval": 0, "maxval": 100, "dtype": "int32"}),
        ("random_normal", {"shape": [2]})])
    graph_run("op seeds only", None, [
        ("random_normal", {"shape": [3], "seed": 123}), ("truncated_normal", {"shape": [3], "seed": 123}),
        ("random_uniform", {"shape": [3], "seed": 123, "dtype": "float64"})])
    graph_run("variables with TF1 initializers", 42, [
        ("get_variable", {"name": "w", "shape": [3, 4]}),
        ("get_variable", {"name": "b", "shape": [4], "initializer": ("random_normal_initializer", {"stddev": 0.1})}),
        ("get_variable", {"name": "c", "shape": [2, 2], "initializer": ("truncated_normal_initializer", {"stddev": 0.5})}),
        ("get_variable", {"name": "d", "shape": [3], "initializer": ("random_uniform_initializer", {"minval": -1.0, "maxval": 1.0})}),
        ("get_variable", {"name": "e", "shape": [2, 3], "initializer": ("glorot_normal_initializer", {})}),
        ("random_normal", {"shape": [2]})], runs=1)


# ----------------------------------------------------------------------- stateless ops


def stateless_cases():
    seeds = [[1, 2], [0, 0], [-1, 5], [2**31 - 1, 7], [123456789, -987654321]]
    for index, seed in enumerate(seeds):
        for dtype in ("float32", "float64"):
            for shape in ([3], [2, 5], [1001]):
                for op, function, kwargs in (
                        ("normal", tf.random.stateless_normal, {"mean": 0.5, "stddev": 2.0}),
                        ("uniform", tf.random.stateless_uniform, {"minval": -3.0, "maxval": 4.0}),
                        ("truncated_normal", tf.random.stateless_truncated_normal, {})):
                    value = function(shape, seed=seed, dtype=dtype, **kwargs)
                    case("stateless", f"stateless {op} {dtype} {shape} seed {seed}", op=op, dtype=dtype,
                         shape=shape, seed=seed, **kwargs, result=stored(value))
    for dtype, (lo, hi) in (("int32", (0, 10)), ("int64", (-100, 2**40))):
        value = tf.random.stateless_uniform([9], seed=[4, 2], minval=lo, maxval=hi, dtype=dtype)
        case("stateless", f"stateless uniform {dtype} [{lo}, {hi})", op="uniform", dtype=dtype,
             shape=[9], seed=[4, 2], minval=lo, maxval=hi, result=stored(value))
    value = tf.random.stateless_uniform([5], seed=tf.constant([7, 8], tf.int64))
    case("stateless", "stateless uniform int64 seed tensor", op="uniform", dtype="float32", shape=[5],
         seed=[7, 8], result=stored(value))


# ---------------------------------------------------------------- Keras 3 initializers


def keras_cases():
    keras = tf.keras
    specs = [
        ("GlorotUniform", {}, (3, 4)), ("GlorotUniform", {}, (784, 100)), ("GlorotNormal", {}, (5, 2)),
        ("HeUniform", {}, (4, 3)), ("HeNormal", {}, (4, 3)), ("LecunUniform", {}, (6,)),
        ("LecunNormal", {}, (3, 3, 2, 4)), ("RandomNormal", {}, (2, 3)),
        ("RandomNormal", {"mean": 1.0, "stddev": 0.3}, (5,)), ("RandomUniform", {}, (2, 3)),
        ("RandomUniform", {"minval": -2.0, "maxval": 5.0}, (7,)), ("TruncatedNormal", {}, (2, 3)),
        ("TruncatedNormal", {"mean": -1.0, "stddev": 2.0}, (9,)),
        ("VarianceScaling", {"scale": 0.5, "mode": "fan_out", "distribution": "untruncated_normal"}, (3, 6)),
        ("VarianceScaling", {"scale": 3.0, "mode": "fan_avg", "distribution": "uniform"}, (2, 2, 3)),
        ("VarianceScaling", {}, (10, 1)),
    ]
    for seed in (1, 0, 42, 2**31 - 1, 2**33 + 9):
        for name, config, shape in specs:
            if seed not in (1, 42) and name not in ("GlorotUniform", "RandomNormal", "TruncatedNormal"):
                continue
            initializer = getattr(keras.initializers, name)(seed=seed, **config)
            value = initializer(shape)
            case("keras", f"{name}({config}, seed={seed}) {shape}", initializer=name, config=config,
                 seed=seed, shape=list(shape), dtype="float32", result=stored(value))
    for name in ("GlorotUniform", "RandomNormal"):
        initializer = getattr(keras.initializers, name)(seed=3)
        value = initializer((2, 2), dtype="float64")
        case("keras", f"{name}(seed=3) float64", initializer=name, config={}, seed=3, shape=[2, 2],
             dtype="float64", result=stored(value))
    layer = keras.layers.Dense(3, kernel_initializer=keras.initializers.GlorotUniform(seed=7))
    layer.build((None, 4))
    case("keras", "Dense(3) kernel with GlorotUniform(seed=7) on 4 inputs", initializer="GlorotUniform",
         config={}, seed=7, shape=[4, 3], dtype="float32", result=stored(layer.kernel.numpy()))
    again = keras.initializers.GlorotUniform(seed=7)
    first, second = again((4, 3)), again((4, 3))
    assert np.array_equal(first, second)


def main():
    kernel_cases()
    eager_cases()
    stateless_cases()
    keras_cases()
    dataset_cases()
    function_cases()
    graph_cases()          # last: it turns eager execution off
    OUT.parent.mkdir(parents=True, exist_ok=True)
    document = {"tensorflow": tf.__version__, "keras": tf.keras.__version__ if hasattr(tf.keras, "__version__") else None,
                "python": sys.version.split()[0], "cases": CASES}
    OUT.write_text(json.dumps(document, indent=1) + "\n")
    print(f"{len(CASES)} cases -> {OUT}")


if __name__ == "__main__":
    main()
