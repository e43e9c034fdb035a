"""Issue 6 benchmarks: `python bench/run.py [--quick] [--only w1,w2,...]`.

Prints one Markdown table: each target, our figure, the reference measured in the
same run, and whether the target is met; then the peers (PyTorch, JAX, HIPS autograd)
when they are importable (`pip install -e .[bench]`). Medians of several runs.

- engine: the Python API (`autograd_cli.api`) on an already parsed program:
  build (graph + gradient graph) and evaluation (forward + gradient values) are
  timed separately; parse is timed on its own.
- CLI: `python -m autograd_cli ...` in a subprocess (what `autograd-cli` runs).
- memory: peak RSS of a child process, from os.wait4's rusage.
"""
from __future__ import annotations

import argparse
import compileall
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# One BLAS thread: every workload is then single-threaded, so CPU time is a fair clock on a
# busy machine (ours and the references do the same matmuls either way).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

# glibc's allocator pinned for the in-process rows (issue 16): arrays below 32 MB come from
# the heap and freed memory stays with the process, so neither our buffer pool nor a
# reference pays page faults for fresh pages (unpinned, the references paid them and the
# pool did not, which flattered us). The CLI children run as users run them: unpinned.
PINNED = {"MALLOC_MMAP_THRESHOLD_": "33554432", "MALLOC_TRIM_THRESHOLD_": "1073741824"}
if __name__ == "__main__" and any(os.environ.get(k) != v for k, v in PINNED.items()):
    os.environ.update(PINNED)
    os.execv(sys.executable, [sys.executable, *sys.argv])

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SRC = ROOT / "src"
sys.path[:0] = [str(SRC), str(HERE)]

import numpy as np  # noqa: E402

import instructions  # noqa: E402
import workloads as W  # noqa: E402
import autograd_cli  # noqa: E402
from autograd_cli import api
from autograd_cli.run.feed import read_feed
from autograd_cli.render.jsonout import eval_document, pieces
from autograd_cli.evaluate import Schedule
from autograd_cli.language.syntax import parse

CHILD_ENV = {k: v for k, v in os.environ.items() if k not in PINNED}
CHILD_ENV.update(PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
TMP = Path(tempfile.mkdtemp(prefix="ag-bench-"))


# ---------------------------------------------------------------- timing helpers

def median_time(fn, repeats: int, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def compare(fns: dict, repeats: int, warmup: int = 1) -> dict:
    """Median seconds of each callable, measured round-robin so that load from other
    processes affects every entry alike (ratios are what count). `name` is wall time,
    `name_cpu` this process's CPU time (the fair clock for single-threaded work on a
    busy machine)."""
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    times = {name: [] for name in fns}
    cpu = {name: [] for name in fns}
    for _ in range(repeats):
        for name, fn in fns.items():
            c, t = time.process_time(), time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
            cpu[name].append(time.process_time() - c)
    out = {name: statistics.median(ts) for name, ts in times.items()}
    out.update({f"{name}_cpu": statistics.median(ts) for name, ts in cpu.items()})
    return out


def child(args, env=None) -> tuple[float, float, int, int]:
    """Run a subprocess; (wall seconds, CPU seconds (user+sys), peak RSS in MB, exit code)."""
    t = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**CHILD_ENV, **(env or {})}, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(map(str, args))} failed ({proc.returncode}):\n{err[-2000:]}")
    peak_kb = usage.ru_maxrss
    if "\nPEAK_KB " in err:      # reported by the child itself (peak_args)
        peak_kb = int(err.rsplit("\nPEAK_KB ", 1)[1].split()[0])
    return wall, usage.ru_utime + usage.ru_stime, peak_kb // 1024, proc.returncode


def cli_args(*args):
    return [sys.executable, "-m", "autograd_cli", *map(str, args)]


# The child reports its own peak (VmHWM of its memory after exec). rusage's ru_maxrss
# is not used for memory: on Linux it also counts the parent's pages the child had
# between fork and exec, so a child of a big bench process seemed 80 MB bigger.
_PEAK_WRAPPER = """\
import atexit, runpy, sys
def _peak():
    try:
        with open('/proc/self/status') as status:
            kb = next(line.split()[1] for line in status if line.startswith('VmHWM:'))
    except (OSError, StopIteration):
        return
    sys.stderr.write('\\nPEAK_KB ' + kb + '\\n')
atexit.register(_peak)
sys.argv = ['autograd-cli'] + sys.argv[1:]
runpy.run_module('autograd_cli', run_name='__main__', alter_sys=True)
"""


def peak_args(*args):
    """cli_args, run so that the child reports its own peak memory (see `child`)."""
    return [sys.executable, "-c", _PEAK_WRAPPER, *map(str, args)]


