"""TensorFlow's float32 CPU kernels where they are not the correctly rounded value.

TensorFlow 2.21's CPU kernels for float32 tanh, sigmoid, exp, log, log1p, expm1, softplus, sin
and cos are Eigen's vectorised approximations (polynomials and rational functions evaluated in
float32), not the float64 value rounded once, which is what the engine's float64 forward
followed by `round_float32` gives: they differ in the last bit or two for a third to a half
of all inputs, and a training loop carries those bits into the printed digits. Each
function here is the kernel re-done in NumPy float32, operation for operation, checked bit
for bit against stored outputs of the real kernels (tests/ops/test_float32_kernels.py, its
fixture made by tests/ops/make_float32_kernels.py under real TensorFlow).

How the kernels compute, as measured:
- The wheel's Eigen is built for AVX without FMA: a multiply-add `a * b + c` rounds twice.
- A tensor's elements go through the vectorised code 8 at a time (one AVX register), in
  row-major order; the last `size % 8` elements go through Eigen's scalar code, which for
  exp, log, log1p, expm1, sin and cos calls the C library (so does softplus, built from exp and
  log1p; sigmoid's scalar code is the C library's exp and a float32 division). The C
  library's functions are close to correctly rounded (90-99% of inputs, see the tests);
  here they are the float64 value rounded, except sin and cos: glibc's sinf / cosf re-done
  (the C library of the Linux builds).
- TensorFlow's threads flush denormal results to zero and read denormal inputs as zero
  (FTZ/DAZ) in the vectorised code.

Each elementwise kernel takes a float32 array (any shape, 0-d too) and returns a new float32
array of its shape; no warnings (overflow to inf is the kernels' answer too). `reduce_sum` and
`reduce_mean` add in the order of TensorFlow's reduction kernel (Eigen's reducers).
"""
from __future__ import annotations

import numpy as np

F32 = np.float32
_F32 = np.dtype(np.float32)
PACKET = 8                                 # floats per AVX register
_TINY = F32(1.17549435e-38)                # the smallest normal float32
_LN2 = F32(0.693147180559945309)


# ---------------------------------------------------------------- Eigen's building blocks

def _madd(a, b, c):
    """Eigen's pmadd without FMA: the product rounded, then the sum rounded."""
    return a * b + c


def _min(a, b):
    """std::min(a, b) as AVX's min gives it: a when either is NaN."""
    return np.where(b < a, b, a)


def _max(a, b):
    """std::max(a, b) as AVX's max gives it: a when either is NaN."""
    return np.where(a < b, b, a)


def _polevl(x, coeffs):
    """Horner's rule from the highest coefficient, each step a pmadd."""
    r = np.full_like(x, coeffs[0])
    for c in coeffs[1:]:
        r = _madd(r, x, c)
    return r


def _coeffs(*values):
    # (each literal is a float32 number written in full: rounding it through float64 cannot
    # differ from the C compiler rounding the decimal; test_float32_kernels checks them)
    return tuple(F32(v) for v in values)


def _flush(a):
    """Denormals to (signed) zero: FTZ on results, DAZ on inputs."""
    return np.where(np.abs(a) < _TINY, a * F32(0), a)


def _ldexp_fast(a, m):
    """a * 2**m with 2**m made from the biased exponent clamped to [0, 255]."""
    e = np.clip(m + F32(127), F32(0), F32(255)).astype(np.int32)
    return a * (e << 23).view(_F32)


def _ldexp(a, m):
    """a * 2**m in four factors (no intermediate overflow): Eigen's pldexp."""
    e = np.clip(m, F32(-278), F32(278)).astype(np.int32)
    b = e >> 2
    c = ((b + 127) << 23).view(_F32)
    out = a * c * c * c
    c = ((e - 3 * b + 127) << 23).view(_F32)
    return out * c


def _frexp(a):
    """(mantissa in [0.5, 1), exponent as a float), zero, inf and nan kept with exponent 0."""
    biased = (np.abs(a).view(np.int32) >> 23).astype(_F32)
    special = (a == 0) | (biased == 255)
    bits = (a.view(np.uint32) & np.uint32(0x807FFFFF)) | np.uint32(0x3F000000)
    return np.where(special, a, bits.view(_F32)), np.where(special, F32(0), biased - F32(126))


