"""Records real TensorFlow's float32 CPU kernels into data/float32_kernels.json.

Run with a Python that has TensorFlow 2.21 (never a dependency of this project):

    /work/tfvenv/bin/python tests/ops/make_float32_kernels.py            # write the fixture
    /work/tfvenv/bin/python tests/ops/make_float32_kernels.py --measure  # also compare our kernels
                                                                         # on ~120 million inputs (slow)

For each op (tanh, sigmoid, exp, log, log1p, expm1, softplus, sin, cos) it stores the inputs and
TensorFlow's eager outputs as 32-bit patterns (base64 of little-endian uint32), and float32
sums and means over the axes of REDUCTIONS (each kernel's order of additions): one tensor of
1,024 values (a multiple of 8: every element goes through the vectorised code) and 192 values
each run as a tensor of one element (Eigen's scalar code). test_float32_kernels.py compares
autograd_cli.ops.float32_kernels with them. `--measure` loads that module from the source tree
(it needs only NumPy) and prints its match rates on every float32 in some ranges, strided
grids of others and random samples (the figures in its docstring and in docs/snippets.md).
"""
import base64
import importlib.util
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np                       # noqa: E402
import tensorflow as tf                  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "float32_kernels.json"
OPS = {"tanh": tf.tanh, "sigmoid": tf.sigmoid, "exp": tf.exp, "log": tf.math.log, "log1p": tf.math.log1p,
       "expm1": tf.math.expm1, "softplus": tf.nn.softplus, "sin": tf.sin, "cos": tf.cos}
SPECIAL = [0.0, -0.0, 1e-45, -1e-45, 1e-40, -1e-40, 1.1754944e-38, 1e-30, -1e-30, 1e-8, -1e-8, 1.0, -1.0, 0.5,
           7.9073896, 7.9073901, -7.9073901, 13.942385, 13.942386, -13.942385, -13.942386, 16.635532, 16.635534,
           80.0, 87.0, 88.0, 88.72, 88.723, 88.73, 89.0, 100.0, 104.0, -87.0, -87.5, -88.0, -89.0, -100.0,
           -103.9, -104.0, -105.0, -200.0, 1e30, -1e30, 3e38, -3e38, np.inf, -np.inf, np.nan]


def bits(array) -> str:
    return base64.b64encode(np.ascontiguousarray(array, dtype="<f4").view("<u4").tobytes()).decode()


