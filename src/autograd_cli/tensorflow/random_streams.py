"""TensorFlow's seeded random numbers, bit for bit, in NumPy.

TensorFlow 2.21's CPU kernels draw every random tensor from Philox4x32-10, a counter-based
generator: a 64-bit key and a 128-bit counter give four 32-bit words, and the next counter
gives the next four. This module reproduces, for float32 bit for bit:

- the kernels of the stateful ops (`RandomUniform`, `RandomStandardNormal`, `TruncatedNormal`,
  `RandomUniformInt`, `RandomShuffle`) and of the stateless ones (`StatelessRandom*V2`, Philox
  on CPU), including how a kernel cuts its output into groups;
- the seed rules: `get_seed` (graph-level seed and op seed), the eager global seed with its
  internal op-seed sequence and its cache of kernels, TF1 graphs' unseeded-op counter;
- the seeded Keras 3 initializers (`GlorotUniform(seed=1)`, `RandomNormal(seed=...)`, ...),
  which draw from the stateless ops.

API (shapes are ints or sequences of ints; dtypes anything `np.dtype` accepts):

    normal(shape, dtype, seed, seed2, mean=0.0, stddev=1.0, elements_drawn_before=0)
    uniform(shape, dtype, seed, seed2, minval=0, maxval=None, elements_drawn_before=0)
    truncated_normal(shape, dtype, seed, seed2, mean=0.0, stddev=1.0, elements_drawn_before=0)
        what `tf.random.normal` / `uniform` / `truncated_normal` (and TF1's `tf.random_normal`,
        `tf.random_uniform`, `tf.truncated_normal`) return once their seed pair is known.
        `elements_drawn_before` counts the elements that earlier runs of the same kernel
        produced (a kernel reserves 256 Philox counters per element at each run).
    shuffle(values, seed, seed2, runs_before=0)          `tf.random.shuffle` (first axis)
    DatasetShuffle(buffer_size, seed, seed2, reshuffle_each_iteration=True).order(n)
        the order in which an iterator over `Dataset.shuffle(...)` yields n elements
    stateless_normal / stateless_uniform / stateless_truncated_normal(shape, seed, ...)
        `tf.random.stateless_*` with alg="auto_select" (Philox on CPU); `seed` is the pair.
    op_seeds(global_seed, op_seed, unseeded_op_seed=None) -> (seed, seed2) or (None, None)
        TensorFlow's `get_seed`.
    StatefulKernel(seed, seed2)        one kernel's Philox state; .normal(...), .uniform(...),
                                       .truncated_normal(...), .shuffle(...) advance it
    GraphSeedState()                   a TF1 graph's seed and its unseeded-op counter
    EagerSeedState()                   TF2's global seed, its op-seed sequence and kernel cache;
                                       .set_seed(s), .normal(...), .uniform(...), ...
    keras_initializer_values(name, shape, seed, dtype="float32", **config)
    keras_default_seed(python_random)  the seed a Keras initializer built without one draws
    tf1_initializer_values(name, shape, seed, seed2, dtype="float32", **config)
        TF1's initializers (`get_variable`'s default glorot_uniform_initializer, ...)
    variance_scaling(shape, scale, mode, distribution) -> (distribution, stddev or limit)

Unseeded draws (seed pair (None, None), or (0, 0)) are random, as in TensorFlow.

The kernels themselves (Philox4x32-10, Box-Muller and the C library's float functions it
calls) are in random_kernels.py.
"""
from __future__ import annotations

import math
import random as _python_random
import re

import numpy as np

from autograd_cli.tensorflow.random_kernels import (
    RESERVED_COUNTERS_PER_ELEMENT, blocks, float_dtype, kernel_normal, kernel_truncated_normal,
    kernel_uniform, kernel_uniform_full_int, kernel_uniform_int, philox_words, scale_shift, size_of,
    stateful_key_counter, stateless_key_counter, uniform_range)