# ---------------------------------------------------------------- the vectorised kernels

_TANH_P = _coeffs(1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1)
_TANH_Q = _coeffs(8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1, 1.0)
_TANH_CLAMP = F32(7.90738964080810547)     # (without FMA: where the rational function reaches 1)


def _tanh(x):
    """A [9/8] rational function of x clamped to +-7.907 (Eigen's ptanh_float); Eigen's
    scalar code is the same function."""
    x = _max(_min(x, _TANH_CLAMP), -_TANH_CLAMP)
    x2 = x * x
    p = _madd(x2 * x, _polevl(x2, _TANH_P), x)
    return p / _polevl(x2, _TANH_Q)


_EXP_P = _coeffs(1.37449637986719608306884765625e-3, 4.166965186595916748046875e-2,
                 8.36894474923610687255859375e-3, 0.16666518151760101318359375, 0.49999988079071044921875)
_LOG2E = F32(1.44269504088896341)
_C1, _C2 = F32(-0.693359375), F32(2.12194440e-4)     # -ln 2 in two parts (Cody and Waite)


def _exp(x_in):
    """exp(x) = 2**m * exp(r), r = x - m ln 2, exp(r) a degree-6 polynomial (Eigen's pexp_float)."""
    zero = x_in < F32(-104)
    x = _min(x_in, F32(88.723))
    m = np.floor(_madd(x, _LOG2E, F32(0.5)))
    r = _madd(m, _C2, _madd(m, _C1, x))
    r2 = r * r
    p6, p4, p5, p3, p2 = _EXP_P
    even = _madd(r2, _madd(r2, p6, p4), p2)
    odd = _madd(r2, p5, p3)
    y = _madd(r2, _madd(r, odd, even), r + F32(1))
    return np.where(zero, F32(0), _max(_ldexp(y, m), x_in))


_LOG_P = _coeffs(0.18256296349849254, 1.0000000190281063, 1.0000000190281136)
_LOG_Q = _coeffs(0.049616247954120038, 0.59923249590823520, 1.4999999999999927, 1.0)


def _log(x_in):
    """log(2**e * m) = e ln 2 + log(m), m in [sqrt(1/2), sqrt(2)), log(1 + t) a [3/3]
    rational function (Eigen's plog_float)."""
    m, e = _frexp(x_in)
    small = m < F32(0.707106781186547524)
    t = (m - F32(1)) + np.where(small, m, F32(0))
    e = e - np.where(small, F32(1), F32(0))
    t = (t * _polevl(t, _LOG_P)) / _polevl(t, _LOG_Q)
    y = _madd(e, _LN2, t)
    y = np.where(x_in == np.inf, F32(np.inf), y)
    y = np.where(x_in >= 0, y, F32(np.nan))
    return np.where(x_in == 0, F32(-np.inf), y)


def _log1p(x):
    """Kahan's log1p from log: x * log(1 + x) / ((1 + x) - 1)."""
    xp1 = x + F32(1)
    log1 = _log(xp1)
    keep = (xp1 == F32(1)) | (xp1 == log1)        # (tiny x, and 1 + x = inf)
    return np.where(keep, x, x * (log1 / (xp1 - F32(1))))


def _expm1(x):
    """Kahan's expm1 from exp and log: (u - 1) * x / log(u), u = exp(x)."""
    u = _exp(x)
    um1 = u - F32(1)
    logu = _log(u)
    y = np.where(logu == u, u, um1 * (x / logu))  # (log(u) = u: u is inf)
    return np.where(u == F32(1), x, np.where(um1 == F32(-1), F32(-1), y))


_SIG_P = _coeffs(8.33471305668354034423828125e-3, 0.16666877269744873046875,
                 4.1898667812347412109375e-2, 0.49999141693115234375)
_SIG_HI = F32(16.6355324)                  # where exp(x) / (1 + exp(x)) first rounds to 1


