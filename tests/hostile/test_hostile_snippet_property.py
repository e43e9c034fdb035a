"""Small input must not cause large work: random short snippets built from constructs
that grow time or memory fast (power towers, doubling lists and strings, big ranges,
huge NumPy and TensorFlow shapes, jacobians, eager loops) either run to the end or stop
at a line of theirs with a located error, exit 2 — never a traceback, a signal death, a
file left behind, or a run the box did not end (the subprocess timeout is a hang guard
far above the box's own limits, which these runs lower to keep the suite quick).

The default run tries a few derandomized examples; `pytest -m fuzz` tries many.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_hostile_snippets import run_snippet

# Each piece is one statement of at most a line; `{n}` becomes a drawn size.
PIECES = [
    "x = {n} ** {n} ** {n}",
    "x = [1] * {n}\nfor _ in range({n}):\n    x = x + x",
    "s = 'ab' * {n}\ns = s.replace('a', s)",
    "t = '{{:>{n}{n}{n}}}'.format(1)",
    "for i in range({n} ** 6):\n    pass",
    "import numpy as np\na = np.zeros(({n} ** 3, {n} ** 3))",
    "import numpy as np\na = np.ones({n} ** 4).astype('S{n}00')",
    "import tensorflow as tf\nx = tf.ones([{n} * 100, {n} * 100])\ny = tf.matmul(x, x)",
    "import tensorflow as tf\nv = tf.Variable(tf.ones([{n} * 50]))\n"
    "with tf.GradientTape() as tape:\n    y = tf.tanh(v) * 2.0\nj = tape.jacobian(y, v)",
    "import tensorflow as tf\nx = tf.constant(1.0)\nfor _ in range({n} ** 5):\n    x = x + 1.0",
    "d = {{}}\nk = ()\nfor _ in range({n} ** 5):\n    k = (k,)\nd[k] = 1",
    "x = 3\nwhile x < 10 ** ({n} ** 4):\n    x = x * x",
    "print(len(str(7 ** ({n} ** 5))))",
    "big = list(range({n} ** 5))\nfound = sum(1 for i in range({n} ** 3) if -i in big)",
]

FAST = {"AUTOGRAD_CLI_SNIPPET_SECONDS": "2", "AUTOGRAD_CLI_MAX_MEMORY": "600000000"}

snippets = st.lists(
    st.tuples(st.sampled_from(PIECES), st.integers(min_value=2, max_value=40)),
    min_size=1, max_size=3,
).map(lambda parts: "\n".join(piece.format(n=n) for piece, n in parts) + "\n")


def _check(tmp_path_factory, source: str) -> None:
    # run_snippet: the CLI with these limits, no file left behind, no traceback
    prog, proc = run_snippet(tmp_path_factory.mktemp("prop"), source, env=FAST, timeout=60)
    assert proc.returncode in (0, 2), (proc.returncode, source, proc.stderr)
    if proc.returncode == 2:
        first = proc.stderr.splitlines()[0]
        match = re.match(rf"{re.escape(str(prog))}:(\d+):(\d+): \S", first)
        assert match, (source, proc.stderr)
        assert 1 <= int(match.group(1)) <= source.count("\n"), (source, proc.stderr)
        assert "^" in proc.stderr, proc.stderr


@settings(max_examples=6, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(source=snippets)
def test_small_snippets_never_cause_large_work(tmp_path_factory, source):
    _check(tmp_path_factory, source)


@pytest.mark.fuzz
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(source=snippets)
def test_small_snippets_never_cause_large_work_fuzz(tmp_path_factory, source):
    _check(tmp_path_factory, source)
