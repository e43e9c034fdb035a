"""The HTML report's size and time: `python bench/report_bench.py [--verify] [--cli]`.

For each sample (the seeds, the demos, linear_regression's run of 1,000 steps) and a
10,000-statement chain: the page's size in bytes, and the time to compute and write it
in-process (the least of 3 runs: make_report + page), with Graphviz's dot when it is
installed. `--cli` adds the whole command's wall time (`report FILE -o page.html`, one
run: start-up included).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from autograd_cli.analysis.report import make_report  # noqa: E402
from autograd_cli.render.explainout import one_line  # noqa: E402
from autograd_cli.render.html import page  # noqa: E402


def chain(n: int = 10_000) -> str:
    lines = ["x0 = variable(1.0)"] + [f"x{i} = x{i - 1} * 1.00001" for i in range(1, n + 1)]
    return "\n".join(lines + [f"g = gradients(x{n}, x0)"]) + "\n"


def workloads():
    samples = sorted((ROOT / "samples").glob("seed_*.ag")) + [ROOT / "samples" / n for n in (
        "explain_demo.ag", "linear_model.ag", "softmax_classifier.ag")]
    for path in samples:
        yield path.name, path, path.read_text(encoding="utf-8"), {}
    path = ROOT / "samples" / "linear_regression.ag"
    yield "linear_regression.ag --steps 1000", path, path.read_text(encoding="utf-8"), {"steps": 1000}
    yield "chain of 10,000 statements", None, chain(), {}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--verify", action="store_true", help="with --verify (SymPy: seconds per program)")
    parser.add_argument("--cli", action="store_true", help="also time the whole command once")
    args = parser.parse_args()
    print(f"Graphviz dot: {'yes' if shutil.which('dot') else 'no (the graph is text)'}; "
          f"verify: {'yes' if args.verify else 'no'}")
    print(f"{'workload':40} {'bytes':>9} {'in-process s':>13}" + (f" {'CLI s':>7}" if args.cli else ""))
    for name, path, source, options in workloads():
        best, html = float("inf"), ""
        for _ in range(3):
            t0 = time.perf_counter()
            html = page(make_report(source, name, format_flow=one_line, verify=args.verify, **options))
            best = min(best, time.perf_counter() - t0)
        row = f"{name:40} {len(html.encode('utf-8')):>9,} {best:>13.3f}"
        if args.cli and path is not None:
            with tempfile.TemporaryDirectory() as tmp:
                extra = ["--steps", str(options["steps"])] if "steps" in options else []
                extra += ["--verify"] if args.verify else []
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "autograd_cli", "report", str(path), "-o",
                                os.path.join(tmp, "page.html"), *extra], check=True, capture_output=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
                row += f" {time.perf_counter() - t0:>7.2f}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