def _sigmoid(x_in):
    """exp(x) / (1 + exp(x)), exp(x) as exp(x/2)**2 with its own degree-5 polynomial
    (Eigen's scalar_logistic_op<float>)."""
    zero = x_in < F32(-104)
    x = _min(x_in, _SIG_HI) * F32(0.5)
    m = np.floor(_madd(x, _LOG2E, F32(0.5)))
    r = _madd(m, _C2, _madd(m, _C1, x))
    r2 = r * r
    p5, p3, p4, p2 = _SIG_P
    p = _madd(r2, _madd(r, _madd(r2, p5, p3), _madd(r2, p4, p2)), r + F32(1))
    e = _ldexp_fast(p, m)
    e = e * e
    return np.where(zero, F32(0), e / (F32(1) + e))


# log(float32 epsilon) + 2, as TensorFlow's softplus computes its threshold (in float32)
_SOFTPLUS_T = F32(np.log(F32(np.finfo(np.float32).eps))) + F32(2)


def _softplus_with(exp, log1p):
    def softplus(x):
        """TensorFlow's softplus: x above -t, exp(x) below t, else log1p(exp(x)) (t = log(eps) + 2)."""
        e = exp(x)
        return np.where(x > -_SOFTPLUS_T, x, np.where(x < _SOFTPLUS_T, e, log1p(e)))
    return softplus


# 2/pi in fixed point, 8 bits apart (the reduction of huge arguments reads three words)
_TWO_OVER_PI = np.array([
    0x00000028, 0x000028be, 0x0028be60, 0x28be60db, 0xbe60db93, 0x60db9391, 0xdb939105, 0x9391054a,
    0x91054a7f, 0x054a7f09, 0x4a7f09d5, 0x7f09d5f4, 0x09d5f47d, 0xd5f47d4d, 0xf47d4d37, 0x7d4d3770,
    0x4d377036, 0x377036d8, 0x7036d8a5, 0x36d8a566, 0xd8a5664f, 0xa5664f10, 0x664f10e4, 0x4f10e410,
    0x10e41000, 0xe4100000], dtype=np.uint64)
_U = np.uint64


def _reduce_huge(x):
    """(r, quadrant) with x = quadrant * pi/2 + r for finite positive x: x times 2/pi in 2.62
    fixed point (Payne and Hanek), the remainder times pi/2 in double (Eigen's trig_reduce_huge)."""
    xi = x.view(np.uint32).astype(_U)
    e = (xi >> _U(23)) - _U(118)
    m = (((xi & _U(0x007FFFFF)) | _U(0x00800000)) << (e & _U(7))) & _U(0xFFFFFFFF)
    i = (e >> _U(3)).astype(np.int64)
    p = m * _TWO_OVER_PI[i + 7]
    p = m * _TWO_OVER_PI[i + 3] + (p >> _U(32))
    p = (((m * _TWO_OVER_PI[i - 1]) & _U(0xFFFFFFFF)) << _U(32)) + p     # (mod 2**64, as uint64_t)
    q = (p + (_U(1) << _U(61))) >> _U(62)
    p = p - (q << _U(62))
    return (p.view(np.int64).astype(np.float64) * 3.4061215800865545e-19).astype(_F32), q.astype(np.int32)


_COS_P = _coeffs(2.4372266125283204019069671630859375e-05, -0.00138865201734006404876708984375,
                 0.041666619479656219482421875, -0.5, 1.0)
_SIN_P = _coeffs(-0.0001959234114083702898469196984621021329076029360294342041015625,
                 0.0083326873655616851693794799871284340042620897293090820312500000,
                 -0.1666666203982298255503735617821803316473960876464843750000000000)
# pi/2 in four parts, for the reduction without FMA
_PIO2 = _coeffs(-1.5703125, -0.000483989715576171875, 1.62865035235881805419921875e-07,
                5.5644315544167710640977020375430583953857421875e-11)