def write(name: str, text: str) -> Path:
    path = TMP / name
    path.write_text(text)
    return path


def engine_times(source: str, sets=None, repeats=5, refs=None, steady=False) -> dict:
    """Medians (seconds) of the phases of `api.evaluate`, measured round-robin with the
    reference callables `refs` (name -> fn): parse; build (graph and gradient graph);
    compile (the evaluation schedule); eval (forward and gradient values: running the
    schedule); total = `api.evaluate` on the parsed program (build + compile + eval)."""
    tree = parse(source)
    parse_t = compare({"p": lambda: parse(source)}, max(1, repeats // 2), warmup=0)["p_cpu"]
    built = api.build(tree, sets=sets)
    keep = api.result_ids(built)

    def compile_():
        with api.gc_paused():   # as api.evaluate does
            Schedule(built.graph.nodes)._numpy_steps(keep)

    def eval_():
        with api.gc_paused():
            sched.run(warnings=[], keep=keep)
    sched = Schedule(built.graph.nodes)
    if steady:   # run the schedule as `run`'s steps do (a warm-up run first)
        eval_()
    fns = {**(refs or {}), "build": lambda: api.build(tree, sets=sets), "compile": compile_, "eval": eval_}
    t = compare(fns, repeats)
    t["parse"] = parse_t
    return t


# ---------------------------------------------------------------- rows

ROWS: list[tuple] = []       # (target, ours, reference, goal text, met)
PEERS: list[tuple] = []      # (workload, peer, figure)


def row(target, ours, reference, goal, met):
    ROWS.append((target, ours, reference, goal, "—" if met is None else "yes" if met else "**no**"))
    print(f"  {target}: {ours}  (ref {reference}; target {goal})", file=sys.stderr)


def check_w1(quick):
    n = W.W1_STATEMENTS
    ops = n * W.W1_OPS_PER_STATEMENT
    source = W.program_w1(n)
    result = api.evaluate(source)
    fwd, fwd_grad = W.ref_w1(n)
    x_ref, d_ref = fwd_grad()
    assert np.isclose(float(result.values["x"]), x_ref, rtol=1e-9), "W1 value differs from the reference"
    assert np.isclose(float(result.gradients[0].values[0]), d_ref, rtol=1e-9), "W1 gradient differs"
    peers = peer_w1(n)
    # every figure in one round-robin, in this process: ours, the hand references, the peers
    t = engine_times(source, repeats=3 if quick else 7, steady=True,
                     refs={"ref": fwd_grad, "ref_np": W.ref_w1_numpy(n), "public": lambda: autograd_cli.evaluate(source),
                           **{f"peer:{k}": v for k, v in peers.items()}})
    us = lambda s: s / ops * 1e6  # noqa: E731
    hips = t.get("peer:HIPS autograd_cpu")
    row("W1 engine forward+gradient, µs/op: running the compiled schedule, steady state as in `run`'s steps "
        "(CPU time; wall)",
        f"{us(t['eval_cpu']):.3f} ({us(t['eval']):.3f})",
        f"hand NumPy scalars {us(t['ref_np_cpu']):.3f}, hand Python floats {us(t['ref_cpu']):.3f}; "
        + (f"PyTorch eager {us(t['peer:PyTorch eager_cpu']):.2f}; " if "peer:PyTorch eager_cpu" in t else "")
        + "(the step loop, steady state)",
        "≤ 0.10", us(t["eval_cpu"]) <= 0.10)
    nodes = len(api.build(source).graph.nodes)
    row("W1 one-off `autograd_cli.evaluate(source)` (parse+build+compile+forward+gradient) / HIPS autograd "
        "forward+gradient, CPU time",
        f"{t['public_cpu'] / hips:.2f}×" if hips else f"{us(t['public_cpu']):.2f} µs/op",
        (f"HIPS {us(hips):.2f} µs/op, ours {us(t['public_cpu']):.2f} µs/op; " if hips else "HIPS not installed; ")
        + f"parse {t['parse'] * 1e3:.0f} ms, build {t['build_cpu'] * 1e3:.0f} ms, compile "
        f"{t['compile_cpu'] * 1e3:.0f} ms for {nodes:,} nodes: "
        f"{(t['parse'] + t['build_cpu'] + t['compile_cpu']) / nodes * 1e6:.1f} µs/node (new row)",
        "≤ 1.0×", (t["public_cpu"] / hips <= 1.0) if hips else None)
    path = write("w1.ag", source)
    runs = [child(cli_args("eval", path)) for _ in range(1 if quick else 5)]
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    row("W1 `autograd-cli eval` of the 10,000-statement file, s, CPU time (wall)",
        f"{cpu:.2f} ({wall:.2f})", f"in-process CPU: `autograd_cli.evaluate(source)` {t['public_cpu']:.2f} s",
        "≤ 1.0", cpu <= 1.0)
    for name in peers:
        PEERS.append(("W1 µs/op (CPU)", name, f"{us(t['peer:' + name + '_cpu']):.3f}"))


def check_w2(quick):
    source, data = W.program_w2(), W.data_w2()
    fwd, fwd_grad = W.ref_w2(data)
    result = api.evaluate(source, sets=data)
    ref_out = fwd_grad()
    assert np.isclose(float(result.values["loss"]), ref_out[0], rtol=1e-10)
    for ours, ref in zip(result.gradients[0].values, ref_out[1:]):
        assert np.allclose(ours, ref, rtol=1e-8, atol=1e-12), "W2 gradient differs from the reference"
    ratio_rows("W2 MLP", source, data, fwd, fwd_grad, 1.9, None, peer_w2(data), 9 if quick else 25,
               floor=("the two big matmuls alone", W.matmuls_w2(data)))


def check_w3(quick):
    source, data = W.program_w3(), W.data_w3()
    fwd, fwd_grad = W.ref_w3(data)
    result = api.evaluate(source, sets=data)
    f_ref, g_ref = fwd_grad()
    assert np.isclose(float(result.values["f"]), f_ref, rtol=1e-10)
    assert np.allclose(result.gradients[0].values[0], g_ref, rtol=1e-10), "W3 gradient differs"
    ratio_rows("W3 Rosenbrock n=10^6", source, data, fwd, fwd_grad, 2.5, 3.0, peer_w3(data), 7 if quick else 21)


def ratio_rows(workload, source, data, fwd, fwd_grad, goal, public_goal, peers, reps, floor=None):
    """W2 and W3: (forward + gradient) / NumPy forward. The target row is the engine's
    forward + gradient (running the compiled program, as W1's engine row and every step of
    `run` do); the one-off public `autograd_cli.evaluate(source, sets=...)` (parse, build,
    compile, run) is the next row. Every figure, the references' and the peers' too, comes
    from one round-robin in this process: warm, allocator pinned."""
    t = engine_times(source, sets=data, repeats=reps,
                     refs={"fwd": fwd, "ref": fwd_grad, "public": lambda: autograd_cli.evaluate(source, sets=data),
                           **{f"peer:{k}": v for k, v in peers.items()}, **({"floor": floor[1]} if floor else {})})
    fwd_t = t["fwd_cpu"]
    engine, public = t["eval_cpu"] / fwd_t, t["public_cpu"] / fwd_t
    reference = (f"hand NumPy {t['ref_cpu'] / fwd_t:.2f}×; "
                 + (f"{floor[0]} {t['floor_cpu'] / fwd_t:.2f}×; " if floor else "")
                 + "; ".join(f"{k} {t['peer:' + k + '_cpu'] / fwd_t:.2f}×" for k in peers)
                 + f"; NumPy fwd {fwd_t * 1e3:.2f} ms CPU")
    changed = "reference now warm, allocator pinned"
    row(f"{workload} engine forward+gradient (running the compiled program) / NumPy forward, CPU time (wall)",
        f"{engine:.2f}× ({t['eval'] / t['fwd']:.2f}×)", f"{reference} ({changed})", f"≤ {goal}×", engine <= goal)
    row(f"{workload} one-off `autograd_cli.evaluate(source, sets=...)` (parse+build+compile+forward+gradient) "
        "/ NumPy forward, CPU time (wall)",
        f"{public:.2f}× ({t['public'] / t['fwd']:.2f}×)",
        f"parse {t['parse'] * 1e3:.2f} ms + build {t['build_cpu'] * 1e3:.2f} ms + compile "
        f"{t['compile_cpu'] * 1e3:.2f} ms CPU ({changed}; was `api.evaluate` of the parsed program)",
        f"≤ {public_goal}×" if public_goal else "(informative)", public <= public_goal if public_goal else None)
    for name in peers:
        PEERS.append((f"{workload.split()[0]} (fwd+grad)/NumPy fwd (CPU)", name,
                      f"{t['peer:' + name + '_cpu'] / fwd_t:.2f}×"))


def check_cold(quick):
    path = write("cold.ag", W.COLD_PROGRAM)
    reps = 5 if quick else 11
    child(cli_args("eval", path))  # warm the parser cache and the OS file cache
    ours_all, ref_all = [], []
    for _ in range(reps):  # alternating, so both see the same load
        ours_all.append(child(cli_args("eval", path)))
        ref_all.append(child([sys.executable, "-c", "import numpy, lark, typer, rich"]))
    med = lambda rs, i: statistics.median(r[i] for r in rs)  # noqa: E731
    ours, ref = med(ours_all, 1), med(ref_all, 1)
    row("Cold start: `autograd-cli eval` of a 5-line program / `python -c \"import numpy, lark, typer, rich\"`, "
        "CPU time (wall)",
        f"{ours / ref:.2f}× ({med(ours_all, 0) / med(ref_all, 0):.2f}×)",
        f"ours {ours * 1e3:.0f} ms CPU ({med(ours_all, 0) * 1e3:.0f} wall), imports {ref * 1e3:.0f} ms CPU "
        f"({med(ref_all, 0) * 1e3:.0f} wall)", "≤ 1.3×", ours / ref <= 1.3)


def check_snippet(quick):
    """A snippet's eval starts within 1.3x of a .ag program's (the snippet grammar and
    interpreter load only for snippets)."""
    ag = write("cold.ag", W.COLD_PROGRAM)
    py = write("cold_snippet.py", W.COLD_SNIPPET)
    reps = 5 if quick else 11
    child(cli_args("eval", ag))
    child(cli_args("eval", py))    # warm the grammars' table caches and the OS file cache
    ag_all, py_all = [], []
    for _ in range(reps):
        ag_all.append(child(cli_args("eval", ag)))
        py_all.append(child(cli_args("eval", py)))
    med = lambda rs, i: statistics.median(r[i] for r in rs)  # noqa: E731
    ours, ref = med(py_all, 1), med(ag_all, 1)
    row("Snippet start: `eval cold_snippet.py` (TF 1.x, same program) / `eval cold.ag`, CPU time (wall)",
        f"{ours / ref:.2f}× ({med(py_all, 0) / med(ag_all, 0):.2f}×)",
        f"snippet {ours * 1e3:.0f} ms CPU ({med(py_all, 0) * 1e3:.0f} wall), .ag {ref * 1e3:.0f} ms CPU "
        f"({med(ag_all, 0) * 1e3:.0f} wall)", "≤ 1.3×", ours / ref <= 1.3)


def check_instructions(quick):
    """The two start-up rows again, in instructions executed (callgrind, when Valgrind is
    installed): one run each, since the counts repeat."""
    if not instructions.available():
        row("Start-up in instructions (callgrind)", "skipped", "Valgrind not installed", "≤ 1.3×", None)
        return
    ag = write("cold.ag", W.COLD_PROGRAM)
    py = write("cold_snippet.py", W.COLD_SNIPPET)
    child(cli_args("eval", ag))
    child(cli_args("eval", py))     # the bytecode and the grammar cache, as for the timed rows
    ag_count = instructions.cli_instructions(["eval", str(ag)], CHILD_ENV)
    py_count = instructions.cli_instructions(["eval", str(py)], CHILD_ENV)
    imports = instructions.cli_instructions([], CHILD_ENV, python_args=["-c", "import numpy, lark, typer, rich"])
    ag_total, py_total = sum(ag_count.values()), sum(py_count.values())
    row("Cold start in instructions (callgrind): `eval cold.ag` / `python -c \"import numpy, lark, typer, rich\"`",
        f"{ag_total / imports['tool']:.2f}×", f"ours {ag_total / 1e6:.0f} M, imports {imports['tool'] / 1e6:.0f} M",
        "≤ 1.3×", ag_total / imports["tool"] <= 1.3)
    row("Snippet start in instructions (callgrind): `eval cold_snippet.py` (tool + box) / `eval cold.ag`",
        f"{py_total / ag_total:.2f}×",
        f"snippet {py_total / 1e6:.0f} M (tool {py_count['tool'] / 1e6:.0f} M + box {py_count['box'] / 1e6:.0f} M), "
        f".ag {ag_total / 1e6:.0f} M", "≤ 1.3×", py_total / ag_total <= 1.3)


def check_memory(quick):
    n = 100_000
    path = write("chain100k.ag", W.program_w1(n))
    # 1.1 million nodes with the gradient: within the default MAX_NODES (2,000,000)
    wall, cpu, rss, _ = child(peak_args("eval", path))
    row(f"Memory: `autograd-cli eval` of the {n:,}-statement chain with its gradient, peak RSS MB",
        f"{rss}", f"CPU {cpu:.1f} s, wall {wall:.1f} s", "≤ 300", rss <= 300)


def check_growth(quick):
    """CPU time (time.process_time: this is single-threaded work, and CPU time does not
    depend on what else the machine runs between the three sizes)."""
    sizes = [1_000, 10_000, 100_000]
    times = []
    for n in sizes:
        source = W.program_w1(n)
        runs = []
        for _ in range(1 if quick else 2 if n >= 100_000 else 3):
            t = time.process_time()
            api.evaluate(source)
            runs.append(time.process_time() - t)
            gc.collect()
        times.append(min(runs))
    r10, r100 = times[1] / times[0], times[2] / times[0]
    row("Linear growth: `api.evaluate` (parse, build, gradient, evaluate) of the W1 chain at 10×, 100× "
        "statements, CPU time",
        f"{r10:.1f}×, {r100:.0f}×", "CPU " + ", ".join(f"{t:.2f} s" for t in times) + " (1k, 10k, 100k)",
        "≤ 11×, ≤ 110×", r10 <= 11 and r100 <= 110)


def growth_row(what, sizes, labels, fn, reps):
    """CPU time of fn(size) at three sizes (1×, 10×, 100×), the least of several runs each
    (more of the short ones: a load spike on a shared machine weighs most on those; at
    least two of the largest: its first run alone paid for fresh pages, reading 134× where
    the least of two reads 97-100×)."""
    times = []
    for size in sizes:
        runs = []
        for _ in range(reps + 2 if size == sizes[0] else reps if size != sizes[-1] else max(2, reps - 1)):
            gc.collect()
            t = time.process_time()
            fn(size)
            runs.append(time.process_time() - t)
        times.append(min(runs))
    r10, r100 = times[1] / times[0], times[2] / times[0]
    row(f"Linear growth: {what} at 10×, 100×, CPU time", f"{r10:.1f}×, {r100:.0f}×",
        "CPU " + ", ".join(f"{t:.3f} s" for t in times) + f" ({labels}) (new row)", "≤ 11×, ≤ 110×",
        r10 <= 11 and r100 <= 110)
    return times


def check_inputs(quick):
    sizes = (2_000, 20_000, 200_000)
    sources = {n: W.program_inputs(n) for n in sizes}
    growth_row("`autograd_cli.evaluate` of `reduce_sum([0.5, 0.5, ...])` (a node's inputs)", sizes,
               "2k, 20k, 200k numbers", lambda n: autograd_cli.evaluate(sources[n]), 2 if quick else 3)
    path = write("inputs.ag", sources[sizes[-1]])
    cpu = min(child(cli_args("eval", path))[1] for _ in range(1 if quick else 3))
    row("`autograd-cli eval` of `reduce_sum([...])` of 200,000 numbers, s CPU", f"{cpu:.2f}",
        "issue 16: 115 s before (new row)", "≤ 2", cpu <= 2)


def check_feed(quick):
    reps = 2 if quick else 3
    wide = {n: write(f"wide{n}.csv", W.feed_csv(2, n)) for n in (10_000, 100_000, 1_000_000)}
    growth_row("`run --feed` reading a CSV of 10k, 100k, 1M columns (2 rows; `feed.read_feed`)", list(wide),
               "10k, 100k, 1M columns", lambda n: read_feed(str(wide[n])), reps)
    long = {n: write(f"long{n}.csv", W.feed_csv(n, 2)) for n in (60_000, 600_000, 6_000_000)}
    growth_row("`run --feed` reading a CSV of 60k, 600k, 6M rows (2 columns; `feed.read_feed`)", list(long),
               "60k, 600k, 6M rows", lambda n: read_feed(str(long[n])), reps)
    program = write("feed.ag", W.FEED_PROGRAM)
    one = write("long1.csv", W.feed_csv(1, 2))
    base = min(child(peak_args("run", program, "--feed", one, "--steps", 1))[2] for _ in range(2))
    _, cpu, peak, _ = child(peak_args("run", program, "--feed", long[6_000_000], "--steps", 1))
    numbers = 6_000_000 * 2 * 8 / 2**20
    extra = peak - base
    row("Feed memory: `run --feed` of the 6M-row, 2-column CSV (96 MB of float64), peak RSS above a 1-row "
        "feed / the numbers' float64 size",
        f"{extra / numbers:.1f}×", f"{extra} MB above {base} MB; file {long[6_000_000].stat().st_size / 2**20:.0f} MB, "
        f"CPU {cpu:.1f} s (new row)", "≤ 3×", extra / numbers <= 3)
    for path in [*wide.values(), *long.values()]:
        path.unlink()


def check_json(quick):
    sizes = (10_000, 100_000, 1_000_000)
    results = {n: api.evaluate(W.program_w3(n), sets=W.data_w3(n)) for n in sizes}

    def write_json(n):
        with open(os.devnull, "w") as sink:
            for piece in pieces(eval_document(results[n])):
                sink.write(piece)
    growth_row("`eval --json` of W3 (the JSON text of n = 10^4, 10^5, 10^6; `jsonout.pieces`)", sizes,
               "10^4, 10^5, 10^6", write_json, 2 if quick else 3)
    results.clear()      # (the memory rows below measure children, not these results)
    extra = []
    for n in (sizes[0], sizes[-1]):
        path = write(f"w3_{n}.ag", W.program_w3(n))
        table = child(peak_args("eval", path))[2]
        as_json = child(peak_args("eval", path, "--json"))[2]
        extra.append(as_json - table)
    row("`eval --json` memory: peak RSS of `eval --json` above `eval`'s, W3 at n = 10^4 and 10^6 "
        "(4 MB and 60 MB of JSON)", f"{extra[0]} MB, {extra[1]} MB",
        "issue 16: 464 MB for W3 before (new row)", "independent of size (within 16 MB)",
        extra[1] - extra[0] <= 16)


def check_verify(quick):
    samples = sorted((ROOT / "samples").glob("*.ag"))
    if not samples or not _has_command("verify"):
        row("`verify` of every seed sample, s each", "n/a", "verify not available", "≤ 1.5", False)
        return
    times = {path.name: min(child(cli_args("verify", path))[1] for _ in range(1 if quick else 2))
             for path in samples}
    seeds = [p.name for p in samples if is_seed_sample(p)]
    worst = max(seeds, key=times.get)
    row(f"`verify` of every seed sample ({len(seeds)}), slowest, s CPU", f"{times[worst]:.2f} ({worst})",
        f"fastest {min(times[s] for s in seeds):.2f} s", "≤ 1.5", times[worst] <= 1.5)
    others = [name for name in times if name not in seeds]
    if others:
        worst = max(others, key=times.get)
        row(f"`verify` of the other samples ({len(others)}), slowest, s CPU", f"{times[worst]:.2f} ({worst})",
            "", "(informative)", None)


def is_seed_sample(path: Path) -> bool:
    """A sample made from an example of the seed posts (`seed_*.ag`, or saying so on line 1)."""
    return path.name.startswith("seed_") or path.read_text().lower().startswith("# seed")


def check_run(quick):
    path = ROOT / "samples" / "linear_regression.ag"
    if not path.exists() or not _has_command("run"):
        row("`run` of the linear regression sample, steps/s", "n/a", "sample or run not available",
            "≥ 5,000", False)
        return
    steps = 20_000   # the sample indexes its data by step: n rows (--set n=...)
    args = ("--set", f"n={steps}", "--json")
    one = min(child(cli_args("run", path, "--steps", 1, *args))[1] for _ in range(3))
    many = min(child(cli_args("run", path, "--steps", steps, *args))[1] for _ in range(1 if quick else 3))
    rate = steps / max(many - one, 1e-9)
    row(f"`run {path.name} --steps {steps:,} --json`, steps per CPU second (start-up excluded)",
        f"{rate:,.0f}", f"whole command {steps / many:,.0f} steps/s incl. {one:.2f} s start-up",
        "≥ 5,000", rate >= 5000)


def _has_command(name):
    proc = subprocess.run(cli_args(name, "--help"), capture_output=True, env=CHILD_ENV)
    return proc.returncode == 0


# ---------------------------------------------------------------- snippets vs TensorFlow (issue 20)

TF_ENV = {"TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0", "CUDA_VISIBLE_DEVICES": "-1",
          # one thread, as every other workload here (its pools would otherwise add their CPU)
          "TF_NUM_INTEROP_THREADS": "1", "TF_NUM_INTRAOP_THREADS": "1"}
_TF_PYTHON: list = []


def tf_python():
    """An interpreter with real TensorFlow: $AUTOGRAD_BENCH_TF_PYTHON, else this one if it
    imports tensorflow, else None (the TensorFlow rows are then skipped)."""
    if not _TF_PYTHON:
        found = None
        for candidate in (os.environ.get("AUTOGRAD_BENCH_TF_PYTHON"), sys.executable):
            if candidate and subprocess.run([candidate, "-c", "import tensorflow"], env={**CHILD_ENV, **TF_ENV},
                                            capture_output=True).returncode == 0:
                found = candidate
                break
        _TF_PYTHON.append(found)
    return _TF_PYTHON[0]


def printed(args, env=None) -> str:
    proc = subprocess.run(args, capture_output=True, text=True, env={**CHILD_ENV, **(env or {})},
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc.stdout


def step_seconds(args, env=None) -> tuple[float, float]:
    """(CPU, wall) seconds per step, as the loop itself measured and printed them."""
    line = next(t for t in printed(args, env).splitlines() if t.startswith("STEP_SECONDS "))
    cpu, wall = line.split()[1:3]
    return float(cpu), float(wall)


def check_steps(quick):
    python = tf_python()
    reps = 3 if quick else 5
    for what, source in (("eager GradientTape", W.TAPE_LOOP), ("TF1 `sess.run`", W.SESSION_LOOP)):
        path = write(f"loop_{len(source)}.py", source)
        ours_all, tf_all = [], []
        for _ in range(reps):    # alternating, so both see the same load
            ours_all.append(step_seconds(cli_args("eval", path, "--prints-only", "--time-limit", 300)))
            if python:
                tf_all.append(step_seconds([python, str(path)], TF_ENV))
        ours = [statistics.median(r[i] for r in ours_all) for i in (0, 1)]
        target = f"{what} loop of {W.LOOP_STEPS:,} steps: per-step cost / real TensorFlow 2.21's (timed inside " \
                 "the loop: imports and graph building not counted; ours in the box), CPU time (wall)"
        if not python:
            row(target, f"{ours[0] * 1e6:.0f} µs/step ({ours[1] * 1e6:.0f})",
                "TensorFlow not installed (AUTOGRAD_BENCH_TF_PYTHON=/path/to/python with TF)", "≤ 0.2×", None)
            continue
        peer = [statistics.median(r[i] for r in tf_all) for i in (0, 1)]
        row(target, f"{ours[0] / peer[0]:.2f}× ({ours[1] / peer[1]:.2f}×)",
            f"ours {ours[0] * 1e6:.0f} µs/step CPU ({ours[1] * 1e6:.0f} wall), TF {peer[0] * 1e6:.0f} µs "
            f"({peer[1] * 1e6:.0f}), one TF thread (new row)", "≤ 0.2×", ours[0] / peer[0] <= 0.2)


def check_seed(quick):
    python = tf_python()
    sample = ROOT / "samples" / "tf" / "seed000_1_gradient_descent.py"
    path = write("seed_snippet.py", W.as_compat_v1(sample.read_text(encoding="utf-8")))
    target = (f"Seed snippet end to end: `eval {sample.name}` (TF1, 20 `sess.run` steps) against `python` of it "
              "under real TensorFlow 2.21 (its import included): TF / ours, CPU time (wall)")
    reps = 3 if quick else 5
    child(cli_args("eval", path, "--prints-only"))      # the OS file cache, as for the other cold rows
    ours_all, tf_all = [], []
    for _ in range(reps):
        ours_all.append(child(cli_args("eval", path, "--prints-only")))
        if python:
            tf_all.append(child([python, str(path)], env=TF_ENV))
    med = lambda rs, i: statistics.median(r[i] for r in rs)  # noqa: E731
    if not python:
        row(target, f"ours {med(ours_all, 1):.2f} s CPU", "TensorFlow not installed", "≥ 12×", None)
        return
    row(target, f"{med(tf_all, 1) / med(ours_all, 1):.1f}× ({med(tf_all, 0) / med(ours_all, 0):.1f}×)",
        f"ours {med(ours_all, 1) * 1e3:.0f} ms CPU ({med(ours_all, 0) * 1e3:.0f} wall), TF "
        f"{med(tf_all, 1) * 1e3:.0f} ms ({med(tf_all, 0) * 1e3:.0f}) (new row)", "≥ 12×",
        med(tf_all, 1) / med(ours_all, 1) >= 12)


# The box child's peak: the CLI waits for it, so it is among the CLI's waited-for children.
_CHILD_PEAK_WRAPPER = """\
import atexit, resource, runpy, sys
atexit.register(lambda: sys.stderr.write('\\nCHILD_PEAK_KB %d\\n' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.argv = ['autograd-cli'] + sys.argv[1:]
runpy.run_module('autograd_cli', run_name='__main__', alter_sys=True)
"""


def box_peak_mb(*args) -> int:
    """The peak RSS in MB of the snippet's box child."""
    proc = subprocess.run([sys.executable, "-c", _CHILD_PEAK_WRAPPER, *map(str, args)], capture_output=True,
                          text=True, env=CHILD_ENV, stdin=subprocess.DEVNULL)
    if proc.returncode != 0 or "CHILD_PEAK_KB " not in proc.stderr:
        raise RuntimeError(f"eval {args} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return int(proc.stderr.rsplit("CHILD_PEAK_KB ", 1)[1].split()[0]) // 1024


def check_eager_memory(quick):
    small, large = 1_000, 100_000
    peaks = {}
    for steps in (small, large):
        path = write(f"eager_memory_{steps}.py", W.eager_memory_loop(steps))
        peaks[steps] = box_peak_mb("eval", path, "--prints-only", "--time-limit", 600)
    grown = peaks[large] - peaks[small]
    row(f"Eager memory: `eval` of a {large:,}-step eager loop (a new tensor, a tape and a gradient each step), "
        f"peak RSS of the box's child above the {small:,}-step loop's",
        f"{grown} MB", f"{peaks[large]} MB against {peaks[small]} MB; issue 23: the history was kept "
        "(+59 MB here before, every gradient call recorded) (new row)", "≤ 16 MB (bounded)", grown <= 16)


# ---------------------------------------------------------------- peers (optional)

def _import(name):
    try:
        return __import__(name)
    except Exception:  # noqa: BLE001 - any failure means "not available"
        return None


def peer_w1(n):
    out = {}
    torch = _import("torch")
    if torch:
        def torch_w1():
            x0 = torch.tensor(W.W1_X0, dtype=torch.float64, requires_grad=True)
            x = x0
            for _ in range(n):
                x = torch.sin(x) * 1.01 + x * 0.3
            x.backward()
        out["PyTorch eager"] = torch_w1
    hips = _import("autograd")
    if hips:
        import autograd.numpy as anp

        def chain(x):
            for _ in range(n):
                x = anp.sin(x) * 1.01 + x * 0.3
            return x
        grad = hips.grad(chain)
        out["HIPS autograd"] = lambda: grad(W.W1_X0)
    return out


def peer_w2(d):
    out = {}
    torch = _import("torch")
    if torch:
        t = {k: torch.tensor(v) for k, v in d.items()}

        def torch_w2():
            ps = [t[k].clone().requires_grad_() for k in ("W1", "b1", "W2", "b2")]
            h = torch.tanh(t["X"] @ ps[0] + ps[1])
            p = torch.softmax(h @ ps[2] + ps[3], dim=1)
            loss = -(t["Y"] * torch.log(p)).sum() / t["X"].shape[0]
            loss.backward()
        out["PyTorch eager"] = torch_w2
    hips = _import("autograd")
    if hips:
        import autograd.numpy as anp

        def loss(params):
            W1, b1, W2, b2 = params
            h = anp.tanh(d["X"] @ W1 + b1)
            z = h @ W2 + b2
            e = anp.exp(z - anp.max(z, axis=1, keepdims=True))
            p = e / anp.sum(e, axis=1, keepdims=True)
            return -anp.sum(d["Y"] * anp.log(p)) / d["X"].shape[0]
        vg = hips.value_and_grad(loss)
        params = [d[k] for k in ("W1", "b1", "W2", "b2")]
        out["HIPS autograd"] = lambda: vg(params)
    return out


def peer_w3(d):
    out = {}
    torch = _import("torch")
    if torch:
        xt = torch.tensor(d["x"])

        def torch_w3():
            x = xt.clone().requires_grad_()
            f = (100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()
            f.backward()
        out["PyTorch eager"] = torch_w3
    hips = _import("autograd")
    if hips:
        import autograd.numpy as anp

        def rosen(x):
            return anp.sum(100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)
        vg = hips.value_and_grad(rosen)
        out["HIPS autograd"] = lambda: vg(d["x"])
    return out


# ---------------------------------------------------------------- main

CHECKS = {"w1": check_w1, "w2": check_w2, "w3": check_w3, "cold": check_cold, "snippet": check_snippet,
          "instructions": check_instructions,
          "memory": check_memory, "growth": check_growth, "inputs": check_inputs, "feed": check_feed,
          "json": check_json, "verify": check_verify, "run": check_run, "steps": check_steps, "seed": check_seed,
          "eager_memory": check_eager_memory}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--only", default="", help="comma-separated: " + ",".join(CHECKS))
    opts = parser.parse_args()
    chosen = [c.strip() for c in opts.only.split(",") if c.strip()] or list(CHECKS)
    # Children import autograd_cli from src/: give them its bytecode up to date, as
    # `pip install` does for an installed copy (with PYTHONDONTWRITEBYTECODE set, every
    # child would otherwise compile each recently edited module again: 10-30 ms each).
    compileall.compile_dir(str(SRC), quiet=1)
    for name in chosen:
        print(f"[{name}]", file=sys.stderr)
        CHECKS[name](opts.quick)
    print(f"\nautograd-cli benchmarks ({time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}, "
          f"NumPy {np.__version__}, {os.cpu_count()} CPUs; one BLAS thread; in-process rows with glibc's "
          f"allocator pinned (MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=1073741824), CLI rows "
          f"unpinned; medians)\n")
    print("| target | ours | reference (same run) | goal | met |")
    print("|---|---|---|---|---|")
    for r in ROWS:
        print("| " + " | ".join(r) + " |")
    if PEERS:
        print("\n| workload | peer | figure (same run) |\n|---|---|---|")
        for p in PEERS:
            print("| " + " | ".join(p) + " |")
    else:
        print("\n(no peers importable: `pip install -e .[bench]` adds PyTorch, JAX and HIPS autograd)")


if __name__ == "__main__":
    main()
