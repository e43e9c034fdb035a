"""The hostile corpus (cases.toml + programs/): every malformed or hostile program and
command line goes through the CLI's entry point in its own process, in an empty temporary
working directory. Each must exit 2 (unless the table says otherwise) within 10 s, print
`FILE:LINE:COL: message`, the source line and a caret under the column, never a
traceback, nothing on stdout; escape attempts must leave the directory untouched.

How a case runs: a sample of cases (SUBPROCESS, one or more per kind) runs as
`python -m autograd_cli ...` (conftest `cli`); the rest run `autograd_cli.cli.main()` in a
forked child with its own argv, cwd, stdin/stdout/stderr files and exit code: the same
code path without paying interpreter start-up 140 times (the suite must stay fast).
`AG_CORPUS_SUBPROCESS=all python -m pytest tests/hostile` runs every case as a subprocess.
"""
from __future__ import annotations

import base64
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import cli

HERE = Path(__file__).resolve().parent
CASES = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))["case"]
TIMEOUT = 10  # seconds: "well under 10 s" (a hang guard, not a benchmark)


# Programs too large or too odd to keep in git: name -> (bytes, extra argv or None).
def _make(name: str, folder: Path):
    big = 1 << 20
    text = {
        "mb_string": 'x = "' + "a" * big + "\n",
        "mb_sum": "x = " + "1 + " * (big // 4) + "1\n",
        "deep_minus": "x = " + "-" * 10_000 + "1\n",
        "deep_paren_sums": "x = " + "(" * 10_000 + "1" + " + 1)" * 10_000 + "\n",
        "deep_calls": "x = " + "exp(" * 10_000 + "0" + ")" * 10_000 + "\n",
        "deep_lists": "x = " + "[" * 10_000 + "1" + "]" * 10_000 + "\n",
        "deep_parens": "x = " + "(" * 10_000 + "1" + ")" * 10_000 + "\n",
        # issue 15: small inputs, large work
        "nested_by_reassignment": "x = 1\n" + "x = [x]\n" * 12_000,
        "index_chain": "x = [0, 0]\ni = 0\ny = " + "x[" * 40 + "i" + "]" * 40 + "\n",
        "defs_doubling": "z = 0\ndef f0(x) = x + 1\n"
                         + "".join(f"def f{k}(x) = [f{k - 1}(x), f{k - 1}(x)][z]\n" for k in range(1, 31))
                         + "y = f30(1.0)\n",
    }
    if name in text:
        (folder / "prog.ag").write_text(text[name], encoding="utf-8")
        return "prog.ag", None
    if name == "deep_json_set":
        return None, ["--set", "x=" + "[" * 50_000 + "]" * 50_000]
    if name == "unreadable":
        if os.geteuid() == 0:  # root reads through any mode bits
            return "/proc/self/mem", None
        path = folder / "locked.ag"
        path.write_text("x = 1\n")
        path.chmod(0)
        return "locked.ag", None
    raise KeyError(name)


def _listing(folder: Path):
    return sorted((str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in folder.rglob("*"))


def _commands() -> set:
    from autograd_cli.cli.app import app

    return {c.name or c.callback.__name__ for c in app.registered_commands}


def _run(case: dict) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="hostile-"))
    try:
        program, extra = None, []
        if "file" in case:
            program = case["file"]
            shutil.copy(HERE / "programs" / program, folder / program)
        for name, text in case.get("files", {}).items():
            raw = base64.b64decode(text[7:]) if text.startswith("base64:") else text.encode("utf-8")
            (folder / name).write_bytes(raw)
        if "make" in case:
            made, more = _make(case["make"], folder)
            program = made or program
            extra = more or []
        argv = [a.replace("{file}", program or "") for a in case.get("argv", ["eval", "{file}"])] + extra
        stdin = (folder / program).read_text(encoding="utf-8") if case.get("stdin") else None
        before = _listing(folder)
        try:
            if _via_subprocess(case):
                proc = cli(*argv, stdin=stdin, cwd=folder, timeout=TIMEOUT)
            else:
                proc = _forked_main(argv, stdin, folder)
        except subprocess.TimeoutExpired:
            return {"timeout": True}
        source = None
        if program and not program.startswith("/"):
            source = (folder / program).read_bytes()
        return {"timeout": False, "proc": proc, "argv": argv, "source": source,
                "unchanged": _listing(folder) == before}
    finally:
        for p in folder.rglob("*"):
            p.chmod(0o700)
        shutil.rmtree(folder, ignore_errors=True)


SUBPROCESS = {
    "syntax-unclosed-paren", "syntax-nul-byte", "syntax-invalid-utf8", "syntax-1mb-unterminated-string",
    "syntax-10000-unary-minus", "name-unknown-function-suggestion", "args-bad-unconnected",
    "shape-matmul-inner", "limit-zeros-1e10", "limit-dev-zero", "state-assign-to-non-variable",
    "file-missing", "file-directory", "file-unreadable", "cli-set-bad-value", "cli-unknown-option",
    "cli-stdin-syntax-error", "cli-feed-missing", "escape-dunder-import", "escape-open", "escape-eval",
    "escape-attribute", "escape-import", "escape-via-stdin", "escape-format-string",
}


def _via_subprocess(case) -> bool:
    return os.environ.get("AG_CORPUS_SUBPROCESS") == "all" or case["id"] in SUBPROCESS