def _sincos(sine):
    huge_from = F32(25966.0) if sine else F32(18838.0)    # (where the four-part reduction stops being 2 ulp)

    def kernel(x_in):
        """x reduced by the nearest multiple of pi/2 (in four parts; a huge |x| exactly, for
        every element of a register that holds one), then the sin or cos polynomial by the
        quadrant, and the sign (Eigen's psincos_float)."""
        x = np.abs(x_in)
        y_round = x * F32(0.636619746685028076171875) + F32(12582912)      # (+2**23 rounds to an integer)
        quadrant = y_round.view(np.int32)
        y = y_round - F32(12582912)
        for part in _PIO2:
            x = _madd(y, part, x)
        huge = np.abs(x_in) >= huge_from
        if huge.any():
            packets = np.repeat(huge.reshape(-1, PACKET).any(axis=1), PACKET).reshape(huge.shape) \
                if huge.size % PACKET == 0 else huge
            exact = packets & huge & np.isfinite(x_in)
            x, quadrant = x.copy(), quadrant.copy()
            x[exact], quadrant[exact] = _reduce_huge(np.abs(x_in[exact]))
        if sine:
            sign = x_in.view(np.int32) ^ (quadrant << 30)
        else:
            sign = (quadrant + 1) << 30
        x2 = x * x
        cos_poly = _polevl(x2, _COS_P)
        sin_poly = _madd(_polevl(x2, _SIN_P) * x2, x, x)
        even = (quadrant & 1) == 0
        y = np.where(even, sin_poly, cos_poly) if sine else np.where(even, cos_poly, sin_poly)
        return (y.view(np.int32) ^ (sign & np.int32(-2 ** 31))).view(_F32)
    return kernel


# ---------------------------------------------------------------- sums (Eigen's orders)

def _inner_sums(rows):
    """The sum of each row of a C-contiguous (R, n) float32 array in the order of Eigen's
    innermost-dimension reducer: from 32 elements on, four registers of 8 summed along the row
    (then added into the first in turn), the rest of the whole registers into the first, its 8
    lanes added pairwise (lane k with k + 4, then 0 with 2 and 1 with 3, then the two); the
    last n % 8 elements summed one by one from 0, and that sum plus the lanes' sum."""
    count, n = rows.shape
    whole = n - n % PACKET
    lanes = None
    start = 0
    if n >= 4 * PACKET:
        start = n - n % (4 * PACKET)
        four = np.add.reduce(rows[:, :start].reshape(count, -1, 4 * PACKET), axis=1)   # (in order along the row)
        lanes = ((four[:, :PACKET] + four[:, PACKET:2 * PACKET]) + four[:, 2 * PACKET:3 * PACKET]) + four[:, 3 * PACKET:]
    for j in range(start, whole, PACKET):
        lanes = rows[:, j:j + PACKET] if lanes is None else lanes + rows[:, j:j + PACKET]
    total = _ZERO32
    for j in range(whole, n):
        total = total + rows[:, j]
    if lanes is not None:
        half = lanes[:, :4] + lanes[:, 4:]
        quarter = half[:, :2] + half[:, 2:]
        total = total + (quarter[:, 0] + quarter[:, 1])
    return total


def _short_row_sum(n):
    """_inner_sums of one row of n < 32 elements, on the flat array (fewer NumPy calls)."""
    whole = n - n % PACKET

    def row_sum(flat):
        total = _add_reduce(flat[whole:]) if whole < n else _ZERO32    # (under 8: one by one, from the first)
        if whole:
            lanes = flat[:PACKET]
            for j in range(PACKET, whole, PACKET):
                lanes = lanes + flat[j:j + PACKET]
            half = lanes[:4] + lanes[4:]
            quarter = half[:2] + half[2:]
            total = total + (quarter[0] + quarter[1])
        return total
    return row_sum


_ZERO32 = F32(0)
_add_reduce = np.add.reduce
_SUM_PLANS: dict = {}      # (shape, axes, keepdims) -> the function of the flat or shaped array


def reduce_sum(x, axes, keepdims):
    """TensorFlow's float32 sum over `axes` (the order of its kernel's additions)."""
    if type(x) is not np.ndarray or x.dtype is not _F32:
        x = np.asarray(x, dtype=_F32)
    key = (x.shape, axes, keepdims)
    plan = _SUM_PLANS.get(key)
    if plan is None:
        plan = _sum_plan(x.shape, axes, keepdims)
        if len(_SUM_PLANS) < 1024:
            _SUM_PLANS[key] = plan
    return plan(x)


