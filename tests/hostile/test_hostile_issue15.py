"""Issue 15, each item reduced to a regression test: I/O failures on every stream,
environment values, signals and temporary files, the memory budget, `--json` of deep
and large values, warnings for inf literals, tables of many-dimensional tensors.
(Program-only cases are in cases.toml.)"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import SRC, cli

pytestmark = pytest.mark.filterwarnings("ignore")


def _env(**more):
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    env.update(more)
    return env


def _run(argv, cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=None,
         timeout=30, pass_fds=()):
    return subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, argv)], cwd=cwd, stdin=stdin,
                          stdout=stdout, stderr=stderr, env=env or _env(), timeout=timeout, pass_fds=pass_fds)


def _write(tmp_path: Path, text: str, name: str = "p.ag") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- closed and full streams

def _closed(fd: int):
    def close():
        os.close(fd)
    return close


def test_closed_stdin_is_a_message(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", "-"], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, preexec_fn=_closed(0), timeout=30)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("<stdin>: cannot read the program: standard input is closed")


def test_closed_stdout_is_a_message(tmp_path):
    program = _write(tmp_path, "x = 1\n")
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(program)], cwd=tmp_path,
                          env=_env(), stderr=subprocess.PIPE, text=True, preexec_fn=_closed(1), timeout=30)
    assert proc.returncode == 2, proc.stderr
    assert "cannot write the output: standard output is closed" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["eval", "{f}"], ["eval", "{f}", "--json"],
                                  ["run", "{f}", "--steps", "3", "--json"], ["run", "{f}", "--steps", "3"]])
def test_a_full_stdout_is_a_message(tmp_path, argv):
    program = _write(tmp_path, "v = variable(1.0)\na = assign_add(v, 1)\n")
    with open("/dev/full", "w") as full:
        proc = _run([a.replace("{f}", str(program)) for a in argv], tmp_path, stdout=full)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "cannot write the output: No space left on device" in err and "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_stderr_still_exits_2(tmp_path):
    program = _write(tmp_path, "y = q\n")
    with open("/dev/full", "w") as full:
        proc = _run(["eval", program], tmp_path, stderr=full)
    assert proc.returncode == 2
    assert proc.stdout == b""


def test_a_fifo_without_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "prog.ag"
    os.mkfifo(fifo)
    start = time.monotonic()
    proc = _run(["eval", fifo], tmp_path, timeout=20)
    assert time.monotonic() - start < 15
    assert proc.returncode == 2
    assert b"cannot read the program: nothing arrived from the pipe" in proc.stderr


def test_a_fifo_with_a_writer_is_read(tmp_path):
    fifo = tmp_path / "prog.ag"
    os.mkfifo(fifo)
    child = subprocess.Popen([sys.executable, "-m", "autograd_cli", "eval", str(fifo), "--json"], cwd=tmp_path,
                             env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(fifo, "w") as writer:
        writer.write("x = 2\n")
    out, err = child.communicate(timeout=30)
    assert child.returncode == 0, err
    assert json.loads(out)["values"] == {"x": 2.0}


# ---------------------------------------------------------------- environment values

@pytest.mark.parametrize("value", ["12345678901234567890123", "3e8", "garbage", "-1", "0", "\u0663"])
@pytest.mark.parametrize("name", ["MAX_PROGRAM_BYTES", "MAX_NESTING", "MAX_MEMORY", "MAX_FEED_BYTES"])
def test_every_environment_value_is_checked(tmp_path, name, value, monkeypatch):
    from autograd_cli.support.errors import AgError
    from autograd_cli.support.limits import check_environment

    monkeypatch.setenv(f"AUTOGRAD_CLI_{name}", value)
    with pytest.raises(AgError, match=f"AUTOGRAD_CLI_{name}=.* must be a positive integer.*, at most"):
        check_environment()


def test_a_bad_environment_value_is_exit_2_through_the_cli(tmp_path):
    program = _write(tmp_path, "x = 1\n")
    for name, value in (("MAX_PROGRAM_BYTES", "1" * 23), ("MAX_NESTING", "3e8"), ("MAX_FEED_BYTES", "x")):
        proc = _run(["eval", program], tmp_path, env=_env(**{f"AUTOGRAD_CLI_{name}": value}))
        assert proc.returncode == 2, proc.stderr
        assert f"AUTOGRAD_CLI_{name}=" in proc.stderr.decode() and b"Traceback" not in proc.stderr


def test_deep_lists_stop_at_the_nesting_ceiling_and_json_writes_them(tmp_path):
    # 80,000 levels segfaulted json.dumps; the nesting limit's ceiling is 30,000
    over = _run(["eval", _write(tmp_path, "x = 1\n")], tmp_path, env=_env(AUTOGRAD_CLI_MAX_NESTING="80000"))
    assert over.returncode == 2 and b"at most 30,000" in over.stderr
    deep = _write(tmp_path, "x = " + "[" * 20_000 + "1" + "]" * 20_000 + "\n", "deep.ag")
    proc = _run(["eval", deep, "--json"], tmp_path, env=_env(AUTOGRAD_CLI_MAX_NESTING="30000"), timeout=60)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert proc.stdout.startswith(b'{"values": {"x": [[[[')


# ---------------------------------------------------------------- warnings, memory

def test_an_inf_literal_warns(tmp_path):
    proc = cli("eval", _write(tmp_path, "x = 1e309\ny = -1e400\n"), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["values"] == {"x": "inf", "y": "-inf"}
    assert doc["warnings"] == ["line 1: the number 1e309 is too large for float64: it is inf",
                               "line 2: the number 1e400 is too large for float64: it is inf"]


def test_the_memory_budget_refuses_before_evaluating(monkeypatch):
    from autograd_cli.api import evaluate
    from autograd_cli.support.errors import AgError

    monkeypatch.setenv("AUTOGRAD_CLI_MAX_MEMORY", str(100_000_000))
    source = "a = ones([5000000])\nb = a + 1\nc = b * 2\nd = c - a\ne = d * d\n"
    with pytest.raises(AgError, match=r"hold its values in memory at once: .* over the limit of "
                                      r"100,000,000 \(MAX_MEMORY.*AUTOGRAD_CLI_MAX_MEMORY") as info:
        evaluate(source)
    assert info.value.pos.line == 3   # a, b (kept: named) and c pass 100 MB
    with pytest.raises(AgError, match=r"constants would take: 120,000,\d+ bytes.*MAX_MEMORY") as info:
        evaluate("a = zeros([5000000])\nb = ones([5000000])\nc = random_normal([5000000])\n")
    assert info.value.pos.line == 3
    monkeypatch.setenv("AUTOGRAD_CLI_MAX_MEMORY", str(1_000_000_000))
    assert evaluate(source).values["e"].shape == (5000000,)


def test_the_memory_budget_counts_hessians(monkeypatch):
    from autograd_cli.api import evaluate
    from autograd_cli.support.errors import AgError

    monkeypatch.setenv("AUTOGRAD_CLI_MAX_MEMORY", str(50_000_000))
    source = "x = variable(ones([2048]))\ny = reduce_sum(x * x * x)\nh = hessians(y, x)\n"
    with pytest.raises(AgError, match="MAX_MEMORY"):
        evaluate(source)


def test_the_default_memory_budget_is_a_share_of_the_machine():
    from autograd_cli.support.limits import MEMORY_FRACTION, default_memory, limit

    assert 0 < default_memory() <= os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") * MEMORY_FRACTION + 1
    assert limit("MAX_MEMORY") == default_memory() or "AUTOGRAD_CLI_MAX_MEMORY" in os.environ


# ---------------------------------------------------------------- tables

def test_tables_summarise_tensors_of_many_small_dimensions(tmp_path):
    program = _write(tmp_path, f"y = ones({[2] * 20})\nx = variable(ones({[2] * 17}))\n"
                               "g = gradients(reduce_sum(x * x), x)\n")
    proc = cli("eval", program, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout) < 5000
    assert "(1,048,576" in proc.stdout and "(131,072" in proc.stdout
    run = cli("run", program, "--steps", "2", "--fetch", "x", timeout=60)
    assert run.returncode == 0 and len(run.stdout) < 5000, run.stderr


def test_run_tables_keep_formatted_rows_not_arrays():
    from autograd_cli.render.runout import Shown, brief_row
    import numpy as np

    row = brief_row({"x": np.ones(1_000_000)})
    assert type(row["x"]) is Shown and len(row["x"]) < 100


# ---------------------------------------------------------------- verify: budgets, children, steps

@pytest.mark.parametrize("option", ["timeout", "budget"])
@pytest.mark.parametrize("value", [float("inf"), 1e300, -1.0, 0.0, float("nan")])
def test_verify_time_options_are_validated(option, value):
    from autograd_cli.support.errors import AgError
    from autograd_cli.analysis.verify import verify

    with pytest.raises(AgError, match=f"--{option} must be a number of seconds, more than 0 and at most 86,400"):
        verify("x = variable(1.0)\ng = gradients(x * x, x)\n", **{option: value})


def test_verify_time_options_through_the_cli(tmp_path):
    program = _write(tmp_path, "x = variable(1.0)\ng = gradients(x * x, x)\n")
    for args in (["--timeout", "inf"], ["--timeout", "1e300"], ["--budget", "-1"]):
        proc = cli("verify", program, *args)
        assert proc.returncode == 2 and "must be a number of seconds" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr


def test_verify_stops_at_its_total_budget():
    from autograd_cli.analysis.verify import verify

    source = "x = variable(1.5)\n" + "".join(f"g{k} = gradients(sin(x * {k + 1}) * exp(x), x)\n" for k in range(30))
    start = time.monotonic()
    report = verify(source, budget=0.5)
    assert time.monotonic() - start < 20
    assert report.ok
    assert any("time budget of 0.5 s is used up (--budget)" in s for c in report.checks for s in c.skipped)


def test_finite_differences_adapt_the_step_to_the_scale():
    # sin(x*x) at x = 1000 varies on a scale of 1/2000: a fixed step gave -68.05 for 1873.504
    from autograd_cli.analysis.verify import verify

    report = verify("x = variable(1000.0)\ny = sin(x*x)\ng = gradients(y, x)\n")
    (check,) = report.checks
    assert report.ok and not check.notes, check.notes
    assert check.finite_difference[0] == pytest.approx(2000 * __import__("math").cos(1e6), rel=1e-6)


def test_sigterm_kills_the_sympy_child_and_exits_128_plus_15(tmp_path):
    program = _write(tmp_path, "x = variable([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])\n"
                               "y = reduce_sum(tanh(x) ** 7 * exp(sin(x) ** 3) * log(1 + x ** 2) ** 5 "
                               "/ (1 + cos(x) ** 2) ** 3)\nh = hessians(y, x)\n")
    parent = subprocess.Popen([sys.executable, "-m", "autograd_cli", "verify", str(program), "--timeout", "60"],
                              cwd=tmp_path, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    children = []
    deadline = time.monotonic() + 30
    while not children and time.monotonic() < deadline and parent.poll() is None:
        time.sleep(0.2)
        try:
            with open(f"/proc/{parent.pid}/task/{parent.pid}/children") as handle:
                children = [int(p) for p in handle.read().split()]
        except OSError:
            break
    parent.send_signal(signal.SIGTERM)
    parent.communicate(timeout=30)
    if not children:
        pytest.skip("the SymPy child was not seen (too fast, or no /proc)")
    assert parent.returncode == 128 + signal.SIGTERM
    time.sleep(0.5)
    for pid in children:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2], \
            f"SymPy child {pid} outlived its parent"


def test_an_interrupted_write_leaves_no_part_file(tmp_path, monkeypatch):
    # SIGTERM/SIGHUP raise SystemExit (cli.app._exit_on_signals): atomic_write's cleanup runs
    from autograd_cli.support import files

    def killed(fd):
        raise SystemExit(128 + signal.SIGTERM)

    monkeypatch.setattr(files.os, "fsync", killed)
    with pytest.raises(SystemExit):
        files.atomic_write(str(tmp_path / "big.dot"), "digraph {}\n" * 1000)
    assert list(tmp_path.iterdir()) == []


def test_sigterm_and_sighup_exit_through_python(tmp_path):
    _write(tmp_path, "x = 1\n")
    code = ("import os, signal, sys, threading\n"
            "from autograd_cli.cli import app\n"
            "app._exit_on_signals()\n"
            "try:\n"
            "    os.kill(os.getpid(), signal.SIGHUP)\n"
            "except SystemExit as stop:\n"
            "    print('exit', stop.code)\n")
    proc = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=30)
    assert proc.stdout.strip() == f"exit {128 + signal.SIGHUP}", proc.stderr


def test_graphviz_input_is_bounded(tmp_path, monkeypatch):
    from autograd_cli.support.errors import AgError
    from autograd_cli.render import diagram_text

    monkeypatch.setattr(diagram_text.shutil if hasattr(diagram_text, "shutil") else __import__("shutil"),
                        "which", lambda name: "/bin/true")
    with pytest.raises(AgError, match=r"DOT text is 2,000,0\d\d bytes.*MAX_DOT_BYTES = 256,000"):
        diagram_text.picture("digraph {\n" + "a -> b;\n" * 250_000 + "}\n", "svg", "g.svg")


def test_a_socket_as_the_program_is_refused(tmp_path):
    import socket

    path = tmp_path / "sock.ag"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        proc = _run(["eval", path], tmp_path)
    finally:
        server.close()
    assert proc.returncode == 2
    assert b"cannot read the program" in proc.stderr and b"Traceback" not in proc.stderr


def test_zeros_like_counts_against_the_memory_budget(monkeypatch):
    from autograd_cli.api import build
    from autograd_cli.support.errors import AgError

    monkeypatch.setenv("AUTOGRAD_CLI_MAX_MEMORY", "10000000")
    with pytest.raises(AgError, match="constants would take.*MAX_MEMORY"):
        build("a = zeros([1000000])\nb = zeros_like(a)\n")


@pytest.mark.skipif(__import__("shutil").which("dot") is None, reason="needs Graphviz")
def test_a_picture_of_a_3000_line_program_is_refused_before_graphviz(tmp_path):
    source = "x0 = variable(1.0)\n" + "".join(f"x{k} = sin(x{k - 1}) * x0 + x{k - 1}\n" for k in range(1, 3000))
    proc = cli("graph", _write(tmp_path, source), "-o", tmp_path / "g.svg", cwd=tmp_path, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "MAX_DOT_BYTES = 256,000" in proc.stderr and "write -o graph.dot instead" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.ag"]   # no picture, no .part file


def test_quoting_the_last_line_of_a_large_file_is_linear():
    # source_line searched for "\r" from every line start: quadratic on a 10 MB file
    import time as clock

    from autograd_cli.support.errors import source_line

    source = "x = 1.5 * 2 + 3\n" * 300_000 + "y = 1 + * 2\n"
    start = clock.process_time()
    assert source_line(source, 300_001) == "y = 1 + * 2"
    assert clock.process_time() - start < 2.0
    assert source_line("a\r\nb\rc\nd", 3) == "c" and source_line("a\u2028b\nc", 2) == "c"
