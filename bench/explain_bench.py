"""explain's time on the issue-5 workloads: `python bench/explain_bench.py [--chain N]`.

- diamond60: 60 levels of p = v*0.6, q = v*0.5, v = p + q (2**60 paths from x).
- chain: N statements x_i = x_{i-1} * 1.00001 (one path of N edges), default 100,000.

Prints build+evaluate time (what `eval` does) and explain's own time (paths, counts,
edge flows) measured in-process, plus the whole CLI run (`explain FILE --json`).
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


if __name__ == "__main__":
    main()
