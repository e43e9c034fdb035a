"""TensorFlow's float32 CPU kernels re-done in NumPy (autograd_cli.ops.float32_kernels) against
real TensorFlow 2.21's outputs, stored bit for bit in data/float32_kernels.json by
make_float32_kernels.py (run under TensorFlow; these tests never import it)."""
from __future__ import annotations

import base64
import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.ops import OPS
from autograd_cli.ops import float32_kernels as k32

FIXTURE = json.loads((Path(__file__).parent / "data" / "float32_kernels.json").read_text())
CASES = FIXTURE["cases"]
NAMES = sorted(CASES)


def unpacked(text):
    return np.frombuffer(base64.b64decode(text), dtype="<u4").view("<f4").astype(np.float32)


def same_bits(a, b):
    """Elementwise: the same 32 bits, or both NaN (TensorFlow's NaN sign is not pinned down)."""
    return (a.view(np.uint32) == b.view(np.uint32)) | (np.isnan(a) & np.isnan(b))


def correctly_rounded(name, x):
    exact = {"sigmoid": lambda v: 1 / (1 + np.exp(-v)), "softplus": lambda v: np.logaddexp(0.0, v)}
    with np.errstate(all="ignore"):
        return exact.get(name, getattr(np, name, None))(x.astype(np.float64)).astype(np.float32)


def test_the_fixture_is_tensorflow_2_21_and_covers_every_kernel():
    assert FIXTURE["tf_version"] == "2.21.0"
    assert set(NAMES) == {"tanh", "sigmoid", "exp", "log", "log1p", "expm1", "softplus", "sin", "cos"}
    assert all(OPS[name].float32 is getattr(k32, name) for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_vectorised_kernel_gives_tensorflows_bits(name):
    x, theirs = unpacked(CASES[name]["vector_in"]), unpacked(CASES[name]["vector_out"])
    assert x.size % k32.PACKET == 0 and x.size >= 1024
    ours = getattr(k32, name)(x)
    assert ours.dtype == np.float32 and ours.shape == x.shape
    wrong = np.nonzero(~same_bits(ours, theirs))[0]
    assert wrong.size == 0, [(x[i], theirs[i], ours[i]) for i in wrong[:5]]
    # (and TensorFlow's bits are not the correctly rounded values: this could not pass with those)
    assert not same_bits(correctly_rounded(name, x), theirs).all()


@pytest.mark.parametrize("name", NAMES)
def test_the_kernel_of_a_shaped_tensor_is_the_flat_ones(name):
    x, theirs = unpacked(CASES[name]["vector_in"]), unpacked(CASES[name]["vector_out"])
    ours = getattr(k32, name)(x.reshape(8, -1).T)     # (a non-contiguous view: row-major order)
    assert same_bits(ours, theirs.reshape(8, -1).T).all()


# Eigen's scalar code (a tensor's last size % 8 elements): tanh is the vectorised function
# again; the others call the C library, here its correctly rounded value (measured on 70,000
# inputs by make_float32_kernels.py --measure: sigmoid 99.0% bit-equal, exp 99.0%, log 99.6%,
# log1p 93.5%, expm1 92.8%, softplus 95.7%; never more than 1 ulp apart). sin and cos are the C
# library's own algorithm (glibc's sinf / cosf), so every one.
SCALAR_AGREEMENT = {"tanh": 1.0, "sigmoid": 0.95, "exp": 0.95, "log": 0.95, "log1p": 0.85, "expm1": 0.85,
                    "softplus": 0.85, "sin": 1.0, "cos": 1.0}


@pytest.mark.parametrize("name", NAMES)
def test_the_scalar_code_of_a_one_element_tensor(name):
    x, theirs = unpacked(CASES[name]["scalar_in"]), unpacked(CASES[name]["scalar_out"])
    ours = np.array([getattr(k32, name)(np.float32(v)) for v in x], dtype=np.float32)
    assert getattr(k32, name)(np.float32(x[0])).shape == ()
    same = same_bits(ours, theirs)
    assert same.mean() >= SCALAR_AGREEMENT[name], [(x[i], theirs[i], ours[i]) for i in np.nonzero(~same)[0][:5]]
    finite = np.isfinite(theirs) & np.isfinite(ours)
    ulps = np.abs(ours[finite].view(np.int32).astype(np.int64) - theirs[finite].view(np.int32))
    assert ulps.max(initial=0) <= 1
    assert np.array_equal(np.isnan(ours), np.isnan(theirs))


def _glibc_function(name):
    import ctypes
    import ctypes.util
    import platform

    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc" or \
            tuple(int(v) for v in platform.libc_ver()[1].split(".")[:2]) < (2, 28):
        pytest.skip("the C library here is not glibc 2.28 or newer (its sinf / cosf are another algorithm)")
    fn = getattr(ctypes.CDLL(ctypes.util.find_library("m")), name)
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return fn


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_the_scalar_sin_and_cos_are_the_c_librarys(name):
    # the C library itself as the reference (TensorFlow's scalar code calls it): 6,000 inputs
    # over each of its three ranges, tiny ones and the specials
    fn = _glibc_function(name + "f")
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.uniform(-0.8, 0.8, 2000), rng.uniform(-120, 120, 2000),
                        np.exp(rng.uniform(-100, 88, 2000)) * rng.choice([-1, 1], 2000),
                        [0.0, -0.0, 1e-40, 2.0 ** -13, np.inf, -np.inf, np.nan, 120.0, 3.4e38]]).astype(np.float32)
    theirs = np.array([fn(float(v)) for v in x], dtype=np.float32)
    ours = np.concatenate([getattr(k32, name)(x[i:i + 5]) for i in range(0, x.size, 5)])    # (all scalar code)
    assert same_bits(ours, theirs).all(), [(x[i], theirs[i], ours[i]) for i in np.nonzero(~same_bits(ours, theirs))[0][:5]]
    assert not same_bits(correctly_rounded(name, x), theirs).all()


