"""Special functions on float64 arrays, without SciPy: erf, erfc and lgamma from
Python's math module, element by element; digamma and polygamma by recurrence and
their asymptotic series (about 1e-15 relative)."""
from __future__ import annotations

import math

import numpy as np


def _elementwise(fn, at_pole):
    """A math-module function on arrays; a domain error (a pole) gives `at_pole`."""
    def safe(x):
        try:
            return fn(x)
        except ValueError:
            return at_pole
        except OverflowError:
            return math.inf

    vectorized = np.vectorize(safe, otypes=[np.float64])

    def forward(x):
        return np.asarray(vectorized(np.asarray(x, dtype=np.float64)), dtype=np.float64)
    return forward


erf = _elementwise(math.erf, math.nan)
erfc = _elementwise(math.erfc, math.nan)
lgamma = _elementwise(math.lgamma, math.inf)   # log|Gamma(x)|; +inf at 0, -1, -2, ... (as TensorFlow)

# Bernoulli numbers B2, B4, ..., B20
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510, 43867 / 798,
              -174611 / 330)
_MAX_SHIFTS = 100_000


def polygamma(n, x):
    """The n-th derivative of digamma (n = 0: digamma itself), n a whole number >= 0.
    Poles (x = 0, -1, -2, ...) give NaN."""
    n_arr, x = np.broadcast_arrays(np.asarray(n, dtype=np.float64), np.asarray(x, dtype=np.float64))
    out = np.full(x.shape, np.nan)
    for order in np.unique(n_arr[np.isfinite(n_arr)]):
        if order < 0 or order != int(order):
            continue        # TensorFlow: NaN for an order that is not a whole number >= 0
        picked = n_arr == order
        out[picked] = _polygamma(int(order), x[picked])
    return out


def _polygamma(n, x):
    with np.errstate(all="ignore"):
        pole = (x <= 0) & (x == np.floor(x))
        z = np.where(pole, 1.0, x)
        extra = np.zeros_like(z)
        if n <= 1:   # reflection for negative x: digamma and trigamma
            negative = z < 0
            if n == 0:   # psi(x) = psi(1 - x) - pi / tan(pi x)
                extra = np.where(negative, -np.pi / np.tan(np.pi * z), 0.0)
            else:        # psi1(x) = -psi1(1 - x) + pi^2 / sin^2(pi x)
                extra = np.where(negative, (np.pi / np.sin(np.pi * z)) ** 2, 0.0)
            sign = np.where(negative, -1.0 if n == 1 else 1.0, 1.0)
            z = np.where(negative, 1 - z, z)
        else:
            sign = np.ones_like(z)
        # recurrence up to z >= `low`: psi_n(z) = psi_n(z + 1) + (-1)^(n+1) n! / z^(n+1)
        low = 10.0 + 2 * n
        factorial = math.factorial(n)
        coefficient = (-1) ** (n + 1) * factorial
        finite = np.isfinite(z)
        shifts = int(np.ceil(np.max(low - z[finite], initial=0.0)))
        if shifts > _MAX_SHIFTS:
            far = finite & (z < low - _MAX_SHIFTS)
            z = np.where(far, np.nan, z)   # (only for n >= 2 and x below -100,000)
            shifts = _MAX_SHIFTS
        acc = np.zeros_like(z)
        for _ in range(shifts):
            small = z < low
            if not small.any():
                break
            acc = acc + np.where(small, coefficient / z ** (n + 1), 0.0)
            z = np.where(small, z + 1.0, z)
        # asymptotic series at z >= low
        if n == 0:
            series = np.log(z) - 0.5 / z
            power = z * z
            term_power = power.copy()
            for k, b in enumerate(_BERNOULLI, start=1):
                series = series - b / (2 * k * term_power)
                term_power = term_power * power
        else:
            series = math.factorial(n - 1) / z ** n + factorial / (2 * z ** (n + 1))
            for k, b in enumerate(_BERNOULLI, start=1):
                series = series + b * math.factorial(2 * k + n - 1) / math.factorial(2 * k) / z ** (2 * k + n)
            series = (-1) ** (n + 1) * series
        value = sign * (series + acc) + extra
        return np.where(pole | np.isnan(x), np.nan, value)


def _inverse_erfc_below_one(q):
    """z >= 0 with erfc(z) = q, for q in (0, 1] (float64 arrays): Winitzki's closed form as the
    start, then Newton steps on erfc itself, each scaled in logs so a tiny q (z up to about 27)
    neither overflows exp(z^2) nor loses the digits 1 - q would."""
    a = 0.147
    with np.errstate(all="ignore"):
        log_term = np.log(q) + np.log(2.0 - q)            # log(1 - x^2) for x = 1 - q
        first = 2 / (math.pi * a) + log_term / 2
        z = np.sqrt(np.maximum(np.sqrt(first * first - log_term / a) - first, 0.0))
        for _ in range(6):
            # Newton: z += (erfc(z) - q) / (2 / sqrt(pi) exp(-z^2)), the factor q exp(z^2) taken in logs
            ratio = erfc(z) / q - 1.0
            z = z + ratio * np.exp(np.log(q) + z * z) * (math.sqrt(math.pi) / 2)
    return z


def erfinv(x):
    """TensorFlow's erfinv: ndtri(x / 2 + 1 / 2) / sqrt(2), so +-inf at +-1 and NaN outside
    [-1, 1], and near +-1 the digits the sum x / 2 + 1 / 2 keeps (TensorFlow's own)."""
    x = np.asarray(x, dtype=np.float64)
    return ndtri(0.5 * x + 0.5) * math.sqrt(0.5)


def erfinv_float32(x):
    """TensorFlow's float32 kernel: the same steps, the sum rounded to float32 (its digits
    near +-1 are the rounded sum's), then the product."""
    p = np.float32(0.5) * x.astype(np.float32) + np.float32(0.5)
    return (ndtri(p).astype(np.float32) * np.float32(math.sqrt(0.5))).astype(np.float32)


def ndtri(p):
    """The standard normal's quantile function on [0, 1]: -sqrt(2) erfcinv(2p) (2(1 - p) past
    one half, so neither tail loses digits); +-inf at 1 and 0, NaN outside."""
    p = np.asarray(p, dtype=np.float64)
    with np.errstate(all="ignore"):
        upper = p > 0.5
        q = np.where(upper, 2.0 * (1.0 - p), 2.0 * p)
        inside = (q > 0) & (q <= 1)
        z = _inverse_erfc_below_one(np.where(inside, q, 1.0)) * math.sqrt(2)
        out = np.where(upper, z, 0.0 - z)
    out = np.where(p == 0, -np.inf, np.where(p == 1, np.inf, out))
    return np.where((p < 0) | (p > 1) | np.isnan(p), np.nan, out)


def ndtri_float32(p):
    """TensorFlow's float32 kernel reads a denormal input as 0 (its quantile is -inf)."""
    p = p.astype(np.float32)
    p = np.where(np.abs(p) < np.float32(1.17549435e-38), np.float32(0), p)
    return ndtri(p).astype(np.float32)