def _sum_plan(shape, axes, keepdims):
    """As TensorFlow's reduction kernel does: dimensions of size 1 dropped, adjacent kept or
    reduced ones merged; then Eigen's innermost reducer on rows (the reduced dimensions
    last), a sum down the columns row after row (reduced first), the middle one reduced
    element by element, the first and last reduced with the last as the outer loop; more
    groups are transposed to the kept ones first."""
    out_shape = tuple(1 if a in axes else d for a, d in enumerate(shape)) if keepdims else \
        tuple(d for a, d in enumerate(shape) if a not in axes)
    size = int(np.prod(shape))
    if size == 0 or not axes:
        return lambda x: _add_reduce(x, axes, None, None, keepdims)
    groups: list = []      # [size, reduced] of the merged dimensions
    for a, d in enumerate(shape):
        if d == 1:
            continue
        if groups and groups[-1][1] == (a in axes):
            groups[-1][0] *= d
        else:
            groups.append([d, a in axes])
    kinds = tuple(reduced for _, reduced in groups)
    sizes = [d for d, _ in groups]
    if kinds in ((True,), ()) and size < 4 * PACKET:
        row_sum = _short_row_sum(size)
        if out_shape == ():
            return lambda x: row_sum(x.reshape(-1))
        return lambda x: np.asarray(row_sum(x.reshape(-1))).reshape(out_shape)
    if True not in kinds:
        reduce = np.copy
    elif kinds == (True,):
        def reduce(y):
            return _inner_sums(y.reshape(1, -1))
    elif kinds == (False, True):
        reduce = _inner_sums
    elif kinds == (True, False):
        def reduce(y):
            return _add_reduce(y, 0)               # (row by row)
    elif kinds == (False, True, False):
        def reduce(y):
            return _add_reduce(y, 1)
    elif kinds == (True, False, True):
        def reduce(y):
            return _add_reduce(np.ascontiguousarray(y.transpose(2, 0, 1)).reshape(-1, sizes[1]), 0)
    else:
        kept = [k for k, r in enumerate(kinds) if not r]
        order = kept + [k for k, r in enumerate(kinds) if r]
        rows = int(np.prod([sizes[k] for k in kept]))

        def reduce(y):
            return _inner_sums(np.ascontiguousarray(y.transpose(order)).reshape(rows, -1))
    if out_shape == ():
        return lambda x: F32(reduce(np.ascontiguousarray(x).reshape(sizes))[0])
    return lambda x: np.asarray(reduce(np.ascontiguousarray(x).reshape(sizes)), dtype=_F32).reshape(out_shape)


def reduce_mean(x, axes, keepdims):
    """The float32 sum divided by the count in float32, as TensorFlow's mean."""
    count = 1
    shape = np.shape(x)
    for a in axes:
        count *= shape[a]
    if count == 0:
        raise ValueError("cannot reduce an empty axis")
    total = reduce_sum(x, axes, keepdims)
    return total / F32(count)


def reduce_logsumexp(x, axes, keepdims):
    """TensorFlow's reduce_logsumexp of float32 tensors, the ops it is made of: log(the sum of
    exp(x - m)) + m, m the max where it is finite (else 0)."""
    x = np.asarray(x, dtype=_F32)
    if any(x.shape[a] == 0 for a in axes):
        raise ValueError("cannot reduce an empty axis")
    top = np.max(x, axis=axes, keepdims=True)
    top = np.where(np.isfinite(top), top, F32(0))
    total = log(np.asarray(reduce_sum(exp(x - top), axes, keepdims), dtype=_F32))
    return total + (top if keepdims else top.reshape(total.shape))


# ---------------------------------------------------------------- matmul

SEQUENTIAL_K = 384     # the longest inner dimension measured to be summed in order (512 is blocked)


