"""The audit hook's refusals: what the user is told, and what stays possible."""
from __future__ import annotations

import pytest

from .conftest import boxed, located

AUDIT_ONLY = ["limits", "audit"]     # what a system without the kernel's rules has


@pytest.mark.parametrize("layers", [None, AUDIT_ONLY], ids=["all", "audit-only"])
@pytest.mark.parametrize("source, line, words", [
    ("x = 1\nprint(open('/etc/passwd').read())\n", 2, ["the snippet has no files", "'/etc/passwd'", "outside"]),
    ("open('/tmp/out.txt', 'w')\n", 1, ["the snippet has no files", "for writing"]),
    ("import os\n\nos.system('ls')\n", 3, ["the snippet has no processes", "os.system"]),
    ("import subprocess\nsubprocess.run(['ls'])\n", 2, ["the snippet has no processes", "subprocess.Popen"]),
    ("import socket\nsocket.create_connection(('127.0.0.1', 9))\n", 2, ["the snippet has no network"]),
    ("import urllib.request\nurllib.request.urlopen('http://example.com')\n", 2, ["the snippet has no network"]),
    ("import ctypes\nctypes.CDLL('libc.so.6')\n", 2, ["C libraries", "ctypes.dlopen"]),
    ("import ctypes\nctypes.CDLL(None).getpid()\n", 2, ["C libraries"]),
    ("import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\n", 2, ["change the box"]),
    ("import faulthandler\nfaulthandler.cancel_dump_traceback_later()\n", 2, ["change the box"]),
    ("import resource\nresource.setrlimit(resource.RLIMIT_CPU, (100, 100))\n", 2, ["change the box"]),
    ("import gc\nobjects = gc.get_objects()\n", 2, ["change the box"]),
])
def test_a_refusal_says_what_the_snippet_has_not(source, line, words, layers):
    error = located(boxed(source, layers=layers), "PermissionError", line, *words)
    assert error.kind == "refused"


def test_a_refusal_a_library_swallowed_is_still_mentioned():
    located(boxed("import tempfile\n\nf = tempfile.TemporaryFile()\n", layers=AUDIT_ONLY),
                    "FileNotFoundError", 3, "No usable temporary directory", "before this, the box refused",
                    "the snippet has no files")


@pytest.mark.parametrize("layers", [None, AUDIT_ONLY], ids=["all", "audit-only"])
def test_what_stays_possible(layers):
    source = ("import json, os, socket, subprocess, urllib.request, multiprocessing, ctypes, sqlite3\n"
              "import tempfile, shutil, pathlib, logging, threading, signal\n"
              "print(len(open(json.__file__).read()) > 1000)\n"          # Python's own files are readable
              "print(sqlite3.connect(':memory:').execute('select 41 + 1').fetchone())\n"
              "print(ctypes.string_at(id(b'abc') + 32, 3) == b'abc' or 'layout')\n"
              "handler = lambda number, frame: None\nsignal.signal(signal.SIGINT, handler)\n"
              "assert signal.getsignal(signal.SIGINT) is handler\n"
              "logging.warning('to stderr')\n")
    result = boxed(source, layers=layers)
    assert result.error is None, result.error
    assert result.output.splitlines()[:2] == ["True", "(42,)"]
    assert "to stderr" in result.stderr


def test_only_the_c_functions_the_snippet_job_bound_may_be_called():
    """The snippet job binds the C library's logf, sinf and cosf before the lockdown (the
    random streams call them) and names them to the hook: calling those is allowed, any
    other C function is refused. `_ctypes.call_function` raises the audit event on every
    Python this runs on (newer ones raise it for each ctypes call)."""
    from autograd_cli.sandbox import Limits, run_boxed

    source = ("import _ctypes, ctypes, sys\n"
              "bound = sorted(sys.modules['autograd_cli.sandbox.audit']._ALLOWED_C_FUNCTIONS)\n"
              "assert len(bound) == 3\n"
              "_ctypes.call_function(bound[0], (ctypes.c_float(1.0),))\n"
              "print('logf allowed')\n"
              "buffer = ctypes.create_string_buffer(4)\n"
              "_ctypes.call_function(ctypes._memset_addr, (ctypes.addressof(buffer), 0, 4))\n")
    printed = []
    result = run_boxed("autograd_cli.snippets.job", {"seed": None}, source, "prog.py",
                       Limits(seconds=5.0, memory=1 << 30), on_output=printed.append)
    assert "logf allowed" in "".join(printed)
    located(result, "PermissionError", 7, "C libraries", "calling a C function")
