"""Run one snippet under real TensorFlow and write what happened as JSON.

    /work/tfvenv/bin/python tf_runner.py MODE SNIPPET.py OUT.json
    /work/tfvenv/bin/python tf_runner.py serve      (a fork server, see serve())

MODE is `graph` (TF1-style code: `import tensorflow as tf` and its other spellings resolve
to `tensorflow.compat.v1`, with `disable_v2_behavior()` called before the snippet runs) or
`eager` (TF2 code, unchanged). The snippet's own stdout is captured; the result is
{"stdout", "error", "warnings", "tf_version"}. `error` is null or {"type", "message",
"line"}, `line` being the last traceback frame that lies in the snippet.

Run by generate.py, one fresh process per snippet (forked from a server that has imported
TensorFlow, or started anew with --fresh), so no state leaks between snippets.
Never imported by the test suite (it needs TensorFlow).
"""
from __future__ import annotations

import os

# Must be set before TensorFlow is imported: its C++ logging reads them at load time.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import re
import signal
import sys
import tempfile
import traceback
import warnings

MODES = ("graph", "eager")


class _AliasLoader(importlib.abc.Loader):
    """Hands back an already-imported module under another name."""

    def __init__(self, module):
        self.module = module

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        pass


class _CompatV1Finder(importlib.abc.MetaPathFinder):
    """`import tensorflow.X` (for a public sub-API X such as keras, nn, train) resolves to the
    module `tensorflow.compat.v1.X` when one exists. `tensorflow.python...` (the private
    package that old posts import `ops` from) and `tensorflow.compat...` stay the real ones."""

    def __init__(self, v1):
        self.v1 = v1

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("tensorflow."):
            return None
        rest = fullname[len("tensorflow."):]
        head = rest.split(".", 1)[0]
        if head in ("python", "compat", "core", "tsl", "_api", "lite", "tools", "include"):
            return None
        obj = self.v1
        for part in rest.split("."):
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        if not isinstance(obj, type(sys)):
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(obj))


def _install_graph_mode():
    import tensorflow as real_tf
    import tensorflow.compat.v1 as v1

    v1.disable_v2_behavior()
    sys.modules["tensorflow"] = v1
    # `import tensorflow.compat.v1 as tf` binds the attribute chain tensorflow.compat.v1
    # of the module now named tensorflow: keep that chain pointing at v1 too.
    if not hasattr(v1, "compat"):
        v1.compat = real_tf.compat
    for name in list(sys.modules):
        # sub-APIs already imported under their TF2 names (tensorflow.keras, ...) are forgotten,
        # so that the finder below gives the v1 ones.
        if name.startswith("tensorflow.") and name.split(".")[1] not in (
                "python", "compat", "core", "tsl", "_api", "lite", "tools", "include"):
            del sys.modules[name]
    sys.meta_path.insert(0, _CompatV1Finder(v1))
    return real_tf


def _quiet():
    try:
        from absl import logging as absl_logging

        absl_logging.set_verbosity(absl_logging.ERROR)
    except ImportError:  # absl comes with TensorFlow; quiet is best-effort
        pass
    logging.getLogger("tensorflow").setLevel(logging.ERROR)


class _TfLogCollector(logging.Handler):
    """TensorFlow's Python-level warnings (e.g. 'The dtype of the watched tensor must be
    floating') go through the `tensorflow` logger, not the warnings module."""

    def __init__(self, sink):
        super().__init__(level=logging.WARNING)
        self.sink = sink

    def emit(self, record):
        try:
            self.sink.append(record.getMessage())
        except Exception:  # a malformed log record must not change the snippet's outcome
            pass


class _Captured:
    text = ""


@contextlib.contextmanager
def _captured_fd1():
    """What reaches file descriptor 1 while the snippet runs: Python's print and what
    TensorFlow's C++ kernels write to stdout (tf.print(..., output_stream=sys.stdout)),
    in the order written."""
    captured = _Captured()
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        sys.stdout.reconfigure(line_buffering=True)
        try:
            yield captured
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
            sink.seek(0)
            captured.text = sink.read().decode("utf-8", "replace")