def matmul(a, b):
    """TensorFlow's float32 MatMul of two matrices on a CPU with fused multiply-adds, as
    measured: oneDNN's kernel sums each entry's products in order along the inner dimension,
    one fused multiply-add at a time (up to SEQUENTIAL_K; longer ones are blocked); a matrix
    of several rows times a column goes through Eigen's kernel instead: up to 4 long, each
    product rounded, then added in order. Batches, longer columns and longer inner dimensions:
    NumPy's float32 product (BLAS), whose order is not TensorFlow's."""
    if type(a) is not np.ndarray or a.dtype is not _F32:
        a = np.asarray(a, dtype=_F32)
    if type(b) is not np.ndarray or b.dtype is not _F32:
        b = np.asarray(b, dtype=_F32)
    if a.ndim != 2 or b.ndim != 2:
        return np.matmul(a, b)
    rows, inner = a.shape
    if b.shape[1] == 1 and rows > 1:          # (a matrix times a column: Eigen's kernel)
        if inner <= 4:     # (under 8 products NumPy adds in order, here from 0 as Eigen's sum starts)
            return _add_reduce(a * b.reshape(-1), 1, None, None, True, _ZERO32)
        return np.matmul(a, b)        # (its order for longer columns is not known here)
    if inner > SEQUENTIAL_K:
        return np.matmul(a, b)
    wide_a, wide_b = a.astype(np.float64), b.astype(np.float64)
    total = np.zeros((a.shape[0], b.shape[1]), dtype=np.float64)
    for k in range(inner):
        # (a float32 product is exact in double: one rounding to float32 after the add, as the
        # fused multiply-add does but for ties of the double rounding, rarer than 1 in 10**8)
        total = (wide_a[:, k:k + 1] * wide_b[k:k + 1, :] + total).astype(_F32).astype(np.float64)
    return total.astype(_F32)


# ---------------------------------------------------------------- softmax and its cross-entropy

def _class_rows(x, axis):
    """x with `axis` swapped to the last place (as TensorFlow's softmax transposes it), as
    C-contiguous rows of classes, and the function that puts a result back."""
    swapped = np.swapaxes(x, axis, -1) if axis != x.ndim - 1 else x
    rows = np.ascontiguousarray(swapped, dtype=_F32).reshape(-1, swapped.shape[-1])

    def back(out):
        out = out.reshape(swapped.shape)
        return np.swapaxes(out, axis, -1) if axis != x.ndim - 1 else out
    return rows, back


def _exp_in_rows(rows):
    """exp of each row as a reducer reads it inside a sum: registers of 8 from each row's
    start, the row's last n % 8 through the scalar code."""
    n = rows.shape[1]
    whole = n - n % PACKET
    out = np.empty_like(rows)
    with np.errstate(all="ignore"):
        if whole:
            out[:, :whole] = _flush(_exp(_flush(rows[:, :whole])))
        if whole < n:
            out[:, whole:] = _rounded(np.exp)(rows[:, whole:])
    return out


def softmax(x, axis):
    """TensorFlow's float32 softmax: exp(x - max) over the whole array, times 1 / its row sums."""
    rows, back = _class_rows(x, axis)
    e = exp(rows - rows.max(axis=1, keepdims=True))
    return back(e * (F32(1) / _inner_sums(e))[:, None])


def log_softmax(x, axis):
    """TensorFlow's float32 log-softmax: (x - max) - log(the row sums of its exp, each exp
    made as the sum reads it)."""
    rows, back = _class_rows(x, axis)
    shifted = rows - rows.max(axis=1, keepdims=True)
    return back(shifted - log(_inner_sums(_exp_in_rows(shifted)))[:, None])


def _xent_parts(labels, logits, axis):
    """The cross-entropy kernel's operands, the class axis moved last (as its Python wrapper
    moves it): (the moved shape, the labels' rows, x - max, the row sums of its exp as the
    kernel's sum reads them)."""
    logits = np.asarray(logits, dtype=_F32)
    moved = np.moveaxis(logits, axis, -1)
    rows = np.ascontiguousarray(moved).reshape(-1, moved.shape[-1])
    target = np.moveaxis(np.broadcast_to(np.asarray(labels, dtype=_F32), logits.shape), axis, -1)
    shifted = rows - rows.max(axis=1, keepdims=True)
    return moved.shape, np.ascontiguousarray(target).reshape(rows.shape), shifted, _inner_sums(_exp_in_rows(shifted))


