"""The parent's side of the box: start the child, stream its output, enforce the wall clock
and the output limit, and turn every way the child can end into a BoxResult or a BoxError."""
from __future__ import annotations

import codecs
import json
import os
import selectors
import signal
import subprocess
import sys
import time

from . import results
from .protocol import ALL_LAYERS, DUMP_SIGNAL, PASSED_ENVIRONMENT, STARTUP_ENVIRONMENT
from .dump import locate_dump
from .limits import RESULT_BYTES, STARTUP_SECONDS, BoxError, Limits
from .results import BoxResult, LocatedError

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "boot.py")
KEPT_STDERR = 1 << 20         # what is kept of the child's stderr without an on_stderr callback
KEPT_CRASH = 1 << 20          # faulthandler's tracebacks (100 frames per thread at most)
OUTPUT_SLACK = 1 << 20        # the child stops a snippet at its print; past this, the parent does
WALL_GRACE = 0.25             # after the child's own wall-clock timer, the parent's (the
                              # snippet can disarm the child's: a fresh faulthandler module)
DUMP_WAIT = 0.5               # how long a traceback asked for (SIGUSR2) may take before SIGKILL
EXIT_POLL = (0.001, 0.02)     # once its pipes are closed the child is usually a moment from its end:
                              # reaping is tried after 1 ms, then at doubling intervals up to 20 ms
CRASH_SIGNALS = {"SIGSEGV": "segmentation fault", "SIGBUS": "bus error", "SIGILL": "illegal instruction",
                 "SIGFPE": "floating-point exception", "SIGABRT": "abort", "SIGTRAP": "trap",
                 "SIGSYS": "a system call the box forbids"}


def run_boxed(job: str, payload=None, source: str = "", filename: str = "<snippet>",
              limits: Limits | None = None, on_output=None, on_stderr=None, *,
              layers=ALL_LAYERS, python: str | None = None, import_paths=()) -> BoxResult:
    """Run `job` (a module name with `prepare(payload)` and `run(payload, source, filename)`)
    in a fresh child process locked in the box, and return how it ended.

    `on_output(text)` receives what the snippet prints to stdout, as it prints;
    `on_stderr(text)` its standard error (without it, both are collected in the result).
    A limit, a crash or an exception of the snippet is `result.error`, located in
    `filename`; BoxError means the box itself failed (it never means the snippet did).
    `layers` are for tests, which switch one layer off to check the others; `python` is
    the interpreter (by default this one); `import_paths` are more directories the child
    imports from (and may read), for jobs outside the tool's package (tests)."""
    if os.name != "posix":
        raise BoxError("snippets run only on Linux, macOS and other Unix systems: the box needs "
                       "their pipes, process groups and resource limits")
    limits = limits or Limits.from_environment()
    _ensure_bytecode()
    if not isinstance(source, str) or not isinstance(filename, str):
        raise TypeError("source and filename must be strings")
    request = json.dumps({"job": job, "payload": payload, "source": source, "filename": filename,
                          "limits": limits.to_json(), "layers": list(layers),
                          "import_paths": [os.path.abspath(path) for path in import_paths]}).encode("utf-8", "surrogatepass")
    run = _Run(limits, on_output, on_stderr)
    run.start(python or sys.executable, request)
    try:
        run.pump()
    finally:
        run.reap()
    return run.outcome(filename, source)


_CHILD_MODULES = ("child", "lockdown", "kernel", "audit", "user_code", "results", "limits", "protocol",
                  "python_job", "__init__")
_bytecode_checked = False


def _ensure_bytecode() -> None:
    """The child never writes bytecode (-B: it writes nothing); where its modules have none
    yet (a source checkout), compiling them here once saves the child ~30 ms at every start.
    An installed package has it already (pip compiles at install)."""
    global _bytecode_checked
    if _bytecode_checked or sys.dont_write_bytecode:
        return
    _bytecode_checked = True
    import importlib.util
    import py_compile

    here = os.path.dirname(os.path.abspath(__file__))
    for name in _CHILD_MODULES:
        source = os.path.join(here, f"{name}.py")
        try:
            cached = importlib.util.cache_from_source(source)
            if not os.path.exists(cached) or os.path.getmtime(cached) < os.path.getmtime(source):
                py_compile.compile(source, cached, doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)
        except (OSError, py_compile.PyCompileError):
            return               # a read-only installation: the child compiles for itself


