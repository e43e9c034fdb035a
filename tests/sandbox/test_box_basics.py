"""The box's protocol: output, results, located exceptions, exits, and the box's own failures."""
from __future__ import annotations

import os
import time

import pytest

from autograd_cli.sandbox import BoxError, Limits, LocatedError, run_boxed
from autograd_cli.sandbox.limits import MEMORY_VARIABLE, SECONDS_VARIABLE

from .conftest import boxed, located

JOBS = os.path.join(os.path.dirname(__file__), "jobs")


def test_prints_arrive_in_order_and_as_they_happen():
    received = []
    source = "import time\nfor i in range(300):\n    print(i)\nprint('before', end='', flush=True)\ntime.sleep(1)\nprint(' after')\n"
    result = boxed(source, on_output=lambda text: received.append((time.monotonic(), text)))
    assert result.error is None and result.data == {}
    text = "".join(t for _, t in received)
    assert text == "".join(f"{i}\n" for i in range(300)) + "before after\n"
    before = next(when for when, t in received if "before" in t)
    after = next(when for when, t in received if "after" in t)
    assert after - before >= 0.5      # 'before' was delivered while the snippet slept


def test_an_exception_is_located_in_the_snippet_with_its_callers_only():
    source = "def inner(x):\n    return 1 / x\n\ndef outer():\n    return inner(0)\n\nouter()\n"
    error = located(boxed(source), "ZeroDivisionError", 2, "division by zero")
    assert error.col == 12 and error.end_col == 17           # under `1 / x`
    assert error.called_from == [("prog.py", 5), ("prog.py", 7)]
    assert error.kind == "exception"


def test_columns_count_characters_not_bytes():
    error = located(boxed("é = 'ü'; y = undefined_name\n"), "NameError", 1, "undefined_name")
    assert error.col == 14


def test_an_error_inside_library_code_is_located_at_the_snippets_call():
    error = located(boxed("import json\n\njson.loads('{bad')\n"), "JSONDecodeError", 3)
    assert error.col == 1 and error.called_from == []


def test_a_syntax_error_is_located():
    error = located(boxed("x = 1\ny = (2 +\n"), "SyntaxError", 2, "never closed")
    assert error.col == 5
    error = located(boxed("x = 1 $ 2\n"), "SyntaxError", 1, "invalid syntax")
    assert error.col == 7


def test_characters_python_cannot_compile_are_located_syntax_errors():
    error = located(boxed("x = 1\ny = 2 \0 3\n"), "SyntaxError", 2, "NUL")
    assert error.col == 7
    located(boxed("x = '\ud800'\n"), "SyntaxError", 1, "\\ud800")


def test_sys_exit_zero_ends_normally_and_non_zero_is_located():
    assert boxed("print('a')\nimport sys\nsys.exit(0)\nprint('b')\n").error is None
    assert boxed("exit()\n").error is None
    error = located(boxed("import sys\n\nsys.exit(3)\n"), "SystemExit", 3, "sys.exit(3)")
    assert error.kind == "exit"
    located(boxed("raise SystemExit('bye now')\n"), "SystemExit", 1, "bye now")
    located(boxed("import os\nos._exit(4)\n"), "SystemExit", 2, "4")


def test_keyboard_interrupt_and_user_exceptions_keep_their_type():
    located(boxed("raise KeyboardInterrupt\n"), "KeyboardInterrupt", 1)
    located(boxed("class Oops(Exception):\n    pass\n\nraise Oops('mine')\n"), "Oops", 4, "mine")


def test_deep_recursion_is_a_recursion_error_at_its_line():
    error = located(boxed("def f(n):\n    return f(n + 1)\n\nf(0)\n"), "RecursionError", 2,
                    "maximum recursion depth")
    assert error.called_from[:3] == [("prog.py", 2)] * 3 and error.called_from[-1] == ("prog.py", 4)
    assert error.hidden_frames > 1000 and len(error.called_from) <= 25


def test_recursion_through_c_code_is_a_recursion_error_not_a_crash():
    source = ("class Node:\n    def __init__(self, n):\n        self.n = n\n"
              "    def __add__(self, other):\n        return Node(self.n + 1) + other\n\nNode(0) + 1\n")
    located(boxed(source), "RecursionError", 5)
    located(boxed("def f(n):\n    return sorted([n], key=f)\n\nf(0)\n"), "RecursionError", 2)


def test_the_environment_is_empty_and_the_working_directory_is_root(monkeypatch):
    monkeypatch.setenv("AUTOGRAD_SECRET_TOKEN", "hunter2-secret")
    result = boxed("import os\nprint(sorted(os.environ), os.getcwd())\n"
                   "print(open('/proc/self/environ', 'rb').read() if os.path.exists('/proc/self/environ') else '')\n")
    assert "hunter2" not in result.output
    assert result.output.startswith("[] /\n")


def test_only_the_pipes_are_open():
    source = ("import os, stat\nopen_fds = []\nfor fd in range(4096):\n    try:\n"
              "        open_fds.append((fd, stat.S_ISFIFO(os.fstat(fd).st_mode)))\n    except OSError:\n"
              "        pass\nprint(open_fds)\n")
    result = boxed(source)
    assert result.error is None, result.error
    descriptors = eval(result.output)
    # stdout, stderr, the result and crash pipes: stdin is closed, nothing else is open
    assert len(descriptors) == 4 and all(is_pipe for _, is_pipe in descriptors), descriptors
    assert [fd for fd, _ in descriptors][:2] == [1, 2]


