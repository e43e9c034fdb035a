"""Regenerate the stored outputs of real TensorFlow for the corpus and the seed samples.

    /work/tfvenv/bin/python tests/tf_oracle/generate.py              # everything
    /work/tfvenv/bin/python tests/tf_oracle/generate.py NAME ...     # some corpus files / samples
    /work/tfvenv/bin/python tests/tf_oracle/generate.py fuzz         # the differential tests' programs
    /work/tfvenv/bin/python tests/tf_oracle/generate.py --check      # run, compare, write nothing

NAME is a corpus file's stem (`eager_tape_basics`), a sample's (`seed000_3_sum_of_paths`) or a
generated program's (`fuzz_03`, from fuzz/programs/, stored in fuzz/expected/);
a path works too. Each snippet runs in a fresh process (tf_runner.py, forked from a server
that has imported TensorFlow once, or a new interpreter with --fresh) under the TensorFlow
installed in the interpreter running this script, with an emptied environment and a
scratch working directory. Every file is run twice: a snippet whose two runs print
different things is not deterministic. That is an error for a corpus file (the corpus must
seed its randomness); a seed sample keeps the first run's output and is stored with
"deterministic": false (the seed posts use unseeded NumPy and Keras initialisers).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = HERE / "corpus"
EXPECTED = HERE / "expected"
SAMPLES = ROOT / "samples" / "tf"
EXPECTED_SAMPLES = EXPECTED / "samples"
FUZZ = HERE / "fuzz" / "programs"          # the differential tests' generated programs
FUZZ_EXPECTED = HERE / "fuzz" / "expected"
RUNNER = HERE / "tf_runner.py"
TIMEOUT_S = 600

sys.path.insert(0, str(HERE))
from compare import progress_bars  # noqa: E402

MODE_HEADER = re.compile(r"^#\s*mode:\s*(graph|eager)\s*$")


def corpus_mode(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[:1]
    match = MODE_HEADER.match(first[0]) if first else None
    if not match:
        raise SystemExit(f"{path}: the first line must be `# mode: graph` or `# mode: eager`")
    return match.group(1)


def sample_mode(path: Path) -> str:
    """The seed blocks are TF1 graph code, except one that is plainly TF2: it differentiates
    with a GradientTape and never opens a Session."""
    text = path.read_text(encoding="utf-8")
    if "GradientTape" in text and "Session" not in text and "placeholder" not in text:
        return "eager"
    return "graph"


def _environment() -> dict:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": tempfile.gettempdir(),
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "TF_CPP_MIN_LOG_LEVEL": "3",
        "TF_ENABLE_ONEDNN_OPTS": "0",
        "CUDA_VISIBLE_DEVICES": "-1",
        "OMP_NUM_THREADS": "1",
    }


class ForkServer:
    """One `tf_runner.py serve` process: TensorFlow imported once, a forked child per run."""

    def __init__(self):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, str(RUNNER), "serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, env=_environment(),
                                     cwd=tempfile.gettempdir())

    def run(self, mode: str, path: Path, out: Path, cwd: str) -> int:
        job = {"mode": mode, "path": str(path), "out": str(out), "cwd": cwd, "timeout": TIMEOUT_S}
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            self.stderr.seek(0)
            raise RuntimeError(f"{path.name}: the fork server died:\n{self.stderr.read()[-3000:]}")
        return json.loads(answer)["status"]

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()[-3000:]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.stderr.close()


_servers: "queue.Queue[ForkServer] | None" = None


def run_once(mode: str, path: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="tf_oracle_") as scratch:
        out = Path(scratch) / "result.json"
        if _servers is None:
            proc = subprocess.run([sys.executable, str(RUNNER), mode, str(path), str(out)],
                                  cwd=scratch, env=_environment(), capture_output=True,
                                  text=True, timeout=TIMEOUT_S)
            status, errors = proc.returncode, proc.stderr[-3000:]
        else:
            server = _servers.get()
            try:
                status = server.run(mode, path, out, scratch)
                errors = server.errors()
            finally:
                _servers.put(server)
        if status != 0 or not out.exists():
            raise RuntimeError(f"{path.name}: the runner failed (exit {status}):\n{errors}")
        return json.loads(out.read_text(encoding="utf-8"))


def _same(a: dict, b: dict) -> bool:
    """Equal outputs; Keras progress bars count as their final state (their timings vary)."""
    return progress_bars(a["stdout"]) == progress_bars(b["stdout"]) and a["error"] == b["error"]


def generate_one(kind: str, path: Path, target: Path, check: bool) -> str:
    mode = corpus_mode(path) if kind == "corpus" else sample_mode(path)
    first = run_once(mode, path)
    second = run_once(mode, path)
    deterministic = _same(first, second)
    if kind == "corpus" and not deterministic:
        return f"FAIL {path.name}: two runs printed different things (seed its randomness)"
    result = {"stdout": first["stdout"], "error": first["error"],
              "warnings": first["warnings"], "tf_version": first["tf_version"]}
    if kind == "sample":
        result = {"mode": mode, "deterministic": deterministic, **result}
    status = "error " + first["error"]["type"] if first["error"] else "ok"
    if check:
        if not target.exists():
            return f"NEW  {path.name}: {status} (not stored yet)"
        stored = json.loads(target.read_text(encoding="utf-8"))
        if not stored.get("deterministic", True) or not deterministic:
            # an unseeded sample prints other numbers each run: only its error can be checked
            if stored.get("error") != result["error"]:
                return f"DIFF {path.name}: its error differs from the stored one"
            return f"same {path.name} (not deterministic: printed values not compared)"
        if not _same(stored, result):
            return f"DIFF {path.name}: differs from the stored output"
        return f"same {path.name}"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    note = "" if deterministic else " (not deterministic)"
    return f"done {path.name}: {status}{note}"


def select(names: list[str]) -> list[tuple[str, Path, Path]]:
    corpus = {p.stem: p for p in sorted(CORPUS.glob("*.py"))}
    samples = {p.stem: p for p in sorted(SAMPLES.glob("*.py"))}
    fuzz = {p.stem: p for p in sorted(FUZZ.glob("*.py"))}
    jobs = []
    if not names or names == ["fuzz"]:
        if not names:
            jobs += [("corpus", p, EXPECTED / f"{s}.json") for s, p in corpus.items()]
            jobs += [("sample", p, EXPECTED_SAMPLES / f"{s}.json") for s, p in samples.items()]
        jobs += [("corpus", p, FUZZ_EXPECTED / f"{s}.json") for s, p in fuzz.items()]
        return jobs
    for name in names:
        stem = Path(name).stem
        if stem in corpus:
            jobs.append(("corpus", corpus[stem], EXPECTED / f"{stem}.json"))
        elif stem in samples:
            jobs.append(("sample", samples[stem], EXPECTED_SAMPLES / f"{stem}.json"))
        elif stem in fuzz:
            jobs.append(("corpus", fuzz[stem], FUZZ_EXPECTED / f"{stem}.json"))
        else:
            raise SystemExit(f"no corpus file or sample named {name!r}")
    return jobs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="corpus, sample or fuzz program names, or `fuzz` "
                                                 "for all the programs (default: everything)")
    parser.add_argument("--check", action="store_true",
                        help="run and compare with the stored outputs; write nothing")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    parser.add_argument("--fresh", action="store_true",
                        help="start a new interpreter for every run instead of forking one "
                             "that has imported TensorFlow (slower: TensorFlow's import each time)")
    args = parser.parse_args(argv)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    try:
        import tensorflow  # noqa: F401  (only to fail early with a clear message)
    except ImportError:
        raise SystemExit("run this with the interpreter that has tensorflow-cpu==2.21.0 "
                         "(/work/tfvenv/bin/python)")
    if not args.names or args.names == ["fuzz"]:
        # stored outputs of files that no longer exist would be compared with nothing
        folders = [(FUZZ_EXPECTED, FUZZ)] if args.names else [(EXPECTED, CORPUS), (FUZZ_EXPECTED, FUZZ)]
        for stored, programs in folders:
            known = {p.stem for p in programs.glob("*.py")}
            for stale in stored.glob("*.json"):
                if stale.stem not in known and not args.check:
                    stale.unlink()
    jobs = select(args.names)
    failures = 0
    global _servers
    if not args.fresh:
        _servers = queue.Queue()
        for _ in range(max(1, args.jobs)):
            _servers.put(ForkServer())
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(generate_one, kind, path, target, args.check)
                   for kind, path, target in jobs]
        for future in futures:
            try:
                line = future.result()
            except Exception as exc:  # one snippet's failure is reported; the others go on
                line = f"FAIL {type(exc).__name__}: {exc}"
            print(line, flush=True)
            failures += line.startswith(("FAIL", "DIFF"))
    while _servers is not None and not _servers.empty():
        _servers.get().close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
