"""Hostile snippets: no file read or written outside, no secret, no process, no socket.

Every case runs under each set of layers this system has: the kernel's rules alone (the audit
hook off, as code that defeated it would see the box), the audit hook alone (what other
systems have), and everything (what a snippet gets). Each checks what the user sees (an error
at the line, or output without the secret) and that nothing outside changed.
"""
from __future__ import annotations

import os
import socket
import sys
import threading

import pytest

from autograd_cli.sandbox.protocol import ALL_LAYERS

from .conftest import boxed

SECRET = "TOPSECRET-7f3a9c"
LINUX = sys.platform.startswith("linux")


def _kernel_available() -> bool:
    if not LINUX:
        return False
    from autograd_cli.sandbox.kernel import landlock_abi

    return landlock_abi() > 0


LAYER_SETS = [pytest.param(tuple(ALL_LAYERS), id="all")]
if "audit" in ALL_LAYERS:
    LAYER_SETS.append(pytest.param(("limits", "audit"), id="audit-only"))
if "kernel" in ALL_LAYERS:
    LAYER_SETS.append(pytest.param(("limits", "kernel"), id="kernel-only",
                                   marks=pytest.mark.skipif(not _kernel_available(), reason="no Landlock here")))


class Outside:
    """A corner of the file system the snippet must not touch, and a listener it must not reach."""

    def __init__(self, root):
        self.root = root
        self.secret = root / "secret.txt"
        self.secret.write_text(SECRET + "\n")
        self.existing = root / "existing.txt"
        self.existing.write_text("unchanged\n")
        os.utime(self.existing, (1_000_000, 1_000_000))
        self.target = root / "created"
        self.marker = root / "ran"
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        self.listening = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()
        self.before = self._snapshot()

    def _accept(self):
        while self.listening:
            try:
                connection, _ = self.listener.accept()
            except (socket.timeout, OSError):
                continue
            self.connections += 1
            connection.close()

    def _snapshot(self):
        return sorted((p.name, p.stat().st_size, p.stat().st_mode, p.stat().st_mtime)
                      for p in self.root.iterdir())

    def fill(self, template: str) -> str:
        return template.format(secret=str(self.secret), existing=str(self.existing), target=str(self.target),
                               marker=str(self.marker), dir=str(self.root), port=self.port)

    def check_untouched(self, result):
        self.listening = False
        self.thread.join(2)
        self.listener.close()
        seen = result.output + result.stderr + (result.error.message if result.error else "")
        assert SECRET not in seen and "root:x:0:0" not in seen and "hunter2" not in seen
        assert self._snapshot() == self.before, "a file outside was created or changed"
        assert self.connections == 0, "the snippet reached a socket outside"
        assert self.existing.read_text() == "unchanged\n"


