"""Run a directory of other people's TensorFlow programs under real TensorFlow and under our
tool, and say which print the same: the measure of how much public code runs as written.

    python tests/tf_oracle/sweep.py DIR [--tf-python /work/tfvenv/bin/python] [--eval-arg ARG ...]

Nothing here is part of the test suite and no program it reads is committed (they are other
people's code). Each program runs under TensorFlow once, in graph mode if our tool would
choose graph mode for it (TF1 code, as tf_runner.py runs it), from a fork server, in a fresh
empty directory; TensorFlow's result is cached next to DIR (DIR.tf/NAME.json). Then our
`eval --prints-only` runs it, and compare.py's rules decide:

- agree:            the same prints, and the same error (or none);
- layout:           the same prints but for numbers (unseeded randomness: TensorFlow's own
                    prints differ from run to run);
- differ:           TensorFlow ran to the end, we did not print the same;
- agree-tferror / differ-tferror: TensorFlow itself stopped with an error (a missing file,
                    network data, an API TensorFlow 2 removed), and ours did / did not
                    stop with the same error at the same line;
- tf-broken:        TensorFlow crashed or ran past 150 s.

The summary is printed last; DIR.results.json keeps every verdict with its reasons.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "src"))

from compare import compare, compare_error  # noqa: E402
from autograd_cli.snippets.job import wants_graph_mode  # noqa: E402

TF_SECONDS = 150
OUR_SECONDS = 120


class ForkServer:
    def __init__(self, tf_python: str):
        self.proc = subprocess.Popen([tf_python, str(HERE / "tf_runner.py"), "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def run(self, mode: str, path: Path, out: Path, cwd: str) -> None:
        job = {"mode": mode, "path": str(path), "out": str(out), "cwd": cwd, "timeout": TF_SECONDS}
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        self.proc.stdout.readline()


def tensorflow_result(server: ForkServer, path: Path, cache: Path) -> dict:
    stored = cache / f"{path.stem}.json"
    if not stored.exists():
        scratch = tempfile.mkdtemp()
        try:
            server.run("graph" if wants_graph_mode(path.read_text(encoding="utf-8")) else "eager", path, stored,
                       scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if not stored.exists():
            stored.write_text(json.dumps({"broken": True}))
    return json.loads(stored.read_text())


def our_result(path: Path, eval_args: list[str]):
    scratch = tempfile.mkdtemp()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="utf-8")
    try:
        proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(path), "--prints-only", *eval_args],
                              capture_output=True, text=True, timeout=OUR_SECONDS, env=env, cwd=scratch)
        return proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired:
        return -9, "", "timed out"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def verdict(theirs: dict, path: Path, eval_args: list[str]) -> tuple[str, list[str]]:
    if theirs.get("broken"):
        return "tf-broken", []
    code, out, err = our_result(path, eval_args)
    problems = compare(out, theirs["stdout"])
    failed = "Traceback (most recent call last)" in err
    if theirs["error"] is None:
        failed = failed or code != 0
        if code != 0:
            problems.append(f"ours exited {code}: {err.strip()[:400]}")
    else:
        failed = failed or code != 2
        problems += compare_error(err, theirs["error"]) if code == 2 else [
            f"TensorFlow raised {theirs['error']['type']}; ours exited {code}"]
    if theirs["error"] is not None:
        return ("differ-tferror" if problems else "agree-tferror"), problems
    if problems and not failed and not compare(out, theirs["stdout"], check_numbers=False):
        return "layout", problems
    return ("differ" if problems else "agree"), problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--tf-python", default="/work/tfvenv/bin/python")
    parser.add_argument("--eval-arg", action="append", default=[])
    args = parser.parse_args()
    files = sorted(args.directory.glob("*.py"))
    cache = args.directory.with_name(args.directory.name + ".tf")
    cache.mkdir(exist_ok=True)
    server = ForkServer(args.tf_python)
    theirs = {path: tensorflow_result(server, path, cache) for path in files}
    with ThreadPoolExecutor(2) as pool:
        verdicts = list(pool.map(lambda p: (p.stem, *verdict(theirs[p], p, args.eval_arg)), files))
    counts: dict[str, int] = {}
    for stem, kind, problems in verdicts:
        counts[kind] = counts.get(kind, 0) + 1
        print(f"== {kind:15} {stem}" + "".join(f"\n   {p[:300]}" for p in problems[:3]))
    Path(str(args.directory) + ".results.json").write_text(json.dumps(verdicts, indent=1, ensure_ascii=False))
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
