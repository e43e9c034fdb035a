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
    preload()                          bind the C library's float functions now (see below)

Unseeded draws (seed pair (None, None), or (0, 0)) are random, as in TensorFlow.

The float32 normal and truncated-normal kernels call the C library's `logf`, `sinf` and
`cosf` (TensorFlow's Box-Muller calls `logf` and `sincosf`, which gives `sinf`'s and `cosf`'s
values), which are not correctly rounded. The reference is TensorFlow on Linux with the GNU C
library (the stored values come from glibc 2.36): there the module calls that library's own
functions through ctypes, one value at a time, and is bit for bit. Elsewhere (another C
library, or a process that may not load or call C code) it falls back to NumPy's float64 log,
sin and cos rounded to float32 (correctly rounded): about 1.5% of the values then differ from
TensorFlow's, nearly all by 1 ulp, a few by 2 or 3 (at most 3 * 2**-23 relative), and a
truncated normal within that of its cut at 2 may be kept or rejected the other way.
The library is loaded on the first float32 normal draw; a sandbox that forbids loading
libraries after its lockdown calls `preload()` before it.
float64 normal draws call the C library's double `log`, `sin` and `cos` as TensorFlow does
(through NumPy where NumPy's float64 versions give the same results, else one by one).
"""
from __future__ import annotations

import math
import os
import random as _python_random
import re
import struct

import numpy as np

__all__ = [
    "DEFAULT_GRAPH_SEED", "DatasetShuffle", "EagerSeedState", "GraphSeedState", "StatefulKernel",
    "keras_default_seed", "keras_initializer_values", "normal", "op_seeds", "philox4x32_10",
    "preload", "shuffle", "stateful_key_counter", "stateless_key_counter", "stateless_normal",
    "stateless_truncated_normal", "stateless_uniform", "tf1_initializer_values",
    "truncated_normal", "uniform", "variance_scaling",
]

DEFAULT_GRAPH_SEED = 87654321      # the graph-level seed TF uses when only an op seed is given
_MAXINT32 = 2**31 - 1
_MASK64 = 2**64 - 1
_RESERVED_COUNTERS_PER_ELEMENT = 256   # what a stateful kernel reserves per output element

# ----------------------------------------------------------------------------- Philox4x32-10

_U32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)
_MULTIPLIERS = np.array([[0xD2511F53], [0xCD9E8D57]], dtype=np.uint64)
_KEY_STEPS = np.array([0x9E3779B9, 0xBB67AE85], dtype=np.uint64)
_ROUNDS = np.arange(10, dtype=np.uint64)[:, None]


def philox4x32_10(key: int, counter: int, offsets) -> np.ndarray:
    """The Philox4x32-10 blocks at `counter + offset` for each offset, as (len, 4) uint32.

    `key` is 64 bits (its low word is the first key word), `counter` 128 bits (its low word is
    the first counter word); offsets are added with carry across all 128 bits."""
    offsets = np.asarray(offsets, dtype=np.uint64)
    base_lo = np.uint64(counter & _MASK64)
    base_hi = np.uint64((counter >> 64) & _MASK64)
    low = offsets + base_lo
    high = (low < base_lo).astype(np.uint64) + base_hi      # carry into the upper 64 bits
    # Row 0 of `even` / `odd` holds counter words 0 / 1, row 1 words 2 / 3: a round multiplies
    # words 0 and 2 (one multiplication of `even` by the two constants) and swaps the halves.
    even = np.empty((2, offsets.size), dtype=np.uint64)
    odd = np.empty((2, offsets.size), dtype=np.uint64)
    np.bitwise_and(low, _U32, out=even[0])
    np.bitwise_and(high, _U32, out=even[1])
    np.right_shift(low, _SHIFT32, out=odd[0])
    np.right_shift(high, _SHIFT32, out=odd[1])
    keys = (np.array([key & 0xFFFFFFFF, (key >> 32) & 0xFFFFFFFF], dtype=np.uint64)
            + _ROUNDS * _KEY_STEPS) & _U32
    for round_key in keys:
        product = even * _MULTIPLIERS
        even = (product >> _SHIFT32)[::-1]
        even ^= odd
        even ^= round_key[:, None]
        product &= _U32
        odd = product[::-1]
    return np.stack([even[0], odd[0], even[1], odd[1]], axis=1).astype(np.uint32)


def _philox_words(key: int, counter: int, count: int) -> list[int]:
    """The words of `count` consecutive blocks from `counter`, in plain Python (faster than
    NumPy's per-call cost for a few blocks)."""
    words = []
    for index in range(count):
        value = (counter + index) & (2**128 - 1)
        c0, c1, c2, c3 = (value & 0xFFFFFFFF, (value >> 32) & 0xFFFFFFFF,
                          (value >> 64) & 0xFFFFFFFF, value >> 96)
        k0, k1 = key & 0xFFFFFFFF, (key >> 32) & 0xFFFFFFFF
        for _ in range(10):
            p0 = 0xD2511F53 * c0
            p1 = 0xCD9E8D57 * c2
            c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & 0xFFFFFFFF, (p0 >> 32) ^ c3 ^ k1, p0 & 0xFFFFFFFF
            k0 = (k0 + 0x9E3779B9) & 0xFFFFFFFF
            k1 = (k1 + 0xBB67AE85) & 0xFFFFFFFF
        words += (c0, c1, c2, c3)
    return words


_FEW_BLOCKS = 12    # up to this many blocks, Python beats NumPy's fixed cost


def _blocks(key: int, counter: int, count: int) -> np.ndarray:
    if count <= _FEW_BLOCKS:
        return np.array(_philox_words(key, counter, count), dtype=np.uint32).reshape(count, 4)
    return philox4x32_10(key, counter, np.arange(count, dtype=np.uint64))


def stateful_key_counter(seed: int, seed2: int) -> tuple[int, int]:
    """The Philox key and first counter of a stateful kernel with attributes seed, seed2."""
    return seed & _MASK64, (seed2 & _MASK64) << 64


_SCRAMBLE_KEY = 0x02461E293EC8F720


def stateless_key_counter(seed) -> tuple[int, int]:
    """The Philox key and counter a stateless op derives from its seed pair: one Philox block
    of the pair under a fixed key gives the key (words 0-1) and the counter's upper half."""
    seed0, seed1 = (int(s) for s in seed)
    block = _philox_words(_SCRAMBLE_KEY, (seed0 & _MASK64) | ((seed1 & _MASK64) << 64), 1)
    key = block[0] | (block[1] << 32)
    counter = (block[2] | (block[3] << 32)) << 64
    return key, counter

# ------------------------------------------------------------------ words -> floats / ints


def _unit_float32(words: np.ndarray) -> np.ndarray:
    """[0, 1) from the low 23 bits: the float 1.mantissa minus 1."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return bits.view(np.float32) - np.float32(1.0)


def _unit_float64(high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """[0, 1) from 20 bits of `high` and all of `low`: the double 1.mantissa minus 1."""
    bits = ((high.astype(np.uint64) & np.uint64(0xFFFFF)) << _SHIFT32) | low.astype(np.uint64)
    return (bits | np.uint64(1023 << 52)).view(np.float64) - 1.0

# ------------------------------------------------- the C library's float logf, sinf and cosf
# TensorFlow's float32 Box-Muller calls the C library's float log, sin and cos, which are not
# correctly rounded; they are called here too, one value at a time through ctypes.

_c_functions: list = []     # empty before the first use, then [(logf, sinf, cosf)] or [None]


def _c_float_functions():
    """The GNU C library's logf, sinf and cosf bound through ctypes (loaded on first use), or
    None: another C library, no ctypes, or a process that may no longer load or call C code."""
    if not _c_functions:
        _c_functions.append(_bind_c_float_functions())
    return _c_functions[0]


def _bind_c_float_functions():
    try:
        if not (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc"):
            return None
        import ctypes

        try:        # libm by its usual name: no ctypes.util (~35 ms to import) nor ldconfig run
            library = ctypes.CDLL("libm.so.6")
        except OSError as error:
            if isinstance(error, PermissionError):
                return None
            import ctypes.util

            library = ctypes.CDLL(ctypes.util.find_library("m"))
        functions = tuple(getattr(library, name) for name in ("logf", "sinf", "cosf"))
        for function in functions:
            function.argtypes, function.restype = [ctypes.c_float], ctypes.c_float
        return functions if functions[0](1.0) == 0.0 else None    # a refused call raises here
    except (ImportError, OSError, ValueError, AttributeError):   # PermissionError is an OSError
        return None


def preload() -> frozenset[int]:
    """Bind the C library's logf, sinf and cosf now. A sandbox that forbids loading libraries
    (or running `ldconfig`, which finding the library may do) calls this before its lockdown;
    the draws then use the bound functions. Returns the functions' addresses, which an audit
    hook refusing ctypes calls must let through (empty when the fallback is in use)."""
    functions = _c_float_functions()
    if functions is None:
        return frozenset()
    import ctypes

    return frozenset(ctypes.c_void_p.from_buffer(function).value for function in functions)


_ROUNDED_FLOAT64 = tuple(lambda x, f=f: _round32(f(x)) for f in (math.log, math.sin, math.cos))


def _log_sin_cos_one(u1: float, v1: float) -> tuple[float, float, float]:
    """logf(u1), sinf(v1), cosf(v1) on floats already float32."""
    logf, sinf, cosf = _c_float_functions() or _ROUNDED_FLOAT64
    try:
        return logf(u1), sinf(v1), cosf(v1)
    except PermissionError:     # an audit hook installed since refuses C calls: the fallback
        _c_functions[:] = [None]
        return _log_sin_cos_one(u1, v1)


def _log_sin_cos(u1: np.ndarray, v1: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """logf(u1), sinf(v1), cosf(v1) element by element on float32 arrays."""
    functions = _c_float_functions()
    if functions is None:
        log, sin, cos = _float64_log_sin_cos()
        u1, v1 = u1.astype(np.float64), v1.astype(np.float64)
        return log(u1).astype(np.float32), sin(v1).astype(np.float32), cos(v1).astype(np.float32)
    logf, sinf, cosf = functions
    angles = v1.ravel().tolist()
    try:
        results = [np.array(list(map(function, values)), dtype=np.float32) for function, values in (
            (logf, u1.ravel().tolist()), (sinf, angles), (cosf, angles))]
    except PermissionError:     # an audit hook installed since refuses C calls: the fallback
        _c_functions[:] = [None]
        return _log_sin_cos(u1, v1)
    return tuple(result.reshape(u1.shape) for result in results)

# ------------------------------------------------------------------------------ Box-Muller

_FLOAT32_EPSILON = np.float32(1.0e-7)      # the smallest u1 Box-Muller lets reach log()
_FLOAT32_EPSILON_VALUE = float(_FLOAT32_EPSILON)
_FLOAT32 = struct.Struct("<f")
_UINT32 = struct.Struct("<I")
_FLOAT64 = struct.Struct("<d")
_UINT64 = struct.Struct("<Q")


def _round32(x: float) -> float:
    return _FLOAT32.unpack(_FLOAT32.pack(x))[0]


def _unit_float32_one(word: int) -> float:
    return _FLOAT32.unpack(_UINT32.pack((word & 0x7FFFFF) | 0x3F800000))[0] - 1.0


def _unit_float64_one(high: int, low: int) -> float:
    return _FLOAT64.unpack(_UINT64.pack((1023 << 52) | ((high & 0xFFFFF) << 32) | low))[0] - 1.0


def _box_muller_float32_one(x0: int, x1: int) -> tuple[float, float]:
    """Two float32 normals from two words, in Python floats (for a few draws)."""
    u1 = max(_unit_float32_one(x0), _FLOAT32_EPSILON_VALUE)
    v1 = _round32(2.0 * math.pi * _unit_float32_one(x1))
    log_u1, sine, cosine = _log_sin_cos_one(u1, v1)
    u2 = _round32(math.sqrt(-2.0 * log_u1))     # a float's sqrt rounded once: sqrtf
    return _round32(sine * u2), _round32(cosine * u2)


def _box_muller_float64_one(x0: int, x1: int, x2: int, x3: int) -> tuple[float, float]:
    u1 = max(_unit_float64_one(x0, x1), 1.0e-7)
    v1 = 2.0 * math.pi * _unit_float64_one(x2, x3)
    u2 = math.sqrt(-2.0 * math.log(u1))
    return math.sin(v1) * u2, math.cos(v1) * u2


def _normals_few(words: list[int], dtype) -> list[float]:
    """Box-Muller in Python: a float32 pair from each two words, a float64 pair from four."""
    values = []
    if dtype == np.float32:
        for i in range(0, len(words) - 1, 2):
            values += _box_muller_float32_one(words[i], words[i + 1])
    else:
        for i in range(0, len(words) - 3, 4):
            values += _box_muller_float64_one(*words[i:i + 4])
    return values


def _normals(words: np.ndarray, dtype) -> np.ndarray:
    """Box-Muller on each block of four words: 4 float32 (sine and cosine of words 0-1, then
    of words 2-3) or 2 float64."""
    if dtype == np.float32:
        u1 = np.maximum(_unit_float32(words[:, 0::2]), _FLOAT32_EPSILON)
        v1 = (2.0 * math.pi * _unit_float32(words[:, 1::2]).astype(np.float64)).astype(np.float32)
        log_u1, sine, cosine = _log_sin_cos(u1, v1)
        u2 = np.sqrt(np.float32(-2.0) * log_u1)
        out = np.empty(words.shape, dtype=np.float32)
        out[:, 0::2], out[:, 1::2] = sine * u2, cosine * u2
        return out
    log, sin, cos = _float64_log_sin_cos()
    u1 = np.maximum(_unit_float64(words[:, 0], words[:, 1]), 1.0e-7)
    v1 = 2.0 * math.pi * _unit_float64(words[:, 2], words[:, 3])
    u2 = np.sqrt(-2.0 * log(u1))
    return np.stack([sin(v1) * u2, cos(v1) * u2], axis=1)


def _c_library(function, values: np.ndarray) -> np.ndarray:
    """The C library's double function on each value (Python's math module calls it)."""
    flat = np.fromiter(map(function, values.ravel().tolist()), dtype=np.float64, count=values.size)
    return flat.reshape(values.shape)


_numpy_float64_agrees = None      # whether NumPy's float64 log/sin/cos are the C library's


def _float64_log_sin_cos():
    """NumPy's float64 log, sin and cos where they give the C library's results (NumPy may
    use its own vectorised versions, a last bit apart), else the C library's, one by one."""
    global _numpy_float64_agrees
    if _numpy_float64_agrees is None:
        sample = np.linspace(1e-7, 1.0, 1999)
        angles = sample * (2.0 * math.pi)
        _numpy_float64_agrees = bool(
            np.array_equal(np.log(sample), _c_library(math.log, sample))
            and np.array_equal(np.sin(angles), _c_library(math.sin, angles))
            and np.array_equal(np.cos(angles), _c_library(math.cos, angles)))
    if _numpy_float64_agrees:
        return np.log, np.sin, np.cos
    return tuple(lambda values, f=f: _c_library(f, values) for f in (math.log, math.sin, math.cos))

# ------------------------------------------------------------------------------- kernels
# A kernel fills its output group by group: one Philox block per group of 4 float32 / int32
# or 2 float64 / int64, in counter order, whatever the number of threads (each thread skips
# to its first group). A partial last group is computed whole and cut.


def _float_dtype(dtype) -> np.dtype:
    dtype = np.dtype(dtype)
    if dtype not in (np.float32, np.float64):
        raise ValueError(f"random floats are float32 or float64 here, not {dtype.name}")
    return dtype


def _kernel_uniform(key, counter, size, dtype) -> np.ndarray:
    if dtype == np.float32:
        return _unit_float32(_blocks(key, counter, -(-size // 4)).reshape(-1)[:size])
    words = _blocks(key, counter, -(-size // 2))
    out = np.empty((words.shape[0], 2))
    out[:, 0] = _unit_float64(words[:, 0], words[:, 1])
    out[:, 1] = _unit_float64(words[:, 2], words[:, 3])
    return out.reshape(-1)[:size]


_FEW_VALUES = 48     # up to this many normal values, Python beats NumPy's fixed cost


def _kernel_normal(key, counter, size, dtype) -> np.ndarray:
    if size <= _FEW_VALUES:
        if dtype == np.float32:     # only the pairs the output needs
            words = _philox_words(key, counter, -(-size // 4))[:2 * (-(-size // 2))]
        else:
            words = _philox_words(key, counter, -(-size // 2))
        return np.array(_normals_few(words, dtype)[:size], dtype=dtype)
    words = _blocks(key, counter, -(-size // (4 if dtype == np.float32 else 2)))
    return _normals(words, dtype).reshape(-1)[:size]


def _kernel_truncated_normal(key, counter, size, dtype) -> np.ndarray:
    """Normal draws with |x| >= 2 rejected. Group g (4 float32 or 2 float64) starts 256
    counters per element of the groups before it further along and reads words one by one
    (a Box-Muller pair each, first value first) until it holds a whole group."""
    group = 4 if dtype == np.float32 else 2
    stride = group * _RESERVED_COUNTERS_PER_ELEMENT // 4
    groups = -(-size // group)
    if size <= _FEW_VALUES:
        return np.array(_truncated_normal_few(key, counter, size, dtype, stride), dtype=dtype)
    out = np.zeros((groups, group), dtype=dtype)
    filled = np.zeros(groups, dtype=np.int64)
    active = np.arange(groups, dtype=np.int64)
    # float32: 1 block first (83% of groups fill; with the C calls spare candidates cost more
    # than another round); float64: 3 blocks fill nearly every group at once
    block, count = 0, 1 if dtype == np.float32 else 3
    while active.size:
        # `count` more blocks for each group still short: 4 float32 or 2 float64 candidates each
        offsets = (active.astype(np.uint64) * np.uint64(stride))[:, None] + np.arange(
            block, block + count, dtype=np.uint64)
        words = philox4x32_10(key, counter, offsets.reshape(-1))
        candidates = _normals(words, dtype).reshape(active.size, -1)
        accepted = np.abs(candidates) < 2.0
        slot = filled[active][:, None] + np.cumsum(accepted, axis=1) - 1
        keep = accepted & (slot < group)
        rows = np.broadcast_to(active[:, None], keep.shape)
        out[rows[keep], slot[keep]] = candidates[keep]
        filled[active] = np.minimum(filled[active] + accepted.sum(axis=1), group)
        active = active[filled[active] < group]
        block, count = block + count, 1
    return out.reshape(-1)[:size]


def _truncated_normal_few(key, counter, size, dtype, stride) -> list[float]:
    group = 4 if dtype == np.float32 else 2
    values = []
    for start in range(0, size, group):
        found, block = [], 0
        while len(found) < group:
            words = _philox_words(key, counter + (start // group) * stride + block, 1)
            found += [c for c in _normals_few(words, dtype) if abs(c) < 2.0]
            block += 1
        values += found[:group]
    return values[:size]


def _kernel_uniform_int(key, counter, size, minval: int, maxval: int, dtype) -> np.ndarray:
    if dtype == np.int32:
        words = _blocks(key, counter, -(-size // 4)).reshape(-1)[:size]
        offsets = words % np.uint32((maxval - minval) & 0xFFFFFFFF)
        return (offsets.astype(np.int64) + minval).astype(np.int32)
    words = _blocks(key, counter, -(-size // 2))
    bits = np.empty((words.shape[0], 2), dtype=np.uint64)
    bits[:, 0] = words[:, 0] | (words[:, 1].astype(np.uint64) << _SHIFT32)
    bits[:, 1] = words[:, 2] | (words[:, 3].astype(np.uint64) << _SHIFT32)
    offsets = bits.reshape(-1)[:size] % np.uint64((maxval - minval) & _MASK64)
    return (offsets + np.uint64(minval & _MASK64)).view(np.int64)


def _size_of(shape) -> tuple[tuple[int, ...], int]:
    dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dims = tuple(int(d) for d in dims)
    if any(d < 0 for d in dims):
        raise ValueError(f"a random tensor's dimensions are >= 0, got {list(dims)}")
    return dims, math.prod(dims)


def _scale_shift(draws, dtype, scale, shift):
    """`draws * scale + shift` in the output dtype, as TF's ops after the kernel."""
    kind = dtype.type
    return draws * kind(scale) + kind(shift)


def _uniform_range(draws, dtype, minval, maxval):
    """What `tf.random.uniform` does with the kernel's [0, 1) floats: nothing for the int
    bounds 0 and 1, a product for the int lower bound 0, otherwise `x * (max - min) + min`."""
    kind = dtype.type
    minval_is_zero = isinstance(minval, int) and not isinstance(minval, bool) and minval == 0
    maxval_is_one = isinstance(maxval, int) and not isinstance(maxval, bool) and maxval == 1
    if minval_is_zero:
        return draws if maxval_is_one else draws * kind(maxval)
    return draws * (kind(maxval) - kind(minval)) + kind(minval)

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
        dims, size = _size_of(shape)
        start = self._reserve(size * _RESERVED_COUNTERS_PER_ELEMENT)
        return kernel(self.key, start, size, _float_dtype(dtype)).reshape(dims)

    def standard_normal(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(_kernel_normal, shape, dtype)

    def standard_uniform(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(_kernel_uniform, shape, dtype)

    def standard_truncated_normal(self, shape, dtype="float32") -> np.ndarray:
        return self._draw(_kernel_truncated_normal, shape, dtype)

    def uniform_int(self, shape, minval: int, maxval: int, dtype="int32") -> np.ndarray:
        dims, size = _size_of(shape)
        dtype = np.dtype(dtype)
        if dtype not in (np.int32, np.int64):
            raise ValueError(f"random integers are int32 or int64 here, not {dtype.name}")
        if not minval < maxval:
            raise ValueError(f"Need minval < maxval, got {minval} >= {maxval}")
        start = self._reserve(size * _RESERVED_COUNTERS_PER_ELEMENT)
        return _kernel_uniform_int(self.key, start, size, int(minval), int(maxval), dtype).reshape(dims)

    def normal(self, shape, dtype="float32", mean=0.0, stddev=1.0) -> np.ndarray:
        dtype = _float_dtype(dtype)
        return _scale_shift(self.standard_normal(shape, dtype), dtype, stddev, mean)

    def truncated_normal(self, shape, dtype="float32", mean=0.0, stddev=1.0) -> np.ndarray:
        dtype = _float_dtype(dtype)
        return _scale_shift(self.standard_truncated_normal(shape, dtype), dtype, stddev, mean)

    def uniform(self, shape, dtype="float32", minval=0, maxval=None) -> np.ndarray:
        dtype = np.dtype(dtype)
        if dtype.kind == "i":
            if maxval is None:
                raise ValueError(f"Must specify maxval for integer dtype {dtype.name}")
            return self.uniform_int(shape, int(minval), int(maxval), dtype)
        dtype = _float_dtype(dtype)
        return _uniform_range(self.standard_uniform(shape, dtype), dtype, minval,
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
        words = _blocks(self.key, start, -(-(n - 1) // 4)).reshape(-1)[:n - 1]
        offsets = words % np.arange(n, 1, -1, dtype=np.uint32)
        order = list(range(n))
        for i, j in enumerate((offsets + np.arange(n - 1, dtype=np.uint32)).tolist()):
            order[i], order[j] = order[j], order[i]
        return values[np.array(order)]


def _kernel_at(seed, seed2, elements_drawn_before) -> StatefulKernel:
    if seed is None or seed2 is None:
        seed = seed2 = 0
    kernel = StatefulKernel(seed, seed2)
    kernel.counter += elements_drawn_before * _RESERVED_COUNTERS_PER_ELEMENT
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
        words = _philox_words(self._key, self._counter + block, 1)
        return words[2 * half], words[2 * half + 1]

    def order(self, count: int) -> list[int]:
        """The input positions 0..count-1 in the order the next iterator yields them."""
        key, counter = stateful_key_counter(*self._iterator_seeds())
        words = _blocks(key, counter, -(-count // 4)).reshape(-1)[:count].tolist()
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
    dims, size = _size_of(shape)
    dtype = _float_dtype(dtype)
    return _scale_shift(kernel(*stateless_key_counter(seed), size, dtype), dtype, scale, shift).reshape(dims)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_normal(shape, seed=(s0, s1), ...)`."""
    return _stateless(_kernel_normal, shape, seed, dtype, stddev, mean)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_truncated_normal(shape, seed=(s0, s1), ...)`."""
    return _stateless(_kernel_truncated_normal, shape, seed, dtype, stddev, mean)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype="float32") -> np.ndarray:
    """`tf.random.stateless_uniform(shape, seed=(s0, s1), ...)`: floats
    `x * (maxval - minval) + minval`, or integers in [minval, maxval) for an integer dtype."""
    dims, size = _size_of(shape)
    key, counter = stateless_key_counter(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "i":
        if minval is None or maxval is None:
            raise ValueError("integer stateless_uniform needs both minval and maxval here")
        if not minval < maxval:
            raise ValueError(f"Need minval < maxval, got {minval} >= {maxval}")
        return _kernel_uniform_int(key, counter, size, int(minval), int(maxval), dtype).reshape(dims)
    dtype = _float_dtype(dtype)
    kind = dtype.type
    maxval = 1 if maxval is None else maxval
    draws = _kernel_uniform(key, counter, size, dtype)
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
    eager mode is such a graph, its seed the eager global seed at tracing time; each call runs
    the same kernels again."""

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

    def set_seed(self, seed) -> None:
        """`tf.random.set_seed(seed)` (also `tf.compat.v1.set_random_seed` when eager)."""
        self.global_seed = seed
        try:
            hash(seed)
        except TypeError:
            seed = int(np.array(seed))
        self._op_seed_sequence = _python_random.Random(seed)
        self._kernels.clear()

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
    dims, _ = _size_of(shape)
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
    dims, _ = _size_of(shape)
    key, config = _basic_initializer(name, dims, config)
    dtype = _float_dtype(dtype)
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
