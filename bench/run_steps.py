"""Steps per second of `run` (the in-process step loop, rows built as for --json).

    python bench/run_steps.py [FILE STEPS]...
Default: the linear regression sample (1,000 steps) and the classifier (1,000 steps).
"""
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from autograd_cli.api import build
from autograd_cli.render.jsonout import dumps
from autograd_cli.run.steps import Plan


def measure(path, steps, repeats=3):
    plan = Plan(build(Path(path).read_text()))
    best = 0.0
    for _ in range(repeats):
        state, warnings = plan.initial_state(), []
        start = time.perf_counter()
        for i, values in plan.steps(steps, state, warnings):
            dumps({"step": i, "values": plan.row(values)})
        best = max(best, steps / (time.perf_counter() - start))
    return best


if __name__ == "__main__":
    args = sys.argv[1:] or [str(ROOT / "samples/linear_regression.ag"), "1000",
                            str(ROOT / "samples/softmax_classifier.ag"), "1000"]
    for path, steps in zip(args[::2], args[1::2]):
        print(f"{Path(path).name}: {measure(path, int(steps)):,.0f} steps/s over {steps} steps")