@pytest.fixture
def outside(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTOGRAD_TEST_SECRET", "hunter2")
    return Outside(tmp_path)


READS = {
    "open": "print(open({secret!r}).read())\n",
    "os.open": "import os\nfd = os.open({secret!r}, os.O_RDONLY)\nprint(os.read(fd, 100))\n",
    "pathlib": "import pathlib\nprint(pathlib.Path({secret!r}).read_text())\n",
    "io.FileIO": "import io\nprint(io.FileIO({secret!r}).read())\n",
    "shutil": "import shutil, sys\nshutil.copyfileobj(open({secret!r}), sys.stdout)\n",
    "listdir": "import os\nprint(os.listdir({dir!r}), open(os.path.join({dir!r}, os.listdir({dir!r})[0])).read())\n",
    "glob": "import glob\nfor name in glob.glob({dir!r} + '/*'):\n    print(open(name).read())\n",
    "passwd": "print(open('/etc/passwd').read())\n",
    "environ": "print(open('/proc/self/environ', 'rb').read())\n",
    "parent environ": "import os\nprint(open(f'/proc/{{os.getppid()}}/environ', 'rb').read())\n",
    "linecache": "import linecache\nprint(linecache.getline({secret!r}, 1) or 'empty')\n",
    "sqlite": "import sqlite3\nprint(sqlite3.connect({secret!r}).execute('select 1').fetchall())\n",
}
WRITES = {
    "open": "open({target!r}, 'w').write('x')\n",
    "append": "open({existing!r}, 'a').write('x')\n",
    "os.open": "import os\nos.open({target!r}, os.O_CREAT | os.O_WRONLY)\n",
    "pathlib": "import pathlib\npathlib.Path({target!r}).write_text('x')\n",
    "mkdir": "import pathlib\npathlib.Path({target!r}).mkdir()\n",
    "io.FileIO": "import io\nio.FileIO({target!r}, 'w')\n",
    "shutil.copy": "import os, shutil\nshutil.copy(os.__file__, {target!r})\n",
    "mkstemp": "import tempfile\nprint(tempfile.mkstemp(dir={dir!r}))\n",
    "mkdtemp": "import tempfile\nprint(tempfile.mkdtemp(dir={dir!r}))\n",
    "mkfifo": "import os\nos.mkfifo({target!r})\n",
    "symlink": "import os\nos.symlink('/etc/passwd', {target!r})\n",
    "link": "import os\nos.link({existing!r}, {target!r})\n",
    "rename": "import os\nos.rename({existing!r}, {target!r})\n",
    "remove": "import os\nos.remove({existing!r})\n",
    "chmod": "import os\nos.chmod({existing!r}, 0o777)\n",
    "truncate": "import os\nos.truncate({existing!r}, 0)\n",
    "utime": "import os\nos.utime({existing!r}, (0, 0))\n",
    "sqlite": "import sqlite3\nsqlite3.connect({target!r}).execute('create table t(a)')\n",
    "logging": "import logging\nlogging.basicConfig(filename={target!r})\nlogging.warning('x')\n",
}
PROCESSES = {
    "os.system": "import os\nstatus = os.system('touch {marker}')\nassert status == 0, status\n",
    "os.popen": "import os\nos.popen('touch {marker}').read()\nassert os.path.exists({marker!r})\n",
    "subprocess": "import subprocess\nsubprocess.run(['touch', {marker!r}])\n",
    "fork": "import os\nif os.fork() == 0:\n    open({marker!r}, 'w')\n",
    "execv": "import os\nos.execv('/usr/bin/touch', ['touch', {marker!r}])\n",
    "posix_spawn": "import os\nos.posix_spawn('/usr/bin/touch', ['touch', {marker!r}], {{}})\n",
    "spawnv": "import os\nstatus = os.spawnv(os.P_WAIT, '/usr/bin/touch', ['touch', {marker!r}])\nassert status == 0\n",
    "pty": "import pty\npty.spawn(['touch', {marker!r}])\n",
    "multiprocessing": "import multiprocessing\np = multiprocessing.Process(target=print)\np.start()\np.join()\n",
    "kill init": "import os\nos.kill(1, 0)\n",
    "kill parent": "import os\nos.kill(os.getppid(), 0)\n",
}
NETWORK = {
    "socket": "import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)\n",
    "urllib": "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:{port}/', timeout=2)\n",
    "http.client": "import http.client\nhttp.client.HTTPConnection('127.0.0.1', {port}, timeout=2).request('GET', '/')\n",
    "ipv6": "import socket\nsocket.create_connection(('::1', {port}), timeout=2)\n",
    "unix": "import socket\nsocket.socket(socket.AF_UNIX).connect('/run/systemd/private')\n",
    "udp": "import socket\nsocket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('127.0.0.1', {port}))\n",
    "server": "import socket\nsocket.create_server(('127.0.0.1', 0))\n",
    "socketpair": "import socket\nsocket.socketpair()\n",
}
# ctypes straight to the C library: the audit hook refuses the calls; with it off, the kernel does.
CTYPES = {
    "libc open": ("import ctypes\nlibc = ctypes.CDLL(None)\nfd = libc.open({secret!r}.encode(), 0)\n"
                  "buffer = ctypes.create_string_buffer(100)\nlibc.read(fd, buffer, 100)\nprint(fd, buffer.value)\n"),
    "libc creat": "import ctypes\nprint(ctypes.CDLL(None).creat({target!r}.encode(), 0o644))\n",
    "libc socket": "import ctypes\nlibc = ctypes.CDLL(None)\nprint(libc.socket(2, 1, 0))\n",
    "libc system": "import ctypes\nprint(ctypes.CDLL(None).system('touch {marker}'.encode()))\n",
    "libc fork": "import ctypes\nprint(ctypes.CDLL(None).fork())\n",
    "raw syscall": "import ctypes\nprint(ctypes.CDLL(None).syscall(57))\n",   # fork on x86-64
}
# Python's library swallows the refusal: nothing happens, nothing is said.
QUIET = {"read glob", "read linecache"}
REFUSALS = ("PermissionError",)
ALL_CASES = {**{f"read {k}": v for k, v in READS.items()}, **{f"write {k}": v for k, v in WRITES.items()},
             **{f"process {k}": v for k, v in PROCESSES.items()}, **{f"network {k}": v for k, v in NETWORK.items()},
             **{f"ctypes {k}": v for k, v in CTYPES.items()}}


@pytest.mark.parametrize("layers", LAYER_SETS)
@pytest.mark.parametrize("name", sorted(ALL_CASES))
def test_a_hostile_snippet_reaches_nothing_outside(name, layers, outside):
    result = boxed(outside.fill(ALL_CASES[name]), layers=list(layers), seconds=3)
    outside.check_untouched(result)
    assert not outside.marker.exists()
    if name in QUIET:
        assert result.error is None and "TOPSECRET" not in result.output
    elif "audit" in layers and not name.startswith("ctypes"):
        # a refusal, at the line that tried, saying what the snippet does not have
        assert result.error is not None and result.error.type_name in REFUSALS, result.error
        assert result.error.message.startswith("the snippet has no"), result.error.message
        assert result.error.line is not None
    elif result.error is not None:
        assert result.error.line is not None, result.error
        assert result.error.type_name not in ("Crash", "TimeLimitError"), result.error


@pytest.mark.parametrize("layers", LAYER_SETS)
def test_python_and_numpy_still_work_inside(layers):
    source = ("import numpy as np, json, hashlib, random, math, collections, dataclasses, os, time, sys\n"
              "a = np.linspace(0, 1, 5) @ np.ones(5)\n"
              "print(float(a), hashlib.sha256(b'x').hexdigest()[:8], json.dumps({'k': [1]}))\n"
              "import threading\nt = threading.Thread(target=print, args=('thread',))\nt.start(); t.join()\n")
    result = boxed(source, layers=list(layers), seconds=5)
    assert result.error is None, result.error
    assert result.output == "2.5 2d711642 {\"k\": [1]}\nthread\n"


@pytest.mark.skipif(not _kernel_available(), reason="no Landlock here")
def test_the_kernel_layers_are_in_force_on_linux():
    result = boxed("pass\n")
    layers = result.layers
    assert layers["landlock"] >= 1 and layers["capabilities_dropped"] is True
    if os.path.exists("/usr/lib/x86_64-linux-gnu/libseccomp.so.2") or layers["seccomp"]:
        assert layers["seccomp"] is True
    assert {"RLIMIT_AS", "RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_NOFILE", "RLIMIT_CORE"} <= set(layers["rlimits"])


@pytest.mark.skipif(not _kernel_available(), reason="no Landlock here")
def test_limits_cannot_be_raised_from_inside():
    source = ("import resource\nsoft, hard = resource.getrlimit(resource.RLIMIT_AS)\n"
              "resource.setrlimit(resource.RLIMIT_AS, (hard + 1, hard + 1))\n")
    result = boxed(source, layers=["limits", "kernel"])
    assert result.error is not None and result.error.line == 3