def test_a_tensor_of_thirteen_is_eight_vectorised_values_and_five_scalar_ones():
    x = unpacked(CASES["tanh"]["vector_in"])[:13]
    whole = k32.exp(x)
    assert same_bits(whole[:8], k32.exp(x[:16])[:8]).all()                  # the vectorised code
    assert same_bits(whole[8:], np.exp(x[8:].astype(np.float64)).astype(np.float32)).all()   # the scalar code


def test_each_coefficient_literal_rounds_to_one_float32():
    """A literal in the module is rounded through float64 (NumPy) where the C compiler rounds
    the decimal itself; the two agree for every literal there (no double-rounding case)."""
    source = Path(k32.__file__).read_text()
    literals = set(re.findall(r"(?<![\w.])(\d+\.\d+(?:e-?\d+)?)", source))
    assert len(literals) > 30
    for text in literals:
        via64 = np.float32(float(text))
        exact = Fraction(text)
        neighbours = (np.nextafter(via64, np.float32(-np.inf)), np.nextafter(via64, np.float32(np.inf)))
        assert all(abs(Fraction(float(n)) - exact) > abs(Fraction(float(via64)) - exact) for n in neighbours), text


# ---------------------------------------------------------------- sums and means

REDUCTIONS = FIXTURE["reductions"]


def _reduction_id(case):
    return f"{tuple(case['shape'])}-axes{case['axes']}"


@pytest.mark.parametrize("case", REDUCTIONS, ids=_reduction_id)
def test_a_float32_sum_and_mean_add_in_tensorflows_order(case):
    x = unpacked(case["in"]).reshape(case["shape"])
    axes = tuple(range(x.ndim)) if case["axes"] is None else tuple(sorted(a % x.ndim for a in case["axes"]))
    for kernel, key in ((k32.reduce_sum, "sum"), (k32.reduce_mean, "mean")):
        theirs = unpacked(case[key])
        ours = np.asarray(kernel(x, axes, False))
        assert ours.dtype == np.float32 and ours.size == theirs.size
        assert same_bits(ours.reshape(-1), theirs).all(), (key, ours.reshape(-1)[:4], theirs[:4])
        kept = np.asarray(kernel(x, axes, True))
        assert kept.shape == tuple(1 if a in axes else d for a, d in enumerate(x.shape))
        assert same_bits(kept.reshape(-1), theirs).all()


def test_tensorflows_float32_sums_are_not_numpys():
    # (so the test above can fail: NumPy's pairwise sums give other bits for most of these)
    differ = 0
    for case in REDUCTIONS:
        x = unpacked(case["in"]).reshape(case["shape"])
        axis = None if case["axes"] is None else tuple(case["axes"])
        differ += not same_bits(np.asarray(np.sum(x, axis=axis), np.float32).reshape(-1), unpacked(case["sum"])).all()
    assert differ >= 8


def test_a_long_sum_is_four_running_registers_then_the_rest():
    # hand-derived: 2**24 then 63 ones; float32s are 2 apart above 2**24, ties round to even.
    # Four registers run along the row: the first holds x[0:8] + x[32:40] (lane 0: 2**24 + 1,
    # rounded to 2**24; the other lanes 2), the others 2 in every lane. Added into the first in
    # turn, lane 0 is 2**24 + 6 (now exact), lanes 1-7 are 8. Lanes k and k + 4: 2**24 + 14, 16,
    # 16, 16; then (2**24 + 14 + 16) + (16 + 16) = 2**24 + 62.
    x = np.ones(64, np.float32)
    x[0] = 2.0 ** 24
    assert float(k32.reduce_sum(x, (0,), False)) == 2.0 ** 24 + 62
    assert float(np.sum(x)) == 2.0 ** 24 + 56        # (NumPy's pairwise order loses other ones)


# ---------------------------------------------------------------- softmax and friends

CLASSES = FIXTURE["classes"]


