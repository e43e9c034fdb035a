"""The box's child process: read the request, prepare the job, lock down, run the job.

Order matters: the job's heavy imports (NumPy, the TensorFlow package) happen before the
lockdown, so they may read the installation freely; then the resource limits, the kernel's
rules (Linux), and the audit hook; then the job runs in a thread with a large stack.

Protocol (the parent's side is parent.py): the request is one JSON document on stdin; what
the snippet prints goes to stdout and stderr as it prints; the job's outcome is JSON lines on
the result descriptor ({"event": "started" | "result" | "error" | "internal", ...}); and
faulthandler writes its tracebacks (a crash, the time limits, the parent's request for one)
to the crash descriptor, where the parent finds the line that was running.
"""
from __future__ import annotations

import faulthandler
import gc
import importlib
import io
import json
import mmap
import os
import signal
import sys
import threading
import time

from . import user_code
from .limits import Limits
from .protocol import ALL_LAYERS, DUMP_SIGNAL, ENDING_SIGNALS
from .user_code import BoxState, OutputLimitError, SnippetFailed

_CANCEL_TIMER = faulthandler.cancel_dump_traceback_later   # (the audit hook disarms the module's)
_EXIT = os._exit               # the child's own exit (the snippet's os._exit raises SystemExit)
THREAD_STACK = 256 << 20        # the snippet's thread: C code costs up to ~5 KB of stack per
RECURSION_LIMIT = 30_000        # nested Python call (sorted(key=f) recursing), so 30,000 fit
EMERGENCY_RESERVE = 8 << 20     # freed on a MemoryError, so the error can still be reported


class Channel:
    """JSON lines to the parent on the result descriptor."""

    def __init__(self, fd: int):
        self.fd = fd

    def send(self, message: dict) -> None:
        data = (json.dumps(message) + "\n").encode("utf-8", "surrogatepass")
        _write_all(self.fd, data)

    def internal(self, what: str, exc: BaseException) -> None:
        self.send(_internal(what, exc))


def _write_all(fd: int, data, raising: bool = False) -> None:
    """All of data, or (the parent gone: nobody is left to tell) the child's end; `raising`:
    the OSError instead, for the snippet's own streams (it may have closed them itself)."""
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except InterruptedError:
            continue
        except OSError:
            if raising:
                raise
            _EXIT(1)
        view = view[written:]


class LimitedOutput(io.RawIOBase):
    """A standard stream's descriptor, writing at most the output budget (shared by stdout
    and stderr); the write that passes it raises OutputLimitError at the snippet's print."""

    def __init__(self, fd: int, budget: list):
        self.fd = fd
        self.budget = budget

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def write(self, data) -> int:
        size = len(data)
        remaining = self.budget[0]
        allowed = memoryview(data)[:max(remaining, 0)] if size > remaining else data
        if len(allowed):
            _write_all(self.fd, allowed, raising=True)
        self.budget[0] = remaining - len(allowed)
        if size > remaining:
            limits = BoxState.limits
            raise OutputLimitError(limits.output_message() if limits else "output limit")
        return size


def _streams(budget: list) -> None:
    for name, fd in (("stdout", 1), ("stderr", 2)):
        stream = io.TextIOWrapper(LimitedOutput(fd, budget), encoding="utf-8", errors="backslashreplace",
                                  line_buffering=True)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    sys.stdin = sys.__stdin__ = io.StringIO("")    # input() meets the end of its input


