"""The box for an unprivileged user: the same rules hold when the tool does not run as root
(no_new_privs makes Landlock and seccomp available without privileges; the ordinary file
permissions would allow everything tried here, so only the box stops it)."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .test_box_hostile import SECRET, _kernel_available

SRC = Path(__file__).resolve().parents[2] / "src"
USER = "nobody"

# Runs as the unprivileged user: the box's parent side needs only the standard library, so the
# tool's package is given without its __init__ (which loads NumPy and the rest).
PARENT = textwrap.dedent("""
    import json, sys, types
    package = types.ModuleType("autograd_cli")
    package.__path__ = [sys.argv[1] + "/autograd_cli"]
    sys.modules["autograd_cli"] = package
    from autograd_cli.sandbox import Limits, run_boxed
    cases = json.loads(sys.argv[2])
    report = {}
    for name, source in cases.items():
        result = run_boxed("autograd_cli.sandbox.python_job", {}, source, "prog.py",
                           Limits(seconds=1, memory=256 << 20))
        error = result.error
        report[name] = {"output": result.output, "layers": result.layers,
                        "error": None if error is None else [error.type_name, error.line, error.message]}
    print(json.dumps(report))
""")


def _interpreter():
    """An interpreter (Python 3.11+) the unprivileged user can run, reading this checkout."""
    runuser = shutil.which("runuser")
    if os.geteuid() != 0 or runuser is None or not sys.platform.startswith("linux"):
        return None
    for python in (sys.executable, "/usr/bin/python3"):
        probe = subprocess.run([runuser, "-u", USER, "--", python, "-I", "-c",
                                "import sys; open(sys.argv[1]).close(); assert sys.version_info >= (3, 11)",
                                str(SRC / "autograd_cli" / "sandbox" / "boot.py")],
                               capture_output=True, timeout=60)
        if probe.returncode == 0:
            return python
    return None


PYTHON = _interpreter()
pytestmark = pytest.mark.skipif(PYTHON is None or not _kernel_available(),
                                reason="needs root to switch to an unprivileged user who can read this "
                                       "checkout and run a Python 3.11+, and Landlock")


def test_an_unprivileged_user_is_boxed_too(tmp_path):
    tmp_path.chmod(0o777)                       # anyone could write here, were it not for the box
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    secret.chmod(0o644)                         # and anyone could read this
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    port = listener.getsockname()[1]
    target = tmp_path / "created"
    cases = {
        "read": f"print(open({str(secret)!r}).read())\n",
        "passwd": "print(open('/etc/passwd').read())\n",
        "write": f"open({str(target)!r}, 'w').write('x')\n",
        "ctypes write": f"import ctypes\nprint(ctypes.CDLL(None).creat({str(target)!r}.encode(), 0o644))\n",
        "socket": f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)\n",
        "fork": "import os\nos.fork()\n",
        "ctypes fork": "import ctypes\nprint(ctypes.CDLL(None).fork())\n",
        "loop": "x = 0\nwhile True:\n    x += 1\n",
        "memory": "b = bytearray(10**11)\n",
        "crash": "import ctypes\n\nctypes.string_at(0)\n",
        "fine": "print(sum(range(10)))\n",
    }
    proc = subprocess.run(["runuser", "-u", USER, "--", PYTHON, "-I", "-c", PARENT, str(SRC), json.dumps(cases)],
                          capture_output=True, text=True, timeout=300, cwd="/")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    try:
        listener.accept()
        reached = True
    except OSError:
        reached = False
    listener.close()
    assert not reached and not target.exists()
    for name, outcome in report.items():
        assert SECRET not in outcome["output"] and "root:x:0:0" not in outcome["output"], name
    layers = report["fine"]["layers"]
    assert layers["landlock"] >= 1 and layers["seccomp"] is True
    assert report["fine"] == {"output": "45\n", "layers": layers, "error": None}
    for name in ("read", "passwd", "write", "socket", "fork"):
        assert report[name]["error"][0] == "PermissionError" and report[name]["error"][1] is not None, name
    assert report["ctypes write"]["output"] == "-1\n" or report["ctypes write"]["error"][0] == "PermissionError"
    assert report["ctypes fork"]["output"] == "-1\n" or report["ctypes fork"]["error"][0] == "PermissionError"
    assert report["loop"]["error"][:2] == ["TimeLimitError", report["loop"]["error"][1]]
    assert report["loop"]["error"][1] in (2, 3)
    assert report["memory"]["error"][:2] == ["MemoryError", 1]
    assert report["crash"]["error"][:2] == ["Crash", 3]
