"""The box's limits: time, memory, output and crashes end a snippet with an error at its line."""
from __future__ import annotations

import os

import pytest

from .conftest import boxed, located


@pytest.mark.parametrize("source, line", [
    ("x = 0\nwhile True: pass\n", 2),
    ("total = 0\nfor i in range(10**10):\n    total += i\n", (2, 3)),
    ("def spin():\n    while True:\n        pass\n\nspin()\n", (2, 3)),
    ("x = (9**9999)**9999\n", 1),                 # one C call that never returns to Python
])
def test_a_runaway_snippet_stops_at_its_line(source, line):
    error = located(boxed(source), "TimeLimitError", line, "time limit", "--time-limit SECONDS",
                    "AUTOGRAD_CLI_SNIPPET_SECONDS")
    assert error.kind in ("time", "wall")


def test_a_waiting_snippet_stops_at_the_wall_clock_limit():
    error = located(boxed("import time\n\ntime.sleep(60)\n"), "TimeLimitError", 3, "wall-clock", "waiting")
    assert error.kind == "wall"


def test_the_cpu_limit_is_reported_as_such():
    # generous wall-clock time (seconds=2: 4.5 s) so that even a busy machine reaches the CPU limit
    error = located(boxed("x = 0\nwhile True:\n    x += 1\n", seconds=2), "TimeLimitError", (2, 3))
    assert error.kind in ("time", "wall")
    if error.kind == "time":
        assert "2 s of CPU time" in error.message


@pytest.mark.slow
def test_a_runaway_loop_stops_with_the_default_limits():
    from autograd_cli.sandbox import Limits, run_boxed

    result = run_boxed("autograd_cli.sandbox.python_job", {}, "while True: pass\n", "prog.py", Limits())
    located(result, "TimeLimitError", 1, "5 s")


@pytest.mark.parametrize("source, line", [
    ("b = bytearray(10**11)\n", 1),
    ("x = [0] * 10**10\n", 1),
    ("s = 'a' * 10**11\n", 1),
    ("chunks = []\nwhile True:\n    chunks.append(' ' * 10**6)\n", 3),
    ("x = [1]\nwhile True:\n    x = x + x\n", 3),
    ("d = {}\ni = 0\nwhile True:\n    d[i] = [i] * 1000\n    i += 1\n", 4),
])
def test_a_memory_bomb_is_a_memory_error_at_its_line(source, line):
    # (time enough that a busy machine reaches the memory limit first)
    error = located(boxed(source, seconds=5), "MemoryError", line, "out of memory", "268,435,456 bytes",
                    "--max-memory SIZE", "AUTOGRAD_CLI_MAX_MEMORY")
    assert error.kind == "memory"


def test_the_default_memory_limit_holds_too():
    from autograd_cli.sandbox import Limits

    limit = Limits().memory
    located(boxed("b = bytearray(10**11)\n", memory=limit), "MemoryError", 1, f"{limit:,} bytes")


def test_numpy_allocations_are_bounded_by_the_same_limit():
    error = located(boxed("import numpy as np\n\na = np.zeros((10**6, 10**5))\n", preload=["numpy"]),
                    "MemoryError", 3, "out of memory", "Unable to allocate")
    assert error.col == 5


def test_memory_after_the_error_is_usable():
    source = "try:\n    x = [0] * 10**10\nexcept MemoryError:\n    print('caught')\ny = bytearray(10**11)\n"
    result = boxed(source)
    assert result.output == "caught\n"
    located(result, "MemoryError", 5)


def test_a_segfault_is_located_and_leaves_no_core_file():
    error = located(boxed("import ctypes\n\nctypes.string_at(0)\n"), "Crash", 3, "segmentation fault", "SIGSEGV")
    assert error.kind == "crash" and error.col == 1
    assert not os.path.exists("/core")          # the child works in /


def test_a_c_stack_overflow_is_located_not_silent():
    source = ("import sys\nsys.setrecursionlimit(10**8)\n\ndef f(n):\n    return sorted([n], key=f)\n\n"
              "f(0)\n")
    error = located(boxed(source, seconds=5), "Crash", 5, "segmentation fault")
    # (faulthandler shows the innermost 100 frames: the outermost call is not among them)
    assert error.called_from and set(error.called_from) == {("prog.py", 5)}


def test_a_deeply_nested_tuple_as_a_dict_key_works_in_the_large_stack():
    source = "t = ()\nfor i in range(200_000):\n    t = (t,)\nd = {t: 1}\nprint(len(d))\n"
    result = boxed(source, seconds=5)
    assert result.error is None and result.output == "1\n"


def test_an_abort_is_located():
    located(boxed("import os\n\nos.abort()\n"), "Crash", 3, "abort", "SIGABRT")


def test_output_flooding_stops_at_the_print():
    result = boxed("while True:\n    print('x' * 1000)\n", output_bytes=100_000)
    error = located(result, "OutputLimitError", 2, "100,000 bytes", "AUTOGRAD_CLI_MAX_OUTPUT")
    assert error.kind == "output"
    assert 99_000 <= len(result.output) <= 100_000 and set(result.output) <= {"x", "\n"}


def test_output_written_past_python_is_stopped_by_the_parent():
    source = "import os\nwhile True:\n    os.write(1, b'y' * 65536)\n"
    result = boxed(source, output_bytes=100_000)
    located(result, "OutputLimitError", 3)
    assert len(result.output) <= 100_000 + (1 << 20)


def test_stderr_counts_toward_the_output_limit():
    source = "import sys\nwhile True:\n    print('e' * 1000, file=sys.stderr)\n"
    located(boxed(source, output_bytes=50_000), "OutputLimitError", 3)
