"""Rich tables stay fast on huge programs: long tables show head and tail around a note."""
from autograd_cli.render.tables import TABLE_EDGE_ROWS, elide_rows


def test_long_tables_show_head_and_tail_with_a_note():
    rows = [(f"x{i}", i) for i in range(2 * TABLE_EDGE_ROWS + 50)]
    shown = elide_rows(rows, "values")
    assert shown[:TABLE_EDGE_ROWS] == rows[:TABLE_EDGE_ROWS]
    assert shown[-TABLE_EDGE_ROWS:] == rows[-TABLE_EDGE_ROWS:]
    assert shown[TABLE_EDGE_ROWS] == "50 more values (--json lists all)"
    assert len(shown) == 2 * TABLE_EDGE_ROWS + 1


def test_short_tables_are_whole():
    rows = [(f"x{i}", i) for i in range(2 * TABLE_EDGE_ROWS + 1)]
    assert elide_rows(rows, "values") == rows


import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_an_array_is_laid_out_by_numpy_for_the_cell_it_is_shown_in(columns, tmp_path):
    # The table must not re-wrap NumPy's lines (at 60 columns it used to cut them in two).
    # Reference: NumPy's own layout at the width of the cell as rendered.
    program = tmp_path / "wide.ag"
    program.write_text("x = variable(linspace(0.0, 1.0, 12))\ng = gradients(reduce_sum(x * x), x)\n")
    src = Path(__file__).resolve().parents[2] / "src"
    proc = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(program)], capture_output=True,
                          text=True, env={"PYTHONPATH": str(src), "COLUMNS": str(columns), "PATH": ""}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert all(len(line) <= columns for line in lines)
    values_end = next(k for k, line in enumerate(lines) if line.startswith("└"))
    x = np.linspace(0.0, 1.0, 12)
    # (lines of a table, the column holding the array, the array): x's value, its gradient 2x
    for table, column, value in ((lines[:values_end], 3, x), (lines[values_end + 1:], 2, 2 * x)):
        cells, name = [], None
        for row in (line.split("│") for line in table if line.startswith("│")):
            name = row[1].strip() or name               # a continuation line has no name
            if name == "x":
                cells.append(row[column])
        numbers = [re.findall(r"-?\d+\.\d*", cell) for cell in cells]
        # every number whole and in order, as NumPy writes them on one long line
        assert sum(numbers, []) == re.findall(r"-?\d+\.\d*", np.array2string(value, max_line_width=10**6,
                                                                               precision=6, floatmode="maxprec"))
        # NumPy's layout kept: as many numbers on each line but the last (a re-wrapped
        # line shows as a short line in the middle), and more than one line only if needed
        assert len({len(n) for n in numbers[:-1]}) <= 1 and len(numbers[-1]) <= len(numbers[0]), cells


def test_program_text_prints_as_written_not_as_emoji(tmp_path):
    from conftest import cli

    path = tmp_path / "emoji.ag"
    path.write_text('"a :smile: b"\n')
    proc = cli("eval", path)
    assert proc.returncode == 0, proc.stderr
    assert "'a :smile: b'" in proc.stdout and "\U0001F604" not in proc.stdout


def test_records_behave_as_the_dataclasses_they_replace():
    import dataclasses

    from autograd_cli.evaluate.reference import ProgramWarning
    from autograd_cli.ops import OPS
    from autograd_cli.core.program import Assign
    from autograd_cli.support.records import replace

    a, b = ProgramWarning(3, "inf"), ProgramWarning(3, "inf")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1 and a != ProgramWarning(4, "inf")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.line = 4
    assert repr(a) == "ProgramWarning(line=3, message='inf')"
    assert Assign(1, 2) == Assign(1, 2) and Assign.__hash__ is None
    changed = replace(OPS["const"], dtype="bool")
    assert changed.dtype == "bool" and changed.name == "const" and OPS["const"].dtype != "bool"
    with pytest.raises(TypeError):
        replace(OPS["const"], nonsense=1)