__all__ = [
    "DEFAULT_GRAPH_SEED", "DatasetShuffle", "EagerSeedState", "GraphSeedState", "StatefulKernel",
    "keras_default_seed", "keras_initializer_values", "normal", "op_seeds", "shuffle", "stateless_normal",
    "stateless_truncated_normal", "stateless_uniform", "tf1_initializer_values", "truncated_normal", "uniform",
    "variance_scaling",
]

DEFAULT_GRAPH_SEED = 87654321      # the graph-level seed TF uses when only an op seed is given
_MAXINT32 = 2**31 - 1

# --------------------------------------------------------------------------- stateful ops


class StatefulKernel:
    """One stateful random kernel (its seed attributes and its Philox position): each run of
    a normal, uniform or truncated-normal kernel reserves 256 counters per output element and
    the next run starts after them; a shuffle reserves one counter per 4 swaps.

    Seeds (0, 0) mean "unseeded": the kernel picks a random key and counter, as TF does."""

    __slots__ = ("key", "counter")

    def __init__(self, seed: int = 0, seed2: int = 0):
        if seed == 0 and seed2 == 0:
            seed, seed2 = _python_random.SystemRandom().getrandbits(64), _python_random.SystemRandom().getrandbits(64)
        self.key, self.counter = stateful_key_counter(seed, seed2)

    def _reserve(self, counters: int) -> int:
        start = self.counter
        self.counter = (self.counter + counters) & (2**128 - 1)
        return start

    def _draw(self, kernel, shape, dtype) -> np.ndarray:
        dims, size = size_of(shape)
        start = self._reserve(size * RESERVED_COUNTERS_PER_ELEMENT)
        return kernel(self.key, start, size, float_dtype(dtype)).reshape(dims)

    def standard_normal(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(kernel_normal, shape, dtype)

    def standard_uniform(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(kernel_uniform, shape, dtype)

    def standard_truncated_normal(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(kernel_truncated_normal, shape, dtype)

    def uniform_int(self, shape, minval: int, maxval: int, dtype="int32") -> np.ndarray:
        dims, size = size_of(shape)
        dtype = np.dtype(dtype)
        if dtype not in (np.int32, np.int64):
            raise ValueError(f"random integers are int32 or int64 here, not {dtype.name}")
        if not minval < maxval:
            raise ValueError(f"Need minval < maxval, got {minval} >= {maxval}")
        start = self._reserve(size * RESERVED_COUNTERS_PER_ELEMENT)
        return kernel_uniform_int(self.key, start, size, int(minval), int(maxval), dtype).reshape(dims)

    def normal(self, shape, dtype="float32", mean=0.0, stddev=1.0) -> np.ndarray:
        dtype = float_dtype(dtype)
        return scale_shift(self.standard_normal(shape, dtype), dtype, stddev, mean)

    def truncated_normal(self, shape, dtype="float32", mean=0.0, stddev=1.0) -> np.ndarray:
        dtype = float_dtype(dtype)
        return scale_shift(self.standard_truncated_normal(shape, dtype), dtype, stddev, mean)

    def uniform(self, shape, dtype="float32", minval=0, maxval=None) -> np.ndarray:
        dtype = np.dtype(dtype)
        if dtype.kind == "i":
            if maxval is None:
                raise ValueError(f"Must specify maxval for integer dtype {dtype.name}")
            return self.uniform_int(shape, int(minval), int(maxval), dtype)
        dtype = float_dtype(dtype)
        return uniform_range(self.standard_uniform(shape, dtype), dtype, minval,
                              1 if maxval is None else maxval)

    def shuffle(self, values) -> np.ndarray:
        """`RandomShuffle`: a Fisher-Yates pass over the first axis, swapping item i with
        item i + (word % (n - i)) for the next 32-bit word (n - 1 words)."""
        values = np.asarray(values)
        if values.ndim == 0:
            raise ValueError("Shape must be at least rank 1 but is rank 0")
        n = values.shape[0]
        if values.size <= 1 or n <= 1:
            return values.copy()
        if n >= 2**32:
            raise ValueError("shuffling 2**32 items or more is not reproduced")
        start = self._reserve(-(-(n - 1) // 4))
        words = blocks(self.key, start, -(-(n - 1) // 4)).reshape(-1)[:n - 1]
        offsets = words % np.arange(n, 1, -1, dtype=np.uint32)
        order = list(range(n))
        for i, j in enumerate((offsets + np.arange(n - 1, dtype=np.uint32)).tolist()):
            order[i], order[j] = order[j], order[i]
        return values[np.array(order)]


def _kernel_at(seed, seed2, elements_drawn_before) -> StatefulKernel:
    if seed is None or seed2 is None:
        seed = seed2 = 0
    kernel = StatefulKernel(seed, seed2)
    kernel.counter += elements_drawn_before * RESERVED_COUNTERS_PER_ELEMENT
    return kernel


def normal(shape, dtype="float32", seed=0, seed2=0, mean=0.0, stddev=1.0,
           elements_drawn_before: int = 0) -> np.ndarray:
    """`tf.random.normal` for the kernel seeded (seed, seed2) after it produced
    `elements_drawn_before` elements: `standard_normal * stddev + mean` in dtype."""
    return _kernel_at(seed, seed2, elements_drawn_before).normal(shape, dtype, mean, stddev)


def uniform(shape, dtype="float32", seed=0, seed2=0, minval=0, maxval=None,
            elements_drawn_before: int = 0) -> np.ndarray:
    """`tf.random.uniform`: floats in [minval, maxval) (default [0, 1)), or integers for an
    integer dtype (maxval required)."""
    return _kernel_at(seed, seed2, elements_drawn_before).uniform(shape, dtype, minval, maxval)


def truncated_normal(shape, dtype="float32", seed=0, seed2=0, mean=0.0, stddev=1.0,
                     elements_drawn_before: int = 0) -> np.ndarray:
    """`tf.random.truncated_normal`: normal draws within two standard deviations."""
    return _kernel_at(seed, seed2, elements_drawn_before).truncated_normal(shape, dtype, mean, stddev)


def shuffle(values, seed=0, seed2=0, runs_before: int = 0) -> np.ndarray:
    """`tf.random.shuffle` along the first axis; `runs_before` earlier runs of the same kernel
    on inputs of the same length."""
    kernel = _kernel_at(seed, seed2, 0)
    n = np.shape(values)[0] if np.ndim(values) else 0
    if n > 1 and np.size(values) > 1:
        kernel.counter += runs_before * (-(-(n - 1) // 4))
    return kernel.shuffle(values)

class DatasetShuffle:
    """`tf.data.Dataset.shuffle(buffer_size, seed, reshuffle_each_iteration)` once its seed
    pair is known (op_seeds; (0, 0): unseeded, random). Each iterator over the dataset (a `for`
    loop, each epoch of a `.repeat()`) calls `order(n)` for the order in which it yields the n
    input elements: a buffer of `buffer_size` elements, refilled after each pick, from which
    the next 32-bit word modulo the buffer's fill picks an element (the vacancy takes the
    buffer's oldest). An iterator's own seed pair is the dataset's (reshuffle_each_iteration
    False) or the next two words of the dataset's generator (True, the default)."""

    __slots__ = ("buffer_size", "_key", "_counter", "_fixed", "_iterators")

    def __init__(self, buffer_size: int, seed=0, seed2=0, reshuffle_each_iteration: bool = True):
        if buffer_size < 1:
            raise ValueError("buffer_size must be greater than zero.")
        seed, seed2 = seed or 0, seed2 or 0
        if seed == 0 and seed2 == 0:
            seed, seed2 = (_python_random.SystemRandom().getrandbits(63) for _ in range(2))
        self.buffer_size = int(buffer_size)
        self._fixed = None if reshuffle_each_iteration else (seed, seed2)
        self._key, self._counter = stateful_key_counter(seed, seed2)
        self._iterators = 0

    def _iterator_seeds(self) -> tuple[int, int]:
        if self._fixed is not None:
            return self._fixed
        block, half = divmod(self._iterators, 2)
        self._iterators += 1
        words = philox_words(self._key, self._counter + block, 1)
        return words[2 * half], words[2 * half + 1]

    def iterator_seeds(self) -> tuple[int, int]:
        """The seed pair of the next iterator (drawn now: TensorFlow draws it when the iterator is made)."""
        return self._iterator_seeds()

    def order(self, count: int, seeds=None) -> list[int]:
        """The input positions 0..count-1 in the order the next iterator yields them (or the
        iterator whose seeds were drawn already)."""
        key, counter = stateful_key_counter(*(seeds if seeds is not None else self._iterator_seeds()))
        words = blocks(key, counter, -(-count // 4)).reshape(-1)[:count].tolist()
        size = self.buffer_size
        buffer = [0] * min(size, count)
        start = end = 0
        out = []
        for word in words:
            while end < count and end - start < size:
                buffer[end % size] = end
                end += 1
            pick = (start + word % (end - start)) % size
            out.append(buffer[pick])
            buffer[pick] = buffer[start % size]
            start += 1
        return out

# -------------------------------------------------------------------------- stateless ops


def _stateless(kernel, shape, seed, dtype, scale, shift) -> np.ndarray:
    dims, size = size_of(shape)
    dtype = float_dtype(dtype)
    return scale_shift(kernel(*stateless_key_counter(seed), size, dtype), dtype, scale, shift).reshape(dims)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_normal(shape, seed=(s0, s1), ...)`."""
    return _stateless(kernel_normal, shape, seed, dtype, stddev, mean)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_truncated_normal(shape, seed=(s0, s1), ...)`."""
    return _stateless(kernel_truncated_normal, shape, seed, dtype, stddev, mean)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_uniform(shape, seed=(s0, s1), ...)`: floats
    `x * (maxval - minval) + minval`, or integers in [minval, maxval) for an integer dtype."""
    dims, size = size_of(shape)
    key, counter = stateless_key_counter(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "i":
        if minval is None and maxval is None:       # every value of the dtype
            return kernel_uniform_full_int(key, counter, size, dtype).reshape(dims)
        if minval is None or maxval is None:
            raise ValueError(f"For integer `dtype` argument {dtype.name}, argument `minval` and `maxval` must be "
                             f"both None or not None. Got `minval`={minval} and `maxval`={maxval}.")
        if not minval < maxval:
            raise ValueError(f"Need minval < maxval, got {minval} >= {maxval}")
        return kernel_uniform_int(key, counter, size, int(minval), int(maxval), dtype).reshape(dims)
    dtype = float_dtype(dtype)
    kind = dtype.type
    maxval = 1 if maxval is None else maxval
    draws = kernel_uniform(key, counter, size, dtype)
    return (draws * (kind(maxval) - kind(minval)) + kind(minval)).reshape(dims)

# ---------------------------------------------------------------------------- seed rules


def _truncate_seed(seed: int) -> int:
    return int(seed) % _MAXINT32


def op_seeds(global_seed, op_seed, unseeded_op_seed=None):
    """TensorFlow's `get_seed`: the (seed, seed2) attributes of a random op.

    - graph-level (or eager global) seed and op seed: both, each modulo 2**31 - 1;
    - only the global seed: the op seed is `unseeded_op_seed`, which the caller supplies
      (a TF1 graph's count of earlier unseeded ops, see GraphSeedState; eager mode's next
      draw from its sequence, see EagerSeedState);
    - only the op seed: DEFAULT_GRAPH_SEED and the op seed;
    - neither: (None, None), an unseeded op (random numbers).
    (0, 0) becomes (0, 2**31 - 1): the kernels read (0, 0) as unseeded."""
    if global_seed is not None:
        if op_seed is None:
            if unseeded_op_seed is None:
                raise ValueError("an op without a seed under a global seed needs unseeded_op_seed")
            op_seed = unseeded_op_seed
        seeds = (_truncate_seed(global_seed), _truncate_seed(op_seed))
    elif op_seed is not None:
        seeds = (DEFAULT_GRAPH_SEED, _truncate_seed(op_seed))
    else:
        return None, None
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


class GraphSeedState:
    """A TF1 graph's random seeds: `tf.compat.v1.set_random_seed(s)` sets `seed`; each op
    created without a seed while the graph seed is set takes the next integer 0, 1, 2, ...
    (a per-graph count that setting the seed again does not reset). A `tf.function` traced in
    eager mode is such a graph, its seed the eager global seed at tracing time; each traced
    signature keeps one kernel per random op from call to call (until `tf.random.set_seed`)."""

    __slots__ = ("seed", "unseeded_ops")

    def __init__(self, seed=None):
        self.seed = seed
        self.unseeded_ops = 0

    def op_seeds(self, op_seed=None):
        if self.seed is not None and op_seed is None:
            self.unseeded_ops += 1
            return op_seeds(self.seed, None, self.unseeded_ops - 1)
        return op_seeds(self.seed, op_seed)


class EagerSeedState:
    """TF2's eager random state: the global seed, the sequence of op seeds it gives ops created
    without one (Python's `random.Random(global_seed).randint(0, 2**31 - 1)`), and the kernel
    cache: eager ops with the same op, dtype and seed pair share one kernel, so calling
    `tf.random.normal([2], seed=1)` twice gives two different draws. `set_seed` resets all."""

    def __init__(self):
        self.global_seed = None
        self._op_seed_sequence = None
        self._kernels: dict = {}
        self.resets = 0        # set_seed calls: a tf.function's kernels start again after one too

    def set_seed(self, seed) -> None:
        """`tf.random.set_seed(seed)` (also `tf.compat.v1.set_random_seed` when eager)."""
        self.global_seed = seed
        try:
            hash(seed)
        except TypeError:
            seed = int(np.array(seed))
        self._op_seed_sequence = _python_random.Random(seed)
        self._kernels.clear()
        self.resets += 1

    def snapshot(self):
        """What `restore` puts back: the kernels and their positions, the op-seed sequence's state."""
        sequence = None if self._op_seed_sequence is None else self._op_seed_sequence.getstate()
        return {k: (kernel, kernel.counter) for k, kernel in self._kernels.items()}, sequence

    def restore(self, snapshot) -> None:
        kernels, sequence = snapshot
        self._kernels = {k: kernel for k, (kernel, _) in kernels.items()}
        for kernel, counter in kernels.values():
            kernel.counter = counter
        if sequence is not None and self._op_seed_sequence is not None:
            self._op_seed_sequence.setstate(sequence)

    def op_seeds(self, op_seed=None):
        if self.global_seed is not None and op_seed is None:
            return op_seeds(self.global_seed, None, self._op_seed_sequence.randint(0, _MAXINT32))
        return op_seeds(self.global_seed, op_seed)

    def kernel(self, op: str, dtype, seed, seed2) -> StatefulKernel:
        """The cached kernel of `op` (its TF name) for this dtype and seed pair."""
        seeds = (0, 0) if seed is None else (seed, seed2)
        cache_key = (op, np.dtype(dtype).name, *seeds)
        found = self._kernels.get(cache_key)
        if found is None:
            found = self._kernels[cache_key] = StatefulKernel(*seeds)
        return found

    def normal(self, shape, mean=0.0, stddev=1.0, dtype="float32", seed=None) -> np.ndarray:
        """`tf.random.normal` in eager mode."""
        return self.kernel("RandomStandardNormal", dtype, *self.op_seeds(seed)).normal(shape, dtype, mean, stddev)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype="float32", seed=None) -> np.ndarray:
        """`tf.random.truncated_normal` in eager mode."""
        return self.kernel("TruncatedNormal", dtype, *self.op_seeds(seed)).truncated_normal(
            shape, dtype, mean, stddev)

    def uniform(self, shape, minval=0, maxval=None, dtype="float32", seed=None) -> np.ndarray:
        """`tf.random.uniform` in eager mode."""
        dtype = np.dtype(dtype)
        if dtype.kind == "i" and maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype.name}")
        op = "RandomUniformInt" if dtype.kind == "i" else "RandomUniform"
        return self.kernel(op, dtype, *self.op_seeds(seed)).uniform(shape, dtype, minval, maxval)

    def shuffle(self, values, seed=None) -> np.ndarray:
        """`tf.random.shuffle` in eager mode."""
        values = np.asarray(values)
        return self.kernel("RandomShuffle", values.dtype, *self.op_seeds(seed)).shuffle(values)

# ---------------------------------------------------------------------------- initializers

_VARIANCE_SCALING = {
    # name: (scale, mode, distribution), the same for Keras 3 and TF1's initializers
    "glorot_uniform": (1.0, "fan_avg", "uniform"),
    "glorot_normal": (1.0, "fan_avg", "truncated_normal"),
    "he_uniform": (2.0, "fan_in", "uniform"),
    "he_normal": (2.0, "fan_in", "truncated_normal"),
    "lecun_uniform": (1.0, "fan_in", "uniform"),
    "lecun_normal": (1.0, "fan_in", "truncated_normal"),
}
_TRUNCATED_UNIT_STDDEV = 0.87962566103423978    # a unit normal's deviation once cut to [-2, 2]


def _initializer_key(name: str) -> str:
    """"GlorotUniform", "glorot_uniform" and "glorot_uniform_initializer" -> "glorot_uniform"."""
    key = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    return key.removesuffix("_initializer")


def _fans(dims) -> tuple[int, int]:
    if len(dims) < 2:
        return (dims[0], dims[0]) if dims else (1, 1)
    if len(dims) == 2:
        return dims[0], dims[1]
    receptive_field = math.prod(dims[:-2])      # a convolution kernel: (..., in, out)
    return dims[-2] * receptive_field, dims[-1] * receptive_field


def variance_scaling(shape, scale=1.0, mode="fan_in", distribution="truncated_normal"):
    """What VarianceScaling draws for a weight of this shape: ("truncated_normal", stddev),
    ("untruncated_normal", stddev) or ("uniform", limit) for [-limit, limit)."""
    dims, _ = size_of(shape)
    fan_in, fan_out = _fans(dims)
    fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}.get(mode)
    if fan is None:
        raise ValueError(f"Invalid `mode` argument: {mode}")
    scale /= max(1.0, fan)
    distribution = distribution.lower()
    if distribution in ("normal", "truncated_normal"):
        return "truncated_normal", math.sqrt(scale) / _TRUNCATED_UNIT_STDDEV
    if distribution == "untruncated_normal":
        return "untruncated_normal", math.sqrt(scale)
    if distribution == "uniform":
        return "uniform", math.sqrt(3.0 * scale)
    raise ValueError(f"Invalid `distribution` argument: {distribution}")


def _basic_initializer(name: str, shape, config: dict) -> tuple[str, dict]:
    """VarianceScaling and its named cases (GlorotUniform, ...) as the plain draw they make
    for this shape: ("random_uniform", bounds) or ("truncated_normal" / "random_normal", deviation)."""
    key = _initializer_key(name)
    scaling = _VARIANCE_SCALING.get(key)
    if key == "variance_scaling":
        scaling = (config.get("scale", 1.0), config.get("mode", "fan_in"),
                   config.get("distribution", "truncated_normal"))
    if scaling is None:
        return key, config
    distribution, parameter = variance_scaling(shape, *scaling)
    if distribution == "uniform":
        return "random_uniform", {"minval": -parameter, "maxval": parameter}
    plain = "truncated_normal" if distribution == "truncated_normal" else "random_normal"
    return plain, {"mean": 0.0, "stddev": parameter}


_KERAS_SEED_MODULUS = 2**31 - 2     # Keras folds an integer seed into int32 this way for TF


def keras_default_seed(python_random=_python_random) -> int:
    """The seed a Keras 3 random initializer takes when built without one: a draw from
    Python's `random` module (reproducible after `keras.utils.set_random_seed`, which seeds it)."""
    return python_random.randint(1, int(1e9))


def keras_initializer_values(name: str, shape, seed: int, dtype="float32", **config) -> np.ndarray:
    """The values of a Keras 3 initializer with an integer seed, on the TensorFlow backend:
    a stateless draw with the seed pair (seed mod 2**31 - 2, 0), so every call of the same
    initializer gives the same values, as in Keras.

    name: the class or its snake_case alias (RandomNormal, RandomUniform, TruncatedNormal,
    VarianceScaling, GlorotUniform, GlorotNormal, HeUniform, HeNormal, LecunUniform,
    LecunNormal); config: the class's own arguments (mean, stddev, minval, maxval, scale, mode,
    distribution)."""
    dims, _ = size_of(shape)
    key, config = _basic_initializer(name, dims, config)
    dtype = float_dtype(dtype)
    pair = (int(seed) % _KERAS_SEED_MODULUS, 0)
    mean, stddev = config.get("mean", 0.0), config.get("stddev", 0.05)
    if key == "random_normal":
        return stateless_normal(dims, pair, mean, stddev, dtype)
    if key == "truncated_normal":
        return stateless_truncated_normal(dims, pair, mean, stddev, dtype)
    if key == "random_uniform":
        return _keras_uniform(dims, pair, config.get("minval", -0.05), config.get("maxval", 0.05), dtype)
    raise ValueError(f"no seeded Keras initializer {name!r} here")


def _keras_uniform(dims, pair, minval, maxval, dtype):
    # Keras casts the bounds with tf.cast, which makes a Python float a float32 tensor first.
    minval, maxval = (float(np.float32(bound)) for bound in (minval, maxval))
    return stateless_uniform(dims, pair, minval, maxval, dtype)


def tf1_initializer_values(name: str, shape, seed, seed2, dtype="float32",
                           elements_drawn_before: int = 0, **config) -> np.ndarray:
    """The values of a TF1 initializer (`tf.compat.v1.glorot_uniform_initializer()`, the
    default of `get_variable`; `random_normal_initializer`, `truncated_normal_initializer`,
    `random_uniform_initializer`, `glorot_normal_initializer`, `variance_scaling_initializer`)
    once its op's seed pair is known (op_seeds / GraphSeedState): a stateful draw.

    config: the initializer's arguments (mean, stddev, minval, maxval, scale, mode, distribution)."""
    key, config = _basic_initializer(name, shape, config)
    at = dict(seed=seed, seed2=seed2, elements_drawn_before=elements_drawn_before)
    mean, stddev = config.get("mean", 0.0), config.get("stddev", 1.0)
    if key == "random_normal":
        return normal(shape, dtype, mean=mean, stddev=stddev, **at)
    if key == "truncated_normal":
        return truncated_normal(shape, dtype, mean=mean, stddev=stddev, **at)
    if key == "random_uniform":
        return uniform(shape, dtype, minval=config.get("minval", 0.0), maxval=config.get("maxval"), **at)
    raise ValueError(f"no seeded TF1 initializer {name!r} here")