@pytest.mark.parametrize("case", CLASSES, ids=lambda c: f"{tuple(c['shape'])}-axis{c['axis']}")
def test_softmax_log_softmax_cross_entropy_its_backprop_and_logsumexp_are_tensorflows_kernels(case):
    x = unpacked(case["in"]).reshape(case["shape"])
    labels = unpacked(case["labels"]).reshape(case["shape"])
    axis = case["axis"] % x.ndim
    found = {"softmax": k32.softmax(x, axis), "log_softmax": k32.log_softmax(x, axis),
             "softmax_cross_entropy": k32.softmax_cross_entropy(labels, x, axis),
             "reduce_logsumexp": k32.reduce_logsumexp(x, (axis,), False)}
    if "softmax_xent_backprop" in case:
        found["softmax_xent_backprop"] = k32.softmax_xent_backprop(labels, x, axis)
    rows = x.size // x.shape[axis]
    for name, ours in found.items():
        theirs = unpacked(case[name])
        ours = np.asarray(ours).reshape(-1)
        assert ours.dtype == np.float32 and ours.size == theirs.size, name
        if name == "softmax" and rows >= 8:
            # (Eigen takes 1 / the row sums 8 at a time with the CPU's approximate reciprocal
            # and a Newton step, the rest exactly: bits the CPU decides, within 2 ulp)
            assert np.abs(ours.view(np.int32).astype(np.int64) - theirs.view(np.int32)).max() <= 2
            continue
        assert same_bits(ours, theirs).all(), name


def test_the_softmax_kernels_are_not_the_float64_values_rounded():
    # (so the test above can fail: computing in float64 and rounding once gives other bits)
    differ = 0
    for case in CLASSES:
        x = unpacked(case["in"]).reshape(case["shape"]).astype(np.float64)
        axis = case["axis"]
        e = np.exp(x - x.max(axis=axis, keepdims=True))
        rounded = (e / e.sum(axis=axis, keepdims=True)).astype(np.float32)
        differ += not same_bits(rounded.reshape(-1), unpacked(case["softmax"])).all()
    assert differ >= 4


# ---------------------------------------------------------------- matmul

def _fma_in_order(a, b):
    """Each entry's products added in order, each a + b * c rounded once (written here with
    Python's exact rationals: the reference the kernel's float64 shortcut must meet)."""
    from fractions import Fraction

    out = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            total = np.float32(0)
            for k in range(a.shape[1]):
                exact = Fraction(float(a[i, k])) * Fraction(float(b[k, j])) + Fraction(float(total))
                total = _round_to_float32(exact)
            out[i, j] = total
    return out


def _round_to_float32(exact):
    """The float32 nearest a rational (ties to even)."""
    from fractions import Fraction

    guess = np.float32(float(exact))        # (double then float32: may be one float32 off at a tie)
    candidates = [np.nextafter(guess, np.float32(-np.inf)), guess, np.nextafter(guess, np.float32(np.inf))]
    return min(candidates, key=lambda c: (abs(Fraction(float(c)) - exact), int(np.float32(c).view(np.int32)) & 1))


@pytest.mark.parametrize("shape", [(4, 5, 3), (2, 17, 2), (1, 3, 4), (3, 40, 1), (6, 3, 1), (5, 100, 3)])
def test_matmul_sums_each_entry_as_tensorflows_cpu_kernels_do(shape):
    n, k, m = shape
    rng = np.random.default_rng(n * 100 + k)
    a = (rng.standard_normal((n, k)) * 3).astype(np.float32)
    b = rng.standard_normal((k, m)).astype(np.float32)
    ours = k32.matmul(a, b)
    assert ours.dtype == np.float32 and ours.shape == (n, m)
    if m == 1 and n > 1 and k <= 4:      # Eigen's matrix-vector kernel: products rounded, then added in order
        products = a * b[:, 0]
        expected = np.zeros(n, np.float32)
        for j in range(k):
            expected = expected + products[:, j]
        assert same_bits(ours[:, 0], expected).all()
    elif m == 1 and n > 1:
        assert same_bits(ours, np.matmul(a, b)).all()
    else:
        assert same_bits(ours, _fma_in_order(a, b)).all()


@pytest.mark.parametrize("case", FIXTURE["matmuls"], ids=lambda c: "x".join(map(str, c["shape"])))
def test_matmul_gives_tensorflows_bits(case):
    # (recorded on an x86 CPU with fused multiply-adds: TensorFlow's own bits depend on the CPU)
    n, k, m = case["shape"]
    a, b = unpacked(case["a"]).reshape(n, k), unpacked(case["b"]).reshape(k, m)
    assert same_bits(k32.matmul(a, b).reshape(-1), unpacked(case["out"])).all()


def test_tensorflows_matmul_bits_are_not_numpys():
    differ = sum(not same_bits(np.matmul(unpacked(c["a"]).reshape(c["shape"][:2]),
                                         unpacked(c["b"]).reshape(c["shape"][1:])).reshape(-1),
                               unpacked(c["out"])).all() for c in FIXTURE["matmuls"])
    assert differ >= 3
