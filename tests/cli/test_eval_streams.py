"""`eval FILE.py` shows a snippet's prints as it prints them: a snippet that runs until the
box stops it has its first line on the terminal while it is still running."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

FOREVER = 'print("before the loop")\nn = 0\nwhile True:\n    n += 1\n'


def test_a_snippets_print_shows_before_it_ends(tmp_path):
    program = tmp_path / "forever.py"
    program.write_text(FOREVER, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "autograd_cli", "eval", str(program), "--time-limit", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = proc.stdout.readline()
        # the loop uses 3 s of CPU before the box stops it: the line came while it ran
        still_running = proc.poll() is None
        rest, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert first == "before the loop\n", (first, proc.stderr)
    assert still_running
    assert proc.returncode == 2 and "TimeLimitError" in err, err
    assert "before the loop" not in rest
