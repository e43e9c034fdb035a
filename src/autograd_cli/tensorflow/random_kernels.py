"""TensorFlow 2.21's CPU random kernels in NumPy: Philox4x32-10, the words -> numbers
transforms, Box-Muller, and how each kernel (uniform, normal, truncated normal, uniform int)
fills its output from a Philox key and counter. random_streams.py builds TensorFlow's ops
and seed rules on them.

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
import struct

import numpy as np

MASK64 = 2**64 - 1
RESERVED_COUNTERS_PER_ELEMENT = 256   # what a stateful kernel reserves per output element

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
    base_lo = np.uint64(counter & MASK64)
    base_hi = np.uint64((counter >> 64) & MASK64)
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


def philox_words(key: int, counter: int, count: int) -> list[int]:
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


_CHUNK_BLOCKS = 1 << 18      # a large draw is made this many blocks at a time (the rounds' temporaries stay small)


def blocks(key: int, counter: int, count: int) -> np.ndarray:
    if count <= _FEW_BLOCKS:
        return np.array(philox_words(key, counter, count), dtype=np.uint32).reshape(count, 4)
    if count <= _CHUNK_BLOCKS:
        return philox4x32_10(key, counter, np.arange(count, dtype=np.uint64))
    out = np.empty((count, 4), dtype=np.uint32)
    for start in range(0, count, _CHUNK_BLOCKS):
        stop = min(count, start + _CHUNK_BLOCKS)
        out[start:stop] = philox4x32_10(key, counter, np.arange(start, stop, dtype=np.uint64))
    return out


def stateful_key_counter(seed: int, seed2: int) -> tuple[int, int]:
    """The Philox key and first counter of a stateful kernel with attributes seed, seed2."""
    return seed & MASK64, (seed2 & MASK64) << 64


_SCRAMBLE_KEY = 0x02461E293EC8F720


def stateless_key_counter(seed) -> tuple[int, int]:
    """The Philox key and counter a stateless op derives from its seed pair: one Philox block
    of the pair under a fixed key gives the key (words 0-1) and the counter's upper half."""
    seed0, seed1 = (int(s) for s in seed)
    block = philox_words(_SCRAMBLE_KEY, (seed0 & MASK64) | ((seed1 & MASK64) << 64), 1)
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


def float_dtype(dtype) -> np.dtype:
    dtype = np.dtype(dtype)
    if dtype not in (np.float32, np.float64):
        raise ValueError(f"random floats are float32 or float64 here, not {dtype.name}")
    return dtype


def kernel_uniform(key, counter, size, dtype) -> np.ndarray:
    if dtype == np.float32:
        return _unit_float32(blocks(key, counter, -(-size // 4)).reshape(-1)[:size])
    words = blocks(key, counter, -(-size // 2))
    out = np.empty((words.shape[0], 2))
    out[:, 0] = _unit_float64(words[:, 0], words[:, 1])
    out[:, 1] = _unit_float64(words[:, 2], words[:, 3])
    return out.reshape(-1)[:size]


_FEW_VALUES = 48     # up to this many normal values, Python beats NumPy's fixed cost


def kernel_normal(key, counter, size, dtype) -> np.ndarray:
    if size <= _FEW_VALUES:
        if dtype == np.float32:     # only the pairs the output needs
            words = philox_words(key, counter, -(-size // 4))[:2 * (-(-size // 2))]
        else:
            words = philox_words(key, counter, -(-size // 2))
        return np.array(_normals_few(words, dtype)[:size], dtype=dtype)
    words = blocks(key, counter, -(-size // (4 if dtype == np.float32 else 2)))
    return _normals(words, dtype).reshape(-1)[:size]


def kernel_truncated_normal(key, counter, size, dtype) -> np.ndarray:
    """Normal draws with |x| >= 2 rejected. Group g (4 float32 or 2 float64) starts 256
    counters per element of the groups before it further along and reads words one by one
    (a Box-Muller pair each, first value first) until it holds a whole group."""
    group = 4 if dtype == np.float32 else 2
    stride = group * RESERVED_COUNTERS_PER_ELEMENT // 4
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
            words = philox_words(key, counter + (start // group) * stride + block, 1)
            found += [c for c in _normals_few(words, dtype) if abs(c) < 2.0]
            block += 1
        values += found[:group]
    return values[:size]


def kernel_uniform_int(key, counter, size, minval: int, maxval: int, dtype) -> np.ndarray:
    if dtype == np.int32:
        # in place, in uint32: minval + offset lies in [minval, maxval), so the sum modulo 2**32
        # read as int32 is the value (no int64 copies of a large draw)
        words = blocks(key, counter, -(-size // 4)).reshape(-1)[:size]
        np.remainder(words, np.uint32((maxval - minval) & 0xFFFFFFFF), out=words)
        np.add(words, np.uint32(minval & 0xFFFFFFFF), out=words)
        return words.view(np.int32)
    words = blocks(key, counter, -(-size // 2))
    bits = np.empty((words.shape[0], 2), dtype=np.uint64)
    bits[:, 0] = words[:, 0] | (words[:, 1].astype(np.uint64) << _SHIFT32)
    bits[:, 1] = words[:, 2] | (words[:, 3].astype(np.uint64) << _SHIFT32)
    offsets = bits.reshape(-1)[:size] % np.uint64((maxval - minval) & MASK64)
    return (offsets + np.uint64(minval & MASK64)).view(np.int64)


def kernel_uniform_full_int(key, counter, size, dtype) -> np.ndarray:
    """UniformFullIntDistribution: each 32-bit word an int32, or two words (low first) an int64."""
    if dtype == np.int32:
        return blocks(key, counter, -(-size // 4)).reshape(-1)[:size].view(np.int32)
    words = blocks(key, counter, -(-size // 2)).reshape(-1, 2).astype(np.uint64)
    return (words[:, 0] | (words[:, 1] << _SHIFT32))[:size].view(np.int64)


def size_of(shape) -> tuple[tuple[int, ...], int]:
    dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dims = tuple(int(d) for d in dims)
    if any(d < 0 for d in dims):
        raise ValueError(f"a random tensor's dimensions are >= 0, got {list(dims)}")
    return dims, math.prod(dims)


def scale_shift(draws, dtype, scale, shift):
    """`draws * scale + shift` in the output dtype, as TF's ops after the kernel."""
    kind = dtype.type
    return draws * kind(scale) + kind(shift)


def uniform_range(draws, dtype, minval, maxval):
    """What `tf.random.uniform` does with the kernel's [0, 1) floats: nothing for the int
    bounds 0 and 1, a product for the int lower bound 0, otherwise `x * (max - min) + min`."""
    kind = dtype.type
    minval_is_zero = isinstance(minval, int) and not isinstance(minval, bool) and minval == 0
    maxval_is_one = isinstance(maxval, int) and not isinstance(maxval, bool) and maxval == 1
    if minval_is_zero:
        return draws if maxval_is_one else draws * kind(maxval)
    return draws * (kind(maxval) - kind(minval)) + kind(minval)