def _snippet_line(exc, filename):
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    if line is None and isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno
    return line


_SITE_PACKAGES = []  # the folder holding the real tensorflow package, set before graph mode
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]+\b")


def _portable(text, snippet_path):
    """Machine-specific parts of a message replaced: the snippet's absolute path by its
    file name, the TensorFlow installation's folder by <site-packages>."""
    text = text.replace(snippet_path, os.path.basename(snippet_path))
    return text.replace(_SITE_PACKAGES[0] + os.sep, "<site-packages>/") if _SITE_PACKAGES else text


def _message(exc, snippet_path):
    text = str(exc)
    lines = [ln.rstrip() for ln in text.strip().splitlines()]
    if lines and lines[0].startswith("Graph execution error:"):
        # A Session's op error: where the failing node was defined, then `Node: 'NAME'`,
        # then TensorFlow's own message (what a traceback's last lines show).
        nodes = [i for i, ln in enumerate(lines) if ln.startswith("Node: ")]
        if nodes:
            core = []
            for ln in lines[nodes[-1] + 1:]:
                if not ln.strip():
                    break
                core.append(ln)
            lines = core or lines
    # At most the first three lines: op errors add a long device / stack tail.
    return _portable("\n".join(lines[:3]), snippet_path)


def run(mode, path, out_path):
    if mode not in MODES:
        raise SystemExit(f"mode must be one of {MODES}, not {mode!r}")
    path = os.path.abspath(path)
    source = open(path, encoding="utf-8").read()

    import tensorflow as real_tf

    version = real_tf.__version__
    _SITE_PACKAGES[:] = [os.path.dirname(os.path.dirname(os.path.abspath(real_tf.__file__)))]
    _quiet()
    if mode == "graph":
        _install_graph_mode()
    _quiet()

    caught_warnings = []
    tf_logs = []
    # TensorFlow's logger keeps WARNING records (they are recorded) but prints none of them.
    tf_logger = logging.getLogger("tensorflow")
    tf_logger.setLevel(logging.WARNING)
    tf_logger.handlers = [_TfLogCollector(tf_logs)]
    tf_logger.propagate = False
    error = None
    captured = _Captured()
    # The snippet runs as __main__, as `python FILE.py` would (from a scratch directory).
    globals_ = {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__}
    sys.argv = [path]
    with warnings.catch_warnings(record=True) as recorded:
        warnings.simplefilter("always")
        try:
            code = compile(source, path, "exec")
            with _captured_fd1() as captured:
                exec(code, globals_)
        except BaseException as exc:  # the snippet's own failure is the result, whatever it is
            error = {"type": type(exc).__name__, "message": _message(exc, path),
                     "line": _snippet_line(exc, path)}
        caught_warnings = [str(w.message) for w in recorded]

    seen = []
    for text in caught_warnings + tf_logs:
        text = _ADDRESS.sub("0x?", _portable(text, path))
        if text not in seen:
            seen.append(text)
    result = {"stdout": captured.text, "error": error, "warnings": seen, "tf_version": version}
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")


def serve():
    """Fork server: import TensorFlow (and Keras) once, then fork a fresh child per request.

    Requests are JSON lines on stdin, {"mode", "path", "out", "cwd", "timeout"}; each answer
    is a JSON line {"status": exit code of the child} on stdout. A child starts from the
    state right after `import tensorflow` (no op run, no graph mode yet), which is what a
    fresh `python FILE.py` has after its first line, without paying the import each time."""
    import tensorflow as real_tf

    real_tf.keras.layers.Dense  # loads Keras 3 (lazily imported by tf.keras)
    sys.stdout.flush()
    channel = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # anything a child writes outside its capture must not reach the channel
    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.chdir(job["cwd"])
                signal.alarm(int(job.get("timeout", 600)))
                run(job["mode"], job["path"], job["out"])
                code = 0
            except BaseException:  # the child reports, then always exits
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        channel.write(json.dumps({"status": os.waitstatus_to_exitcode(status)}) + "\n")
        channel.flush()


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "serve":
        serve()
    elif len(sys.argv) == 4:
        run(sys.argv[1], sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)
