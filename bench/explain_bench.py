"""explain's time on the issue-5 workloads: `python bench/explain_bench.py [--chain N]`.

- diamond60: 60 levels of p = v*0.6, q = v*0.5, v = p + q (2**60 paths from x).
- chain: N statements x_i = x_{i-1} * 1.00001 (one path of N edges), default 100,000.

Prints build+evaluate time (what `eval` does) and explain's own time (paths, counts,
edge flows) measured in-process, plus the whole CLI run (`explain FILE --json`); then a
snippet's `eval` and `explain` (the graph handed back from the box) on the command line.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from autograd_cli.api import evaluate
from autograd_cli.analysis.explain import explain


def diamond(levels: int = 60) -> str:
    lines = ["x = variable(1.0)", "v0 = x"]
    for i in range(1, levels + 1):
        lines += [f"p{i} = v{i - 1} * 0.6", f"q{i} = v{i - 1} * 0.5", f"v{i} = p{i} + q{i}"]
    return "\n".join(lines + [f"g = gradients(v{levels}, x)"]) + "\n"


def chain(n: int = 100_000) -> str:
    lines = ["x0 = variable(1.0)"] + [f"x{i} = x{i - 1} * 1.00001" for i in range(1, n + 1)]
    return "\n".join(lines + [f"g = gradients(x{n}, x0)"]) + "\n"


def measure(name: str, source: str) -> None:
    t0 = time.perf_counter()
    result = evaluate(source)
    t1 = time.perf_counter()
    [record] = explain(result)
    t2 = time.perf_counter()
    item = record.xs[0]
    with tempfile.NamedTemporaryFile("w", suffix=".ag", delete=False) as handle:
        handle.write(source)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    t3 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "explain", handle.name, "--json"],
                          capture_output=True, env=env, check=False)
    t4 = time.perf_counter()
    os.unlink(handle.name)
    print(f"| {name} | {item.space.total:,} | {len(item.paths)} | {t1 - t0:.2f} s | {t2 - t1:.2f} s | "
          f"{t4 - t3:.2f} s (exit {proc.returncode}, {len(proc.stdout):,} bytes) |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chain", type=int, default=100_000)
    args = parser.parse_args()
    print("| workload | paths | listed | build + evaluate | explain | CLI `explain --json` |")
    print("|---|---|---|---|---|---|")
    measure("diamond, 60 levels", diamond(60))
    measure(f"chain, {args.chain:,} statements", chain(args.chain))


BIG_CONSTANT = """import numpy as np
import tensorflow as tf
x = tf.constant(np.random.RandomState(0).rand(2000, 1000).astype(np.float32))
w = tf.Variable(tf.ones([1000, 1]))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.matmul(x, w))
g = tape.gradient(loss, w)
"""


def measure_snippet(name: str, source: str) -> None:
    """A snippet's `eval` and `explain` on the command line (both in the box): the difference
    is the graph handed back (gathered, sent as plain data, rebuilt and checked, computed)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(source)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    times = {}
    for command in ("eval", "explain"):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "autograd_cli", command, handle.name], capture_output=True,
                              env=env, check=False)
        times[command] = (time.perf_counter() - t0, proc.returncode)
    os.unlink(handle.name)
    (te, ce), (tx, cx) = times["eval"], times["explain"]
    print(f"| {name} | eval {te:.2f} s (exit {ce}) | explain {tx:.2f} s (exit {cx}) |")


def snippets() -> None:
    print("\n| snippet | CLI `eval` | CLI `explain` (graph handed back) |")
    print("|---|---|---|")
    seed = ROOT / "samples" / "tf" / "seed004_3_keras_tape.py"
    measure_snippet("seed 004_3 (Keras Dense 784 x 10, tape)", seed.read_text(encoding="utf-8"))
    measure_snippet("a 2,000 x 1,000 float32 constant (2,000,000 numbers sent)", BIG_CONSTANT)


if __name__ == "__main__":
    main()
    snippets()
