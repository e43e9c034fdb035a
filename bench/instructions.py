"""Instructions executed, counted by Valgrind's callgrind: the start-up comparison that a
busy or virtual machine cannot blur (CPU times there vary by 15% run to run; instruction
counts repeat to within 0.1%).

A snippet's `eval` is two processes, the tool and the box's child: both are counted. The
child is started through a wrapper that runs it under callgrind. The wrapper's harness
switches off the box's resource limits and kernel rules for this measurement only: the
limits forbid callgrind writing its own result file, and both cost the child a few
system calls, not instructions of note. The audit hook stays on.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

_HARNESS = """\
import sys
from autograd_cli.sandbox import parent
BOX_PYTHON = sys.argv[1]
_run_boxed = parent.run_boxed
def run_boxed(*args, **kwargs):
    kwargs.update(python=BOX_PYTHON, layers=("audit",))
    return _run_boxed(*args, **kwargs)
parent.run_boxed = run_boxed
import autograd_cli.sandbox
autograd_cli.sandbox.run_boxed = run_boxed
from autograd_cli.cli import main
sys.argv = ["autograd-cli", *sys.argv[2:]]
main()
"""


def available() -> bool:
    return shutil.which("valgrind") is not None


def _count(out_file: Path) -> int:
    for line in out_file.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no instruction count in {out_file}")


def _callgrind(out_file: Path) -> list[str]:
    return ["valgrind", "--tool=callgrind", "--quiet", f"--callgrind-out-file={out_file}"]


def cli_instructions(cli_args: list[str], env: dict, python_args: list[str] | None = None) -> dict[str, int]:
    """{"tool": N, "box": M}: the instructions of `autograd-cli ARGS` and of the box's child
    it starts (0 when it starts none). With `python_args`, of `python PYTHON_ARGS` instead
    (a reference)."""
    with tempfile.TemporaryDirectory(prefix="ag-callgrind-") as scratch:
        scratch = Path(scratch)
        tool_out, box_out = scratch / "tool.out", scratch / "box.out"
        wrapper = scratch / "python-under-callgrind"
        wrapper.write_text("#!/bin/sh\nexec " + " ".join(_callgrind(box_out)) + f' "{sys.executable}" "$@"\n')
        wrapper.chmod(0o755)
        command = python_args or ["-c", _HARNESS, str(wrapper), *cli_args]
        subprocess.run([*_callgrind(tool_out), sys.executable, *command],
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                       check=True)
        return {"tool": _count(tool_out), "box": _count(box_out) if box_out.exists() else 0}


if __name__ == "__main__":     # python bench/instructions.py eval FILE
    print(cli_instructions(sys.argv[1:], dict(os.environ)))