def test_the_garbage_collector_runs_for_the_snippet():
    # (it is off while the box starts, and back on, the start's objects frozen, for the snippet)
    source = ("import gc, weakref\nclass Node: pass\nnode = Node(); node.me = node\nalive = weakref.ref(node)\n"
              "del node\ngc.collect()\nprint(gc.isenabled(), alive() is None, gc.get_freeze_count() > 0)\n")
    received = []
    result = boxed(source, on_output=received.append)
    assert result.error is None and "".join(received) == "True True True\n"


def test_input_meets_end_of_file():
    located(boxed("x = input('? ')\n"), "EOFError", 1)


def test_data_returned_by_a_job_arrives_parsed():
    result = run_boxed("echo_job", {"numbers": [1, 2.5, None]}, "print('hi')", "p.py",
                       Limits(seconds=1), import_paths=[JOBS])
    assert result.data == {"payload": {"numbers": [1, 2.5, None]}, "filename": "p.py", "printed": True}
    assert result.output == "hi\n"


@pytest.mark.parametrize("job, words", [
    ("autograd_cli.sandbox.no_such_job", "No module named"),
    ("failing_prepare", "prepare failed on purpose"),
    ("not_json", "not JSON"),
    ("broken_job", "the job failed"),
])
def test_failures_of_the_job_itself_are_box_errors(job, words):
    with pytest.raises(BoxError) as caught:
        run_boxed(job, {}, "", "p.py", Limits(seconds=1), import_paths=[JOBS])
    assert words in caught.value.message


CLOBBER_DESCRIPTORS = "import os\nfor fd in range(3, 4096):\n"


def test_a_snippet_that_breaks_the_protocol_is_a_box_error_not_a_hang():
    with pytest.raises(BoxError, match="protocol"):
        boxed(CLOBBER_DESCRIPTORS + "    try:\n        os.write(fd, b'garbage\\n')\n    except OSError:\n        pass\n")
    with pytest.raises(BoxError, match="no result"):
        boxed("import os\nos.closerange(3, 4096)\n")


def test_limits_from_the_environment_and_options(monkeypatch):
    monkeypatch.setenv(SECONDS_VARIABLE, "12.5")
    monkeypatch.setenv(MEMORY_VARIABLE, "1_000_000_000")
    limits = Limits.from_environment()
    assert (limits.seconds, limits.memory) == (12.5, 10**9)
    assert Limits.from_environment(seconds=3, memory=5000).memory == 5000
    monkeypatch.setenv(SECONDS_VARIABLE, "soon")
    with pytest.raises(BoxError, match=SECONDS_VARIABLE):
        Limits.from_environment()
    monkeypatch.setenv(SECONDS_VARIABLE, "-1")
    with pytest.raises(BoxError, match="positive"):
        Limits.from_environment()
    monkeypatch.delenv(SECONDS_VARIABLE)
    monkeypatch.setenv(MEMORY_VARIABLE, "2G")      # a unit: powers of 1024
    assert Limits.from_environment().memory == 2 * 2**30
    for malformed in ("2X", "1.5G", "G", "-3M"):
        monkeypatch.setenv(MEMORY_VARIABLE, malformed)
        with pytest.raises(BoxError, match=MEMORY_VARIABLE):
            Limits.from_environment()
    monkeypatch.setenv(MEMORY_VARIABLE, "64M")
    monkeypatch.setenv(SECONDS_VARIABLE, "0.5")
    chosen = Limits.from_options("30", "512MiB")     # the command line's options win
    assert (chosen.seconds, chosen.memory) == (30.0, 512 * 2**20)
    assert Limits.from_options(None, None).memory == 64 * 2**20
    with pytest.raises(BoxError, match="--max-memory '4X'"):
        Limits.from_options(None, "4X")


def test_default_limits():
    from autograd_cli.sandbox.limits import machine_memory

    limits = Limits()
    assert limits.seconds == 5 and limits.wall_seconds < 10
    assert limits.memory == min(2 << 30, machine_memory() // 2)
    assert "--time-limit SECONDS" in limits.time_message() and SECONDS_VARIABLE in limits.time_message()
    assert "--max-memory SIZE" in limits.memory_message() and MEMORY_VARIABLE in limits.memory_message()


def test_located_errors_survive_json():
    error = LocatedError(3, 5, "ValueError", "bad", [("prog.py", 7)], "exception", 9, 2)
    assert LocatedError.from_json(error.to_json()) == error
    for bad in ({"line": "3"}, {"line": 1, "col": 1, "type_name": 1, "message": ""}, []):
        with pytest.raises(ValueError):
            LocatedError.from_json(bad)


def test_a_callback_that_fails_leaves_no_child_behind():
    def fail(text):
        raise BrokenPipeError("the terminal went away")

    with pytest.raises(BrokenPipeError):
        boxed("import os\nprint(os.getpid(), flush=True)\nwhile True: pass\n", on_output=fail)