def softmax_cross_entropy(labels, logits, axis):
    """TensorFlow's float32 softmax cross-entropy kernel's loss: the row sums of
    labels * (log(sum exp(x - max)) - (x - max))."""
    shape, target, shifted, totals = _xent_parts(labels, logits, axis)
    return _inner_sums(target * (log(totals)[:, None] - shifted)).reshape(shape[:-1])


def softmax_xent_backprop(labels, logits, axis):
    """The kernel's backprop: exp(x - max) over the whole array, divided by the row sums of
    exp as the loss's sum read them, minus the labels."""
    shape, target, shifted, totals = _xent_parts(labels, logits, axis)
    return np.moveaxis((exp(shifted) / totals[:, None] - target).reshape(shape), -1, axis)


# ---------------------------------------------------------------- Eigen's scalar code (a tensor's tail)

def _rounded(fn, flush=True):
    """The C library's function, taken as the float64 value rounded to float32; a denormal
    result flushed to zero (FTZ: the library computes in double, then converts) unless
    `flush` is False (log1p returns a tiny x itself)."""
    def scalar(x):
        value = fn(x.astype(np.float64)).astype(_F32)
        return _flush(value) if flush else value
    return scalar


# The C library's sinf and cosf (glibc 2.28 on: in double, a reduction by pi/2 and degree-6
# and -8 polynomials, each a + b * c a fused multiply-add on a CPU that has one)
_HEX = float.fromhex
_HPI_INV = _HEX("0x1.45F306DC9C883p+23")        # 2/pi * 2**24: the quadrant lands in bits 24-31
_HPI = _HEX("0x1.921FB54442D18p0")
_PI63 = _HEX("0x1.921FB54442D18p-62")
_C_POLY = [_HEX(h) for h in ("0x1p0", "-0x1.ffffffd0c621cp-2", "0x1.55553e1068f19p-5", "-0x1.6c087e89a359dp-10",
                             "0x1.99343027bf8c3p-16")]