def inputs(rng, count):
    parts = [np.array(SPECIAL, np.float32),
             (rng.standard_normal(count // 2) * 4).astype(np.float32),
             rng.uniform(-110, 110, count // 4).astype(np.float32),
             (np.exp(rng.uniform(np.log(1e-30), np.log(1e-2), count // 8)) * rng.choice([-1, 1], count // 8)),
             rng.uniform(-20, 20, count)]
    x = np.concatenate(parts).astype(np.float32)[:count]
    return x


def record():
    rng = np.random.default_rng(2026)
    cases = {}
    for name, fn in OPS.items():
        x = inputs(rng, 1024)
        if name == "log":
            x = np.where(np.arange(x.size) % 16 == 0, x, np.abs(x)).astype(np.float32)  # mostly positive
        if name in ("sin", "cos"):      # (and arguments past where the reduction of huge ones starts)
            with np.errstate(over="ignore"):
                x = np.where(np.arange(x.size) % 16 == 1, x * np.float32(1e4), x).astype(np.float32)
        one = x[:192]
        scalar = np.array([fn(tf.constant(v)).numpy() for v in one], np.float32)
        cases[name] = {"vector_in": bits(x), "vector_out": bits(fn(tf.constant(x)).numpy()),
                       "scalar_in": bits(one), "scalar_out": bits(scalar)}
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps({"tf_version": tf.__version__, "cases": cases, "reductions": reductions(rng),
                               "classes": classes(rng), "matmuls": matmuls(rng)}, indent=1) + "\n")
    print(f"wrote {OUT}")


# (shape, axes) of the sums and means recorded: every grouping of kept and reduced dimensions
# TensorFlow's reduction kernel tells apart, lengths around its 8- and 32-element steps
REDUCTIONS = [((n,), None) for n in (5, 8, 13, 31, 32, 33, 63, 64, 100, 257, 1000, 4099)] + [
    ((7, 50), [1]), ((7, 50), [0]), ((50, 7), [0]), ((50, 7), [1]), ((13, 40), None), ((100, 1), [0]), ((8, 1), None),
    ((3, 37, 5), [1]), ((3, 37, 5), [2]), ((3, 37, 5), [1, 2]), ((3, 37, 5), [0, 1]), ((3, 37, 5), [0, 2]),
    ((4, 5, 6, 7), [1, 3]), ((4, 5, 6, 7), [0, 2]), ((2, 1, 40), [2]), ((5, 9, 1), [0, 1])]


def reductions(rng):
    found = []
    for shape, axes in REDUCTIONS:
        x = (rng.standard_normal(shape) * rng.uniform(0.1, 50)).astype(np.float32)
        found.append({"shape": list(shape), "axes": axes, "in": bits(x),
                      "sum": bits(tf.reduce_sum(x, axis=axes).numpy()), "mean": bits(tf.reduce_mean(x, axis=axes).numpy())})
    return found


CLASS_SHAPES = [((4, 3), -1), ((8, 10), -1), ((5, 33), -1), ((2, 100), -1), ((16, 7), -1), ((3, 4, 9), 1), ((6, 5), 0)]


def classes(rng):
    """softmax, log_softmax, softmax cross-entropy and reduce_logsumexp of float32 logits. The
    x86 builds compute tf.nn.softmax with oneDNN's kernel (its own exp); the `softmax` stored is
    TensorFlow's Eigen kernel, from a second process with TF_ENABLE_ONEDNN_OPTS=0."""
    import subprocess

    found = []
    for shape, axis in CLASS_SHAPES:
        x = (rng.standard_normal(shape) * 3).astype(np.float32)
        labels = np.moveaxis(np.eye(shape[axis], dtype=np.float32)[rng.integers(0, shape[axis], x.size // shape[axis])]
                             .reshape(np.moveaxis(x, axis, -1).shape), -1, axis)
        found.append({"shape": list(shape), "axis": axis, "in": bits(x), "labels": bits(labels),
                      "log_softmax": bits(tf.nn.log_softmax(x, axis=axis).numpy()),
                      "softmax_cross_entropy": bits(tf.nn.softmax_cross_entropy_with_logits(labels, x, axis=axis).numpy()),
                      "reduce_logsumexp": bits(tf.reduce_logsumexp(x, axis=axis).numpy())})
        if x.ndim == 2 and axis == -1:    # (the raw kernel's second output: d loss / d logits)
            found[-1]["softmax_xent_backprop"] = bits(
                tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=x, labels=labels)[1].numpy())
    code = ("import base64, json, sys, numpy as np, tensorflow as tf\n"
            "for case in json.loads(sys.stdin.read()):\n"
            "    x = np.frombuffer(base64.b64decode(case['in']), '<f4').reshape(case['shape'])\n"
            "    out = tf.nn.softmax(x, axis=case['axis']).numpy()\n"
            "    print(base64.b64encode(np.ascontiguousarray(out, '<f4').view('<u4').tobytes()).decode())\n")
    env = dict(os.environ, TF_ENABLE_ONEDNN_OPTS="0")
    lines = subprocess.run([sys.executable, "-c", code], input=json.dumps(found), capture_output=True, text=True,
                           env=env, check=True).stdout.split()
    for case, line in zip(found, lines, strict=True):
        case["softmax"] = line
    return found


# (n, k, m) of the float32 matmuls recorded: TensorFlow's x86 CPU kernel (oneDNN, with fused
# multiply-adds on a CPU that has them) and Eigen's for a matrix times a short column
MATMULS = [(8, 3, 1), (50, 2, 1), (4, 5, 3), (16, 8, 4), (10, 17, 6), (32, 64, 10), (5, 100, 3), (1, 50, 20),
           (3, 3, 3), (4, 384, 3), (1, 3, 1)]


def matmuls(rng):
    found = []
    for n, k, m in MATMULS:
        a = rng.standard_normal((n, k)).astype(np.float32)
        b = rng.standard_normal((k, m)).astype(np.float32)
        found.append({"a": bits(a), "b": bits(b), "shape": [n, k, m], "out": bits(tf.matmul(a, b).numpy())})
    return found


def every(lo, hi):
    """Every float32 in [lo, hi), lo and hi of one sign."""
    a, b = np.float32(lo).view(np.int32), np.float32(hi).view(np.int32)
    return np.arange(min(a, b), max(a, b), dtype=np.int32).view(np.float32)


def measure():
    path = HERE.parents[1] / "src" / "autograd_cli" / "ops" / "float32_kernels.py"
    spec = importlib.util.spec_from_file_location("float32_kernels", path)
    kernels = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kernels)
    rng = np.random.default_rng(11)
    parts = [np.array(SPECIAL, np.float32), every(0, 1e-3)[::1013], -every(0, 1e-3)[::1013],
             every(1e-3, 20)[::3], -every(1e-3, 20)[::3], every(20, 3.4e38)[::53], -every(20, 3.4e38)[::53],
             (rng.standard_normal(2_000_000) * 5).astype(np.float32), rng.uniform(-110, 110, 1_000_000).astype(np.float32)]
    x = np.concatenate(parts).astype(np.float32)
    x = x[: x.size - x.size % 8]
    exact = {"sigmoid": lambda v: 1 / (1 + np.exp(-v)), "softplus": lambda v: np.logaddexp(0, v)}
    for name, fn in OPS.items():
        xs = np.abs(x) if name == "log" else x
        theirs, ours = fn(tf.constant(xs)).numpy(), getattr(kernels, name)(xs)
        with np.errstate(all="ignore"):
            rounded = (exact[name] if name in exact else getattr(np, name))(xs.astype(np.float64)).astype(np.float32)
        same = (theirs.view(np.int32) == ours.view(np.int32)) | (np.isnan(theirs) & np.isnan(ours))
        near = (theirs.view(np.int32) == rounded.view(np.int32)) | (np.isnan(theirs) & np.isnan(rounded))
        print(f"{name}: {xs.size:,} inputs, vectorised: ours {same.mean():.6%} bit-equal "
              f"({(~same).sum()} differ); the correctly rounded value {near.mean():.2%}")
        # Eigen's scalar code: tensors of 7 elements (under one AVX register)
        sample = xs[rng.integers(0, xs.size, 70_000)]
        theirs = np.concatenate([fn(tf.constant(sample[i:i + 7])).numpy() for i in range(0, sample.size, 7)])
        ours = np.concatenate([getattr(kernels, name)(sample[i:i + 7]) for i in range(0, sample.size, 7)])
        same = (theirs.view(np.int32) == ours.view(np.int32)) | (np.isnan(theirs) & np.isnan(ours))
        ulps = np.abs(theirs.view(np.int32).astype(np.int64) - ours.view(np.int32))[np.isfinite(theirs)]
        print(f"    scalar code, {sample.size:,} inputs: ours {same.mean():.4%} bit-equal, at most {ulps.max()} ulp")


if __name__ == "__main__":
    record()
    if "--measure" in sys.argv[1:]:
        measure()
