"""Output never breaks: a reader that goes away (`| head -1`), terminals that cannot show
Unicode (LC_ALL=C, PYTHONIOENCODING=ascii), large tensors in tables; files written whole."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import SRC, cli

BIG = "w = variable(1.0)\nv = zeros([5000]) + w\n" + "".join(f"a{k} = w * {k}\n" for k in range(1500))
UNICODE = 'w = variable(2.0)\ny = w * w\ng = gradients(y, w)\n"café ✓ →"\n'


def _commands() -> list:
    from autograd_cli.cli.app import app

    return sorted(c.name or c.callback.__name__ for c in app.registered_commands)


# How each command is driven to produce output; a command not listed gets [name, FILE].
INVOCATIONS = {
    "eval": [["eval", "{f}"], ["eval", "{f}", "--json"]],
    "run": [["run", "{f}", "--steps", "3"], ["run", "{f}", "--steps", "3", "--json"]],
    "verify": [["verify", "{s}"], ["verify", "{s}", "--json"]],
    "explain": [["explain", "{s}"], ["explain", "{s}", "--json"]],
    "graph": [["graph", "{s}"], ["graph", "{s}", "--format", "mermaid"]],
    "functions": [["functions"], ["functions", "--json"]],
    "docs": [["docs"], ["docs", "language"], ["docs", "--json"]],
    "samples": [["samples"], ["samples", "--json"]],
    "report": [["report", "{s}", "-o", "-"]],
}


def _invocations(tmp_path, source=BIG):
    big = tmp_path / "big.ag"
    big.write_text(source, encoding="utf-8")
    small = tmp_path / "small.ag"
    small.write_text(UNICODE if source is UNICODE else "w = variable(2.0)\ny = w * w\ng = gradients(y, w)\n",
                     encoding="utf-8")
    out = [["--help"], ["eval", "--help"]]
    for name in _commands():
        for argv in INVOCATIONS.get(name, [[name, "{f}"]]):
            out.append([a.replace("{f}", str(big)).replace("{s}", str(small)) for a in argv])
    return out


def _env(**extra):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    for name in ("PYTHONIOENCODING", "PYTHONUTF8", "LC_ALL", "LC_CTYPE", "LANG"):
        env.pop(name, None)
    env.update(extra)
    return env


def _closed_reader(argv, lines_read: int, env=None):
    """Run the CLI with stdout into a pipe that is closed after `lines_read` lines."""
    proc = subprocess.Popen([sys.executable, "-m", "autograd_cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env or _env(PYTHONIOENCODING="utf-8"))
    for _ in range(lines_read):
        proc.stdout.readline()
    proc.stdout.close()
    try:
        err = proc.stderr.read().decode("utf-8", "replace")
        code = proc.wait(timeout=60)
    finally:
        proc.kill()
    return code, err


def test_a_closed_pipe_ends_every_command_quietly(tmp_path):
    everything = [(argv, 0) for argv in _invocations(tmp_path)]
    for argv, lines_read in everything + [(everything[2][0], 1), (everything[3][0], 1)]:  # eval, eval --json
        code, err = _closed_reader(argv, lines_read)
        assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipe" not in err, (argv, err)
        # verify may legitimately say 1; help text comes from typer's own rich console,
        # which ends a broken pipe with a quiet exit 1.
        assert code == 0 or (code == 1 and (argv[0] == "verify" or "--help" in argv)), (argv, code, err)


def test_head_dash_1_in_a_shell(tmp_path):
    prog = tmp_path / "big.ag"
    prog.write_text(BIG)
    for extra in ("", " --json"):
        proc = subprocess.run(f"{sys.executable} -m autograd_cli eval {prog}{extra} | head -1", shell=True,
                              capture_output=True, text=True, env=_env(PYTHONIOENCODING="utf-8"), timeout=60)
        assert proc.stderr == "" and proc.returncode == 0
        assert len(proc.stdout.splitlines()) == 1


@pytest.mark.parametrize("env", [{"LC_ALL": "C", "LANG": "C"}, {"PYTHONIOENCODING": "ascii"}],
                         ids=["LC_ALL=C", "PYTHONIOENCODING=ascii"])
def test_ascii_terminals_get_ascii_output(tmp_path, env):
    everything = _invocations(tmp_path, UNICODE)
    chosen = everything if "PYTHONIOENCODING" in env else everything[2:4]  # LC_ALL=C: eval table and JSON
    env = _env(PYTHONUTF8="0", **env)
    for argv in chosen:
        proc = subprocess.run([sys.executable, "-m", "autograd_cli", *argv], capture_output=True,
                              env=env, timeout=60)
        out, err = proc.stdout.decode("ascii"), proc.stderr.decode("ascii", "replace")  # stdout: ASCII only
        assert "Traceback" not in err and "UnicodeEncodeError" not in err, (argv, err)
        assert proc.returncode in (0, 1), (argv, err)
        if "--json" in argv and argv[0] == "eval":
            values = json.loads(out)["values"]
            assert values['"café ✓ →"'] == "café ✓ →"  # escaped, so the same document


def test_ascii_terminal_error_with_unicode_source(tmp_path):
    prog = tmp_path / "p.ag"
    prog.write_text("x = 1\ny = x × 2\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(prog)], capture_output=True,
                          env=_env(PYTHONIOENCODING="ascii", PYTHONUTF8="0"), timeout=60)
    err = proc.stderr.decode("ascii")
    assert proc.returncode == 2 and "Traceback" not in err
    assert ":2:7: unexpected character" in err and "^" in err


def test_tables_summarise_large_tensors_but_json_is_complete(tmp_path):
    prog = tmp_path / "p.ag"
    prog.write_text("v = linspace(0, 1, 100000)\nm = ones([300, 300])\nl = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                    "s = \"" + "z" * 5000 + "\"\n")
    table = cli("eval", prog)
    assert table.returncode == 0, table.stderr
    assert len(table.stdout) < 5000, "a table shows a summary"
    assert "..." in table.stdout and "(10 items)" in table.stdout
    doc = json.loads(cli("eval", prog, "--json").stdout)["values"]
    assert len(doc["v"]) == 100000 and doc["v"][-1] == 1.0
    assert len(doc["m"]) == 300 and all(len(row) == 300 for row in doc["m"])
    assert doc["l"] == [float(k) for k in range(1, 11)]
    assert doc["s"] == "z" * 5000


# ---------------------------------------------------------------- files written whole or not at all

def test_atomic_write_replaces_whole(tmp_path):
    from autograd_cli.support.files import atomic_write

    target = tmp_path / "g.dot"
    atomic_write(target, "first")
    atomic_write(target, "second ✓")
    assert target.read_text(encoding="utf-8") == "second ✓"
    atomic_write(target, b"\x00bytes")
    assert target.read_bytes() == b"\x00bytes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.dot"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path, monkeypatch):
    from autograd_cli.support import files
    from autograd_cli.support.errors import AgError

    target = tmp_path / "g.dot"
    target.write_text("old")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(AgError, match="No space left"):
        files.atomic_write(target, "new" * 1000)
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.dot"], "no temporary file left behind"


def test_atomic_write_interrupted_leaves_nothing(tmp_path, monkeypatch):
    from autograd_cli.support import files

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.atomic_write(tmp_path / "new.dot", "data")
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_bad_targets(tmp_path):
    from autograd_cli.support.errors import AgError
    from autograd_cli.support.files import atomic_write

    with pytest.raises(AgError, match="is a directory"):
        atomic_write(tmp_path, "x")
    with pytest.raises(AgError, match="cannot write"):
        atomic_write(tmp_path / "no" / "such" / "dir.dot", "x")


def test_every_symbol_in_the_source_has_an_ascii_spelling():
    import re

    from autograd_cli.render.symbols import ASCII_FALLBACK

    package = SRC / "autograd_cli"
    used = set()
    for path in package.rglob("*.py"):
        if "tensorflow" in path.relative_to(package).parts:
            continue    # what the TensorFlow package prints is the snippet's own output, as Keras prints it
        used |= set(re.findall(r"[^\x00-\x7f]", path.read_text(encoding="utf-8")))
    box = set("┏│─")  # rich swaps its boxes itself (box.ASCII)
    missing = {ch for ch in used - box if ord(ch) not in ASCII_FALLBACK}
    assert not missing, f"add an ASCII spelling to render/symbols.py for: {sorted(missing)}"


def test_ascii_terminals_get_symbols_spelled_out(tmp_path):
    prog = tmp_path / "p.ag"
    prog.write_text("w = variable(2.0)\ny = w * w\ng = gradients(y, w)\n")
    for command in [c for c in ("verify", "explain") if c in _commands()]:
        proc = subprocess.run([sys.executable, "-m", "autograd_cli", command, str(prog)], capture_output=True,
                              env=_env(PYTHONIOENCODING="ascii"), timeout=60)
        out = proc.stdout.decode("ascii")
        assert proc.returncode == 0 and "\\u" not in out and "ok" in out, out


def test_atomic_write_into_a_pipe_writes_into_it(tmp_path):
    # Found by hand: `graph -o /dev/null` run as root replaced the device node with a file.
    # A target that is not a regular file is written to, never replaced.
    import stat
    import threading

    from autograd_cli.support.files import atomic_write

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, "digraph {}\n")
    reader.join(10)
    assert got == [b"digraph {}\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_atomic_write_through_a_symlink_keeps_the_link(tmp_path):
    from autograd_cli.support.files import atomic_write

    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "g.dot"
    real.write_text("old")
    link = tmp_path / "link.dot"
    link.symlink_to(real)
    atomic_write(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new"
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["g.dot"]