@functools.lru_cache(maxsize=1)
def _warm():
    """Import once in the parent what every child would otherwise import again."""
    import importlib

    from autograd_cli.language.syntax import _parser

    _parser()
    for name in ("autograd_cli.api", "autograd_cli.render.tables", "autograd_cli.render.jsonout",
                 "rich.console", "rich.table", "rich.markup", "typer.rich_utils"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from autograd_cli.cli.app import app

    import contextlib
    import io

    from autograd_cli.cli import main

    for command in app.registered_commands:  # typer imports its option machinery on first use
        name = command.name or command.callback.__name__
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            old_argv, sys.argv = sys.argv, ["autograd-cli", name, str(Path(tempfile.gettempdir()) / "-missing-")]
            try:
                main()
            except SystemExit:
                pass
            finally:
                sys.argv = old_argv


def _forked_main(argv, stdin, folder: Path) -> subprocess.CompletedProcess:
    """Run `autograd-cli ARGV` as cli.main() in a forked child; like subprocess.run."""
    import gc
    import io
    import signal
    import time

    from autograd_cli import cli as cli_module

    _warm()
    out_path, err_path, in_path = folder.parent / f"{folder.name}.out", folder.parent / f"{folder.name}.err", \
        folder.parent / f"{folder.name}.in"
    in_path.write_text(stdin or "", encoding="utf-8")
    gc.freeze()  # the child then does not touch (and copy) the parent's objects to collect them
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            os.chdir(folder)
            for fd, path, mode in ((0, in_path, os.O_RDONLY), (1, out_path, os.O_WRONLY | os.O_CREAT),
                                   (2, err_path, os.O_WRONLY | os.O_CREAT)):
                os.dup2(os.open(path, mode, 0o600), fd)
            sys.stdin = io.TextIOWrapper(io.FileIO(0, "rb", closefd=False), encoding="utf-8")
            sys.stdout = io.TextIOWrapper(io.FileIO(1, "wb", closefd=False), encoding="utf-8")
            sys.stderr = io.TextIOWrapper(io.FileIO(2, "wb", closefd=False), encoding="utf-8",
                                          errors="backslashreplace")
            sys.argv = ["autograd-cli", *argv]
            try:
                cli_module.main()
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            except BaseException:
                import traceback

                traceback.print_exc()
                code = 1
        finally:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except BaseException:
                    pass
            os._exit(code)
    deadline = time.monotonic() + TIMEOUT
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise subprocess.TimeoutExpired(argv, TIMEOUT)
        time.sleep(0.005)
    texts = [p.read_bytes().decode("utf-8", "replace") for p in (out_path, err_path)]
    for p in (out_path, err_path, in_path):
        p.unlink()
    return subprocess.CompletedProcess(argv, os.waitstatus_to_exitcode(status), *texts)


@pytest.fixture(scope="module")
def results(request):
    chosen = [item.callspec.params["case"] for item in request.session.items
              if getattr(item, "originalname", "") == "test_case" and item.module is request.module]
    # Forks first, from this single thread; then the subprocesses, side by side.
    done = {c["id"]: _run(c) for c in chosen if not _via_subprocess(c)}
    rest = [c for c in chosen if _via_subprocess(c)]
    with ThreadPoolExecutor(max_workers=max(2, (os.cpu_count() or 2))) as pool:
        done.update(zip([c["id"] for c in rest], pool.map(_run, rest)))
    return done


def test_corpus_is_large_enough():
    assert len(CASES) >= 60
    assert len({c["id"] for c in CASES}) == len(CASES)
    kinds = {c["id"].split("-")[0] for c in CASES}
    assert {"syntax", "name", "args", "shape", "state", "file", "cli", "escape", "limit"} <= kinds


def test_every_program_file_is_in_the_table():
    used = {c["file"] for c in CASES if "file" in c}
    assert used == {p.name for p in (HERE / "programs").iterdir()}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, results):
    if case.get("requires") and case["requires"] not in _commands():
        pytest.skip(f"command {case['requires']!r} does not exist yet")
    result = results[case["id"]]
    assert not result["timeout"], f"no answer within {TIMEOUT} s"
    proc = result["proc"]
    both = proc.stdout + proc.stderr
    assert "Traceback" not in both, both[-3000:]
    assert proc.returncode == case["exit"], proc.stderr
    if case.get("absent"):  # e.g. raw control characters: nothing may reach the terminal
        assert not re.search(case["absent"], both), repr(both[:2000])
    if case["exit"] == 0:
        assert re.search(case["stdout"], proc.stdout), proc.stdout[:2000]
    else:
        assert proc.stdout == "" or case.get("partial_output"), "errors go to stderr only"
        _check_message(case, result, proc.stderr)
    if case.get("escape"):
        assert result["unchanged"], "the working directory changed"


def _check_message(case, result, stderr):
    lines = stderr.rstrip("\n").split("\n")
    where = case["where"]
    if not where:
        assert re.search(case["message"], stderr), stderr
        return
    display = "<stdin>" if case.get("stdin") else result["argv"][1]
    line, col = where.split(":")
    head = re.match(re.escape(display) + rf":{line}:(\d+): (.*)", lines[0])
    assert head, f"no {display}:{where}: location in {lines[0][:300]!r}"
    assert col == "*" or head.group(1) == col, f"column {head.group(1)}, expected {col}: {lines[0][:300]}"
    assert re.search(case["message"], head.group(2)), lines[0][:300]
    # the source line, then a caret under the column
    assert len(lines) == 3, stderr[:2000]
    assert lines[2].strip() == "^", lines[2]
    # lines as the parser counts them (str.splitlines also splits at U+2028, form feed...)
    text = re.split(r"\r\n|\r|\n", result["source"].decode("utf-8", "replace"))[int(line) - 1]
    if len(text) <= 100 and not re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", text):
        assert lines[1] == "  " + text
        assert lines[2].index("^") - 2 == int(head.group(1)) - 1
    else:  # a long line is shown clipped around the column
        assert len(lines[1]) <= 2 + 100 + 6
