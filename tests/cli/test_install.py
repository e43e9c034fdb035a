"""The installed console script works from any directory (grammar shipped in the wheel)."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _installed_script():
    beside = Path(sys.executable).with_name("autograd-cli")
    return str(beside) if beside.exists() else shutil.which("autograd-cli")


@pytest.mark.skipif(_installed_script() is None, reason="autograd-cli is not installed")
def test_installed_cli_runs_from_another_directory(tmp_path):
    program = tmp_path / "p.ag"
    program.write_text("w = variable(2.0)\ny = w * w * 3\ng = gradients(y, w)\n", encoding="utf-8")
    proc = subprocess.run([_installed_script(), "eval", "p.ag", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    # d(3 w^2)/dw = 6 w = 12 at w = 2
    assert json.loads(proc.stdout)["values"]["g"] == [12.0]