def child_environment() -> dict:
    """The child's whole environment: what keeps NumPy single-threaded, nothing of ours."""
    env = dict(STARTUP_ENVIRONMENT)
    for name in PASSED_ENVIRONMENT:
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


class _Run:
    def __init__(self, limits: Limits, on_output, on_stderr):
        self.limits = limits
        self.on_output = on_output
        self.on_stderr = on_stderr
        self.output_parts: list[str] = []
        self.stderr_parts: list[str] = []
        self.stderr_kept = 0
        self.printed = 0
        self.result_buffer = bytearray()
        self.result_size = 0
        self.crash = b""
        self.messages: list[dict] = []
        self.protocol_error = None
        self.stopped_by = None
        self.kill_at = None
        self.status = None
        self.rusage = None
        self.started_at = None
        self.decoders = {name: codecs.getincrementaldecoder("utf-8")("replace") for name in ("out", "err")}

    # ---------------------------------------------------------------- the child
    def start(self, python: str, request: bytes) -> None:
        result_r, result_w = os.pipe()
        crash_r, crash_w = os.pipe()
        self.spawned_at = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                [python, "-I", "-B", "-X", "utf8", BOOT, PACKAGE_ROOT, str(result_w), str(crash_w)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(result_w, crash_w), cwd=os.sep, env=child_environment(),
                start_new_session=True)
        except OSError as exc:
            for fd in (result_r, result_w, crash_r, crash_w):
                os.close(fd)
            raise BoxError(f"the box could not start Python ({python}): {exc}") from None
        os.close(result_w)
        os.close(crash_w)
        self.result_fd, self.crash_fd = result_r, crash_r
        self.request = memoryview(request)
        self.deadline = self.spawned_at + STARTUP_SECONDS

    def pump(self) -> None:
        """Move data until every pipe is closed and the child has ended."""
        selector = selectors.DefaultSelector()
        stdin = self.proc.stdin.fileno()
        os.set_blocking(stdin, False)
        selector.register(stdin, selectors.EVENT_WRITE, "in")
        for fd, name in ((self.proc.stdout.fileno(), "out"), (self.proc.stderr.fileno(), "err"),
                         (self.result_fd, "result"), (self.crash_fd, "crash")):
            selector.register(fd, selectors.EVENT_READ, name)
        poll = EXIT_POLL[0]
        try:
            while True:
                now = time.monotonic()
                if self.kill_at is not None and now >= self.kill_at:
                    self._kill()
                elif self.stopped_by is None and now >= self.deadline:
                    self._stop("wall" if self.started_at is not None else "startup")
                if not selector.get_map():
                    if self._ended(block=False):
                        return
                    time.sleep(poll)
                    poll = min(2 * poll, EXIT_POLL[1])
                    continue
                waits = [self.deadline - now] if self.stopped_by is None else []
                if self.kill_at is not None:
                    waits.append(self.kill_at - now)
                for key, _ in selector.select(max(0.0, min(waits)) if waits else 0.1):
                    self._transfer(selector, key)
        finally:
            selector.close()
            for fd in (self.result_fd, self.crash_fd):
                try:
                    os.close(fd)
                except OSError:
                    pass

    def _transfer(self, selector, key) -> None:
        name, fd = key.data, key.fd
        if name == "in":
            try:
                written = os.write(fd, self.request[:1 << 16])
                self.request = self.request[written:]
            except BlockingIOError:
                return
            except OSError:          # the child ended before it read everything
                self.request = self.request[:0]
            if not self.request:
                selector.unregister(fd)
                self.proc.stdin.close()
            return
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            data = b""
        if not data:
            selector.unregister(fd)
            self._flush_decoder(name)
            return
        if name == "out" or name == "err":
            self._printed(name, data)
        elif name == "result":
            self._result(data)
        else:
            if len(self.crash) < KEPT_CRASH:
                self.crash += data[:KEPT_CRASH - len(self.crash)]
            if self.kill_at is not None:     # the traceback we asked for is arriving
                self.kill_at = min(self.kill_at, time.monotonic() + 0.1)

    def _printed(self, name: str, data: bytes) -> None:
        allowed = self.limits.output_bytes + OUTPUT_SLACK - self.printed
        if len(data) > allowed:
            data = data[:max(allowed, 0)]
            if self.stopped_by is None:
                self._stop("output")
        self.printed += len(data)
        if data:
            self._deliver(name, self.decoders[name].decode(data))

    def _flush_decoder(self, name: str) -> None:
        if name in self.decoders:
            text = self.decoders[name].decode(b"", final=True)
            if text:
                self._deliver(name, text)

    def _deliver(self, name: str, text: str) -> None:
        if name == "out":
            if self.on_output is not None:
                self.on_output(text)
            else:
                self.output_parts.append(text)
        elif self.on_stderr is not None:
            self.on_stderr(text)
        elif self.stderr_kept < KEPT_STDERR:
            text = text[:KEPT_STDERR - self.stderr_kept]
            self.stderr_kept += len(text)
            self.stderr_parts.append(text)

    def _result(self, data: bytes) -> None:
        self.result_size += len(data)
        if self.result_size > RESULT_BYTES:
            if self.protocol_error is None:
                self.protocol_error = f"the job's result is over {RESULT_BYTES:,} bytes"
                self._stop("protocol")
            return
        self.result_buffer += data       # a bytearray: a long line (a snippet's graph) arrives in linear time
        if b"\n" not in data:
            return
        *lines, rest = bytes(self.result_buffer).split(b"\n")
        self.result_buffer = bytearray(rest)
        for line in lines:
            try:
                message = json.loads(line.decode("utf-8", "surrogatepass"))
                if not isinstance(message, dict) or not isinstance(message.get("event"), str):
                    raise ValueError("not an event")
            except (ValueError, RecursionError):     # (nested past the parent's recursion limit)
                if self.protocol_error is None:
                    self.protocol_error = "the child's result channel held something that is not the box's JSON"
                continue
            self.messages.append(message)
            if message["event"] == "started" and self.started_at is None:
                self.started_at = time.monotonic()
                if self.stopped_by is None:
                    self.deadline = self.started_at + self.limits.wall_seconds + WALL_GRACE

    def _stop(self, reason: str) -> None:
        """Ask for the running line (faulthandler prints it on DUMP_SIGNAL), then kill."""
        self.stopped_by = reason
        if DUMP_SIGNAL is not None and reason in ("wall", "output"):
            try:
                os.kill(self.proc.pid, DUMP_SIGNAL)
                self.kill_at = time.monotonic() + DUMP_WAIT
                return
            except OSError:
                pass
        self._kill()

    def _kill(self) -> None:
        self.kill_at = None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            try:
                self.proc.kill()
            except OSError:
                pass

    def _ended(self, block: bool) -> bool:
        if self.status is not None:
            return True
        try:
            pid, status, rusage = os.wait4(self.proc.pid, 0 if block else os.WNOHANG)
        except ChildProcessError:
            self.status, self.rusage = 0, None
            return True
        if pid == 0:
            return False
        self.status, self.rusage = status, rusage
        self.proc.returncode = os.waitstatus_to_exitcode(status)
        return True

    def reap(self) -> None:
        """However pump ended (an exception in a callback, Ctrl-C), no child is left behind."""
        if self.status is None:
            if not self._ended(block=False):
                self._kill()
                self._ended(block=True)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        self.ended_at = time.monotonic()

    # ---------------------------------------------------------------- the outcome
    def outcome(self, filename: str, source: str) -> BoxResult:
        result = BoxResult(output="".join(self.output_parts), stderr="".join(self.stderr_parts),
                           seconds=self.ended_at - self.spawned_at)
        if self.started_at is not None:
            result.startup_seconds = self.started_at - self.spawned_at
        if self.rusage is not None:
            result.cpu_seconds = self.rusage.ru_utime + self.rusage.ru_stime
            result.peak_memory = self.rusage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
        events = {message["event"]: message for message in self.messages}
        if "started" in events and isinstance(events["started"].get("layers"), dict):
            result.layers = events["started"]["layers"]
        crash = self.crash.decode("ascii", "replace")
        signal_name = self._signal_name()

        def located(type_name, message, kind):
            line, col, called_from, hidden = locate_dump(crash, filename, source)
            return LocatedError(line, col, type_name, message, called_from, kind, hidden_frames=hidden)

        # The child's own outcome is its last word, sent just before it exits by itself: a child
        # that a signal ended which the parent did not send (a crash, the CPU limit) had not
        # finished, whatever its result channel held (the snippet can write to it).
        ended_itself = signal_name is None or self.stopped_by is not None
        finished = ended_itself and ("result" in events or "error" in events)
        if self.stopped_by == "output":
            result.error = located("OutputLimitError", self.limits.output_message(), results.OUTPUT)
        elif finished:
            if self.protocol_error is not None:
                raise BoxError(f"the box's child broke its protocol: {self.protocol_error}", result.stderr)
            message = events.get("error") or events["result"]
            result.data = message.get("data")
            if message["event"] == "error":
                try:
                    result.error = LocatedError.from_json(message.get("error"))
                except ValueError as exc:
                    raise BoxError(f"the box's child sent a malformed error: {exc}", result.stderr) from None
        elif "internal" in events and ended_itself:
            internal = events["internal"]
            raise BoxError(str(internal.get("message", "the job failed")), str(internal.get("detail", "")))
        elif self.stopped_by == "startup":
            raise BoxError(f"the box's child did not start within {STARTUP_SECONDS:g} s", self._detail(result))
        elif self.stopped_by == "protocol":
            raise BoxError(f"the box's child broke its protocol: {self.protocol_error}", result.stderr)
        elif self.started_at is None:
            how = f"by signal {signal_name}" if signal_name else f"with exit status {self._exit_code()}"
            raise BoxError(f"the box's child ended {how} before the snippet started", self._detail(result))
        elif signal_name == "SIGXCPU" or (signal_name == "SIGKILL" and self.stopped_by is None
                                          and result.cpu_seconds >= self.limits.seconds):
            result.error = located("TimeLimitError", self.limits.time_message(), results.TIME)
        elif self.stopped_by == "wall" or (self._exit_code() == 1 and "Timeout (" in crash):
            result.error = located("TimeLimitError", self.limits.wall_message(result.cpu_seconds), results.WALL)
        elif signal_name is not None:
            result.error = located("Crash", self._crash_message(signal_name, result.peak_memory), results.CRASH)
        else:
            raise BoxError(f"the box's child ended with exit status {self._exit_code()} and no result"
                           f"{': ' + self.protocol_error if self.protocol_error else ''}", self._detail(result))
        return result

    def _signal_name(self):
        if self.status is None or not os.WIFSIGNALED(self.status):
            return None
        number = os.WTERMSIG(self.status)
        try:
            return signal.Signals(number).name
        except ValueError:
            return f"signal {number}"

    def _exit_code(self):
        return os.waitstatus_to_exitcode(self.status) if self.status is not None else None

    def _crash_message(self, signal_name: str, peak: int) -> str:
        what = CRASH_SIGNALS.get(signal_name)
        if signal_name == "SIGKILL":
            text = ("the snippet was killed (SIGKILL), not by the box: the system may have run out of memory, "
                    "or the snippet sent it to itself")
        elif what is None:
            text = (f"the snippet was ended by the signal {signal_name} (one it sent itself, or a timer it set "
                    f"such as signal.alarm, whose default action ends a process)")
        else:
            text = f"the snippet crashed ({what or 'killed'}, {signal_name})"
        if peak >= 0.9 * self.limits.memory:
            text += f"; it was using {peak:,} bytes, close to its memory limit: {self.limits.memory_message()}"
        return text

    def _detail(self, result: BoxResult) -> str:
        crash = self.crash.decode("ascii", "replace")
        return "\n".join(part for part in (result.stderr[-4000:], crash[-4000:]) if part)