_S_POLY = [_HEX(h) for h in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7", "-0x1.994eb3774cf24p-13")]
_INV_PIO4 = np.array([                          # 4/pi in fixed point, 8 bits apart
    0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529, 0x441529fc, 0x1529fc27,
    0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0, 0x34ddc0db, 0xddc0db62, 0xc0db6295,
    0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390, 0x3c439041], dtype=np.uint64)
_SPLIT = 134217729.0                            # 2**27 + 1 (Veltkamp's split of a double)


def _fma(a, b, c):
    """A fused multiply-add's a * b + c: the exact product as two doubles (Dekker), added to c
    with the sum's error (the once-rounded value but for rare double-rounding ties)."""
    p = a * b
    ca, cb = _SPLIT * a, _SPLIT * b
    ah, bh = ca - (ca - a), cb - (cb - b)
    al, bl = a - ah, b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    v = s - p
    return s + (((p - (s - v)) + (c - v)) + e)


def _libm_poly(x, x2, negate_cos, use_cos):
    sign = np.where(negate_cos, -1.0, 1.0)
    c0, c1, c2, c3, c4 = (sign * v for v in _C_POLY)
    x3 = x * x2
    sine = _fma(x3 * x2, _fma(x2, _S_POLY[2], _S_POLY[1]), _fma(x3, _S_POLY[0], x))
    x4 = x2 * x2
    cosine = _fma(x4 * x2, _fma(x2, c4, c3), _fma(x4, c2, _fma(x2, c1, c0)))
    return np.where(use_cos, cosine, sine)


def _libm_sincos(cosine):
    def scalar(y):
        """sinf / cosf of each element, as the C library computes them."""
        y = np.asarray(y, dtype=_F32)
        flat = y.reshape(-1)
        bits = flat.view(np.uint32).astype(np.int64)
        top = (bits >> 20) & 0x7FF                 # exponent and top of the mantissa, sign cleared
        x = flat.astype(np.float64)
        out = np.zeros(flat.shape, dtype=np.float64)
        with np.errstate(all="ignore"):
            small = top < 0x3F4                    # |y| < pi/4
            xs = x[small]
            out[small] = _libm_poly(xs, xs * xs, False, cosine)
            mid = ~small & (top < 0x42F)           # |y| < 120: one multiply-subtract
            xm = x[mid]
            n = (np.trunc(xm * _HPI_INV).astype(np.int64) + 0x800000) >> 24
            r = _fma(-n.astype(np.float64), _HPI, xm)
            out[mid] = _libm_poly(r * np.where((n & 3) % 3 == 0, 1.0, -1.0), r * r, (n & 2) != 0,
                                  ((n & 1) == 1) ^ cosine)
            large = (top >= 0x42F) & (top < 0x7F8)
            r, n = _libm_reduce_large(bits[large])
            k = n + ((bits[large] >> 31) & 1)      # (the input's sign folded into the quadrant)
            out[large] = _libm_poly(r * np.where((k & 3) % 3 == 0, 1.0, -1.0), r * r, (k & 2) != 0,
                                    ((n & 1) == 1) ^ cosine)
            result = out.astype(_F32)
            tiny = top < 0x398                     # |y| < 2**-12: y itself, or 1
            result[tiny] = F32(1) if cosine else flat[tiny]
            special = top >= 0x7F8
            result[special] = flat[special] - flat[special]
        return result.reshape(y.shape)
    return scalar


def _libm_reduce_large(bits):
    """(r, quadrant) of |y| >= 120 by pi/2: its mantissa times 4/pi in 2.62 fixed point."""
    u = _U
    base = ((bits >> 26) & 15).astype(np.int64)
    m = ((((bits & 0xFFFFFF) | 0x800000) << ((bits >> 23) & 7)) & 0xFFFFFFFF).astype(u)
    low = (m * _INV_PIO4[base]) & u(0xFFFFFFFF)          # (a product of two 32-bit words, kept to 32 bits)
    res = ((m * _INV_PIO4[base + 8]) >> u(32)) | (low << u(32))
    res = res + m * _INV_PIO4[base + 4]                  # (mod 2**64)
    n = (res + (u(1) << u(61))) >> u(62)
    res = res - (n << u(62))
    return res.view(np.int64).astype(np.float64) * _PI63, n.astype(np.int64)


def _log_scalar(x):
    # The C library's logf first scales a denormal by 2**23, which DAZ makes 0: it then gives
    # the logarithm of 2**-150 for every denormal input (as measured)
    return np.where((np.abs(x) < _TINY) & (x != 0), _LOG_DENORMAL, _rounded(np.log)(x))


_LOG_DENORMAL = F32(-150 * 0.693147180559945309)


def _sigmoid_scalar(x):
    e = _rounded(np.exp)(_min(x, _SIG_HI))
    return _flush(e / (F32(1) + e))


def _kernel(packet, scalar, keeps_denormals=False):
    """The kernel of a tensor: `packet` on the first elements, 8 at a time, `scalar` on the
    last size % 8 (row-major order). The vectorised part with FTZ/DAZ; `keeps_denormals`:
    a denormal input is its own result (expm1 selects x itself where exp(x) is 1)."""
    def kernel(x):
        x = np.asarray(x, dtype=_F32)
        flat = np.ascontiguousarray(x).reshape(-1)
        split = flat.size - flat.size % PACKET
        out = np.empty_like(flat)
        with np.errstate(all="ignore"):
            if split:
                head = flat[:split]
                out[:split] = _flush(packet(_flush(head)))
                if keeps_denormals:
                    out[:split] = np.where(np.abs(head) < _TINY, head, out[:split])
            if split < flat.size:
                out[split:] = scalar(flat[split:])
        return out.reshape(x.shape)
    return kernel


tanh = _kernel(_tanh, lambda x: _flush(_tanh(_flush(x))))
sigmoid = _kernel(_sigmoid, _sigmoid_scalar)
exp = _kernel(_exp, _rounded(np.exp))
log = _kernel(_log, _log_scalar)
log1p = _kernel(_log1p, _rounded(np.log1p, flush=False))
expm1 = _kernel(_expm1, _rounded(np.expm1), keeps_denormals=True)
softplus = _kernel(_softplus_with(_exp, _log1p), _softplus_with(_rounded(np.exp), _rounded(np.log1p)))
sin = _kernel(_sincos(True), _libm_sincos(False))
cos = _kernel(_sincos(False), _libm_sincos(True))
