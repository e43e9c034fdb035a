"""TensorFlow's float32 CPU kernels where they are not the correctly rounded value.

TensorFlow 2.21's CPU kernels for float32 tanh, sigmoid, exp, log, log1p, expm1 and softplus
are Eigen's vectorised approximations (polynomials and rational functions evaluated in
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
  exp, log, log1p and expm1 calls the C library (so does softplus, built from exp and
  log1p; sigmoid's scalar code is the C library's exp and a float32 division). The C
  library's functions are close to correctly rounded (90-99% of inputs, see the tests);
  here they are the float64 value rounded (the C library's own code is not reproduced).
- TensorFlow's threads flush denormal results to zero and read denormal inputs as zero
  (FTZ/DAZ) in the vectorised code.

Each kernel takes a float32 array (any shape, 0-d too) and returns a new float32 array of
its shape; no warnings (overflow to inf is the kernels' answer too).
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


# ---------------------------------------------------------------- Eigen's scalar code (a tensor's tail)

def _rounded(fn, flush=True):
    """The C library's function, taken as the float64 value rounded to float32; a denormal
    result flushed to zero (FTZ: the library computes in double, then converts) unless
    `flush` is False (log1p returns a tiny x itself)."""
    def scalar(x):
        value = fn(x.astype(np.float64)).astype(_F32)
        return _flush(value) if flush else value
    return scalar


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