def _read_request() -> dict:
    chunks = []
    while True:
        chunk = os.read(0, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(0)
    return json.loads(b"".join(chunks).decode("utf-8", "surrogatepass"))


def main(argv: list) -> None:
    result_fd, crash_fd = int(argv[2]), int(argv[3])
    channel = Channel(result_fd)
    from . import lockdown

    lockdown.no_core_dumps()
    faulthandler.enable(file=crash_fd, all_threads=True)    # a crash from here on is located
    if DUMP_SIGNAL is not None:
        faulthandler.register(DUMP_SIGNAL, file=crash_fd, all_threads=True, chain=False)
    for number in ENDING_SIGNALS:        # (the default action follows: the process ends)
        signal.signal(number, signal.SIG_DFL)
        faulthandler.register(number, file=crash_fd, all_threads=True, chain=True)
    try:
        request = _read_request()
        layers = tuple(request.get("layers", ALL_LAYERS))
        limits = Limits(**{k: request["limits"][k] for k in ("seconds", "memory", "output_bytes")})
        BoxState.limits = limits
        budget = [limits.output_bytes]
        _streams(budget)
        sys.path[1:1] = request.get("import_paths") or []
        job = importlib.import_module(request["job"])
        prepare = getattr(job, "prepare", None)
        if prepare is not None:
            prepare(request.get("payload"))
        _empty_environment()
        applied = lockdown.lock_down(limits, layers, THREAD_STACK)
        BoxState.kernel_rules = bool(applied["landlock"] or applied["seccomp"])
        # address space the memory limit counts, no page touched (a bytearray's zeroing cost ~2 ms)
        reserve = [mmap.mmap(-1, EMERGENCY_RESERVE, flags=mmap.MAP_PRIVATE)]
    except BaseException as exc:
        channel.internal("the box could not prepare the job", exc)
        _EXIT(0)
    outcome = {}
    gc.freeze()      # what the start made is permanent: the snippet's collections skip it
    gc.enable()
    threading.stack_size(THREAD_STACK)
    runner = threading.Thread(target=_run, name="snippet",
                              args=(job, request, limits, layers, applied, channel, crash_fd, outcome, reserve))
    runner.start()
    runner.join()
    _CANCEL_TIMER()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:        # the output limit again: what fitted was written
            pass
    message = outcome.get("message") or {"event": "internal", "message": "the job's thread ended without an outcome"}
    try:
        channel.send(message)
    except (TypeError, ValueError) as exc:
        channel.internal("the job returned data that is not JSON", exc)
    except MemoryError:
        outcome.clear()
        channel.send({"event": "error", "error": _memory_error(limits).to_json()})
    _EXIT(0)


def _empty_environment() -> None:
    """os.environ empty for the snippet. The C library's copy keeps only the startup variables
    (nothing else was ever there), so that NumPy imported later by the snippet still starts
    OpenBLAS with one thread (with as many as there are processors, its buffers alone can pass
    a small memory limit)."""
    data = getattr(os.environ, "_data", None)
    if isinstance(data, dict):
        data.clear()            # the mapping only: no unsetenv
    else:
        os.environ.clear()


def _run(job, request, limits, layers, applied, channel, crash_fd, outcome, reserve) -> None:
    from . import lockdown

    source, filename = request["source"], request["filename"]
    try:
        threading.stack_size(0)              # the threads started from here (faulthandler's) are small
        lockdown.install_alternate_stack()   # a stack overflow in this thread is still reported
        if "limits" in layers:
            faulthandler.dump_traceback_later(limits.wall_seconds, exit=True, file=crash_fd)
            _watch_for_the_limits(filename, crash_fd, time.monotonic() + limits.wall_seconds)
            lockdown.limit_processes(applied)
        sys.setrecursionlimit(RECURSION_LIMIT)
        if "limits" in layers:
            lockdown.limit_cpu(limits.seconds, crash_fd, applied)
        if "audit" in layers:            # last: it refuses changes to the limits and timers
            from . import audit

            audit.install(lockdown.readable_roots())
            applied["audit_hook"] = True
        channel.send({"event": "started", "layers": applied})
    except BaseException as exc:
        outcome["message"] = _internal("the box could not lock down", exc)
        return
    _exit_is_system_exit()
    _snippet_signals()
    _tidy_reports(filename, source)
    try:
        data = job.run(request.get("payload"), source, filename)
        outcome["message"] = {"event": "result", "data": data}
    except SnippetFailed as failed:
        outcome["message"] = {"event": "error", "error": failed.error.to_json(), "data": failed.data}
    except BaseException as exc:
        if isinstance(exc, MemoryError):
            reserve.clear()      # so that the report has memory to work with
        try:
            located = user_code.locate_exception(exc, filename, source)
            outcome["message"] = _internal("the job failed", exc) if located is None else \
                {"event": "error", "error": located.to_json()}
        except MemoryError:      # (memory still full: the report is the limit's, never the thread's traceback)
            outcome["message"] = {"event": "error", "error": _memory_error(limits).to_json()}
        _forget(exc)


WATCH_MARGIN = 0.25      # seconds before a time limit when the watchdog reads the snippet's stack


def _watch_for_the_limits(filename: str, crash_fd: int, wall_deadline: float) -> None:
    """A thread that, just before the CPU or the wall-clock limit, writes the snippet's lines
    on the snippet thread's stack to the crash descriptor (dump.WATCHDOG). faulthandler's own
    dump at the limit keeps the innermost 100 frames only: a snippet stopped deep in library
    code (10,000 nested Dataset.map functions) was unlocated; where its dump holds the
    snippet, the parent reads that one. (A snippet holding the GIL in C code keeps this
    thread from running: faulthandler's dump is still there.)"""
    import resource

    from .dump import WATCHDOG, faulthandler_text

    snippet = threading.get_ident()
    name = faulthandler_text(filename)

    def watch():
        cpu_limit = None
        while True:
            time.sleep(0.05)
            if cpu_limit is None:       # (set once the box has set it, just after this thread starts)
                soft = resource.getrlimit(resource.RLIMIT_CPU)[0]
                cpu_limit = float("inf") if soft == resource.RLIM_INFINITY else float(soft)
            if time.process_time() < cpu_limit - WATCH_MARGIN and time.monotonic() < wall_deadline - WATCH_MARGIN:
                continue
            frame = sys._current_frames().get(snippet)
            lines = []
            while frame is not None:
                if frame.f_code.co_filename == filename:
                    lines.append(frame.f_lineno)
                frame = frame.f_back
            if lines:
                kept = lines if len(lines) <= 100 else lines[:50] + lines[-50:]   # the nearest, the outermost
                text = WATCHDOG + "\n" + "".join(
                    f'  File "{name}", line {line} in ?\n' for line in kept)
                try:
                    os.write(crash_fd, text.encode("ascii", "replace"))
                except OSError:
                    pass
            return

    threading.Thread(target=watch, name="box-watchdog", daemon=True).start()


def _exit_is_system_exit() -> None:
    """The snippet's os._exit(n) ends it as sys.exit(n) does (located, and the job's data
    still reaches the parent) instead of cutting the protocol short."""
    def _exit(status=0):
        raise SystemExit(status)

    os._exit = _exit
    posix = sys.modules.get("posix")
    if posix is not None:
        posix._exit = _exit


def _tidy_reports(filename: str, source: str) -> None:
    """What Python prints with a traceback on stderr (an exception in a thread the snippet
    started, one raised in a __del__) says the snippet's line instead, without the tool's
    frames: `line 3: Exception in thread Thread-1 (f): ValueError: ...`."""
    def report(what: str, exc) -> None:
        try:
            located = user_code.locate_exception(exc, filename, source) if exc is not None else None
            where = f"line {located.line}: " if located is not None and located.line else ""
            said = f"{located.type_name}: {located.message}" if located is not None else type(exc).__name__
            text = f"{where}{what}: {said}"
            # (a report of the box, not the snippet's own output: no control character raw)
            sys.stderr.write("".join(c if c.isprintable() else repr(c)[1:-1] for c in text) + "\n")
        except Exception:        # noqa: BLE001 (a report must not raise in its turn)
            pass

    def thread_hook(args) -> None:
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "a thread"
        report(f"Exception in thread {name}", args.exc_value)

    def unraisable_hook(unraisable) -> None:
        what = unraisable.err_msg or "Exception ignored in"
        if unraisable.object is not None:
            what += " " + str(getattr(unraisable.object, "__qualname__", type(unraisable.object).__name__))
        report(what, unraisable.exc_value)

    threading.excepthook = thread_hook
    sys.unraisablehook = unraisable_hook


BOX_SIGNALS = ("SIGXCPU", "SIGUSR2", "SIGXFSZ", "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT")


def _snippet_signals() -> None:
    """signal.signal for a snippet that runs in a thread: the box's own signals stay as they
    are (PermissionError); for the others the handler is kept and reported back by
    getsignal, but never called: nothing outside can signal the child (it has its own
    session; the parent only ever kills it), so a snippet's SIGINT handler has nothing to do."""
    import _signal
    import signal

    from .user_code import BoxRefusal

    box = {getattr(signal, name) for name in BOX_SIGNALS if hasattr(signal, name)}
    kept = {}
    set_handler, get_handler = _signal.signal, _signal.getsignal

    def snippet_signal(signalnum, handler):
        number = int(signalnum)
        if number in box:
            raise BoxRefusal(f"the snippet cannot change the box's signal {signal.Signals(number).name}")
        if threading.current_thread() is threading.main_thread():
            return set_handler(number, handler)
        previous = kept.get(number, get_handler(number))
        kept[number] = handler
        return previous

    def snippet_getsignal(signalnum):
        number = int(signalnum)
        return kept[number] if number in kept else get_handler(number)

    signal.signal = _signal.signal = snippet_signal
    signal.getsignal = _signal.getsignal = snippet_getsignal
    # a stopped child cannot say where it was (the kernel's rules refuse it too: kernel.py)
    raise_signal, pthread_kill = _signal.raise_signal, _signal.pthread_kill

    def not_a_stop(signalnum):
        if int(signalnum) == signal.SIGSTOP:
            raise BoxRefusal("the snippet cannot stop its own process (SIGSTOP): nothing could resume it")

    def snippet_raise_signal(signalnum):
        not_a_stop(signalnum)
        return raise_signal(signalnum)

    def snippet_pthread_kill(thread_id, signalnum):
        not_a_stop(signalnum)
        return pthread_kill(thread_id, signalnum)

    signal.raise_signal = _signal.raise_signal = snippet_raise_signal
    signal.pthread_kill = _signal.pthread_kill = snippet_pthread_kill


def _memory_error(limits):
    from .results import MEMORY, LocatedError

    return LocatedError(None, None, "MemoryError", limits.memory_message(), kind=MEMORY)


def _internal(what: str, exc: BaseException) -> dict:
    import traceback

    return {"event": "internal", "message": f"{what}: {type(exc).__name__}: {exc}"[:2000],
            "detail": "".join(traceback.format_exception(exc))[-8000:]}


def _forget(exc: BaseException) -> None:
    """Drop the frames an exception keeps alive (a memory bomb's half-built list)."""
    try:
        import traceback      # (importing it may meet the memory limit too: the snippet's frames still hold it)

        traceback.clear_frames(exc.__traceback__)
    except Exception:
        pass
