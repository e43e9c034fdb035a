"""The child's lockdown: resource limits everywhere, then the kernel's rules on Linux.

Called once the job is prepared, in the main thread, while it is the only thread (Landlock
binds the calling thread and the threads it starts later, not those already running).
"""
from __future__ import annotations

import faulthandler
import math
import os
import signal
import sys

try:
    import resource
except ImportError:          # Windows: no resource limits; the parent's wall clock still holds
    resource = None

LINUX = sys.platform.startswith("linux")
MEMORY_SLACK = 64 << 20      # the watchdog thread's stack, allocator rounding, the report itself
OPEN_FILES = 64              # descriptors: the pipes, and what imports open briefly


def lock_down(limits, layers, thread_stack: int) -> dict:
    """Apply the layers asked for ("limits", "kernel"); return what was applied, as the
    parent reports it (BoxResult.layers)."""
    applied = {"rlimits": [], "capabilities_dropped": False, "landlock": None, "seccomp": False,
               "audit_hook": False, "platform": sys.platform}
    if LINUX:
        _check_single_thread()
    if "limits" in layers and resource is not None:
        _limit_resources(limits, thread_stack, applied["rlimits"])
    if "kernel" in layers and LINUX:
        from . import kernel

        kernel.apply(readable_roots(), applied)
    return applied


def no_core_dumps() -> None:
    """No core file, ever: the child's working directory is / and a kernel whose core
    pattern is a plain name would write /core there (also for a crash before the lockdown)."""
    if resource is not None and hasattr(resource, "RLIMIT_CORE"):
        try:
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        except (ValueError, OSError):
            pass


def _check_single_thread() -> None:
    try:
        threads = len(os.listdir("/proc/self/task"))
    except OSError:
        return
    if threads > 1:
        raise RuntimeError(f"{threads} threads were running before the lockdown (they would escape the "
                           "kernel's rules): the job's preparation must not start threads")


def _set(name: str, value: int, applied: list) -> None:
    """Lower limit `name` (soft and hard) to `value`, never above what is already in force."""
    which = getattr(resource, name, None)
    if which is None:
        return
    try:
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))
        applied.append(name)
    except (ValueError, OSError):
        pass


def _limit_resources(limits, thread_stack: int, applied: list) -> None:
    vm_size, vm_data = _memory_in_use()
    extra = thread_stack + MEMORY_SLACK + limits.memory
    if vm_size:
        _set("RLIMIT_AS", vm_size + extra, applied)
    if vm_data:
        _set("RLIMIT_DATA", vm_data + extra, applied)
    elif not vm_size:
        # no /proc (macOS, BSD): the data limit, from the resident size as a floor
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak *= 1 if sys.platform == "darwin" else 1024
        _set("RLIMIT_DATA", peak + extra, applied)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past FSIZE fails (EFBIG), no kill
    _set("RLIMIT_FSIZE", 0, applied)
    _set("RLIMIT_CORE", 0, applied)
    _set("RLIMIT_NOFILE", OPEN_FILES, applied)
    _set("RLIMIT_MSGQUEUE", 0, applied)
    _set("RLIMIT_MEMLOCK", 0, applied)


def _memory_in_use() -> tuple[int, int]:
    """(address space, data segment) in bytes from /proc/self/status, or zeros without /proc."""
    try:
        with open("/proc/self/status", "rb") as handle:
            text = handle.read().decode("ascii", "replace")
    except OSError:
        return 0, 0
    values = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmSize", "VmData"):
            values[key] = int(rest.split()[0]) * 1024
    return values.get("VmSize", 0), values.get("VmData", 0)


def limit_processes(applied: dict) -> None:
    """RLIMIT_NPROC at zero once the box's own threads run, where nothing else stops a fork.
    Not where seccomp refuses fork and clone: on Linux the limit counts the user's threads
    too, so it would also stop a snippet's threads for a non-root user (root is exempt)."""
    if resource is None or applied.get("seccomp"):
        return
    _set("RLIMIT_NPROC", 0, applied["rlimits"])


def limit_cpu(seconds: float, crash_fd: int, applied: dict) -> None:
    """The time limit: `seconds` of CPU from now. At the soft limit the kernel sends SIGXCPU;
    faulthandler writes the traceback (the line that was running) and the signal's default
    action ends the process; the hard limit, 2 s later, is SIGKILL should anything catch it."""
    if resource is None or not hasattr(resource, "RLIMIT_CPU"):
        return
    if hasattr(signal, "SIGXCPU"):
        faulthandler.register(signal.SIGXCPU, file=crash_fd, all_threads=True, chain=True)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + seconds)
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        wanted = soft + 2
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, wanted))
        applied["rlimits"].append("RLIMIT_CPU")
    except (ValueError, OSError):
        pass


def readable_roots() -> list[str]:
    """What the snippet may read: the directories (and zip files) Python imports from, the
    tool's own package among them. Nothing else: no home, no /etc, no /proc, no /tmp."""
    roots = []
    for entry in sys.path:
        if not entry:
            continue
        path = os.path.realpath(entry)
        if os.path.exists(path) and path not in roots and path != os.sep:
            roots.append(path)
    return roots


_ALTERNATE_STACKS = []


def install_alternate_stack(size: int = 1 << 16) -> bool:
    """Give the calling thread its own signal stack, so that faulthandler can still report a
    C stack overflow in it (Python sets one up only for the thread that enabled faulthandler)."""
    if not (LINUX or sys.platform == "darwin"):
        return False
    try:
        import ctypes

        class StackLinux(ctypes.Structure):
            _fields_ = [("ss_sp", ctypes.c_void_p), ("ss_flags", ctypes.c_int), ("ss_size", ctypes.c_size_t)]

        class StackDarwin(ctypes.Structure):
            _fields_ = [("ss_sp", ctypes.c_void_p), ("ss_size", ctypes.c_size_t), ("ss_flags", ctypes.c_int)]

        buffer = ctypes.create_string_buffer(size)
        kind = StackLinux if LINUX else StackDarwin
        stack = kind(ss_sp=ctypes.addressof(buffer), ss_size=size, ss_flags=0)
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.sigaltstack(ctypes.byref(stack), None) != 0:
            return False
        _ALTERNATE_STACKS.append(buffer)
        return True
    except (OSError, AttributeError, ImportError):
        return False
