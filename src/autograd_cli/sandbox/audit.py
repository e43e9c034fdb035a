"""The box's second layer, on every system: a PEP 578 audit hook, installed just before the
snippet runs, that refuses what would leave the box.

It refuses opening a file for writing, or for reading outside the directories Python imports
from; listing other directories; removing, renaming, creating or changing files; starting a
process (os.system, exec, spawn, fork, posix_spawn, subprocess); any socket, name lookup or
network client; loading C libraries or calling C functions through ctypes (reading memory
with ctypes.string_at stays allowed, and so do the C functions a job bound before the lockdown
and named with `allow_c_functions`: the random streams' logf, sinf and cosf); changing the box's limits, signals or timers; and
inspecting the interpreter's objects through gc. Each refusal is a PermissionError (so code
that probes for a file carries on) whose message starts "the snippet has no ...".

An audit hook stops ordinary code. It is not a boundary against code written to defeat it
(CPython's documentation says so): on Linux the kernel's rules (kernel.py) are that boundary.
"""
from __future__ import annotations

import os
import sys

from .user_code import BoxRefusal, BoxState

FILES, NETWORK, PROCESSES = "files", "network", "processes"
WHY = {
    FILES: "it may only read Python's own installation",
    NETWORK: "it runs offline",
    PROCESSES: "it runs alone",
    "C libraries": "ctypes may not load libraries or call C functions",
    "way to change the box": "its limits, timers and signals are fixed",
}
PROCESS_EVENTS = {"os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.forkpty",
                  "os.startfile", "subprocess.Popen", "os.kill", "os.killpg", "pty.spawn"}
NETWORK_EVENTS = {"urllib.Request", "http.client.connect", "http.client.send", "ftplib.connect",
                  "smtplib.connect", "smtplib.send", "poplib.connect", "imaplib.open", "nntplib.connect",
                  "telnetlib.Telnet.open", "webbrowser.open", "syslog.openlog", "syslog.syslog"}
FILE_EVENTS = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.chflags",
               "os.lchflags", "os.link", "os.symlink", "os.truncate", "os.utime", "os.setxattr",
               "os.removexattr", "shutil.copyfile", "shutil.copymode", "shutil.copystat", "shutil.copytree",
               "shutil.chown", "shutil.make_archive", "shutil.move", "shutil.rmtree", "shutil.unpack_archive",
               "tempfile.mkstemp", "tempfile.mkdtemp", "os.add_dll_directory"}
CTYPES_EVENTS = {"ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle", "ctypes.cdata", "ctypes.PyObj_FromPtr"}
BOX_EVENTS = {"resource.setrlimit", "resource.prlimit", "gc.get_objects", "gc.get_referrers",
              "gc.get_referents", "sys.remote_exec"}
WRITE_FLAGS = (os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
               | getattr(os, "O_TMPFILE", 0) | getattr(os, "O_EXLOCK", 0))
MAX_REFUSALS_KEPT = 20
_ALLOWED_C_FUNCTIONS: set[int] = set()     # addresses a job's prepare() bound and named


def allow_c_functions(addresses) -> None:
    """Let the hook installed later pass ctypes calls of exactly these function addresses
    (a job's prepare() binds them before the lockdown; loading others stays refused)."""
    _ALLOWED_C_FUNCTIONS.update(int(address) for address in addresses)


def install(readable: list[str]) -> None:
    """Add the hook (for the rest of the process: audit hooks cannot be removed)."""
    import ctypes   # (already loaded on Linux and macOS; after the hook, loading it is refused)

    directories = tuple(os.path.join(path, "") for path in readable if os.path.isdir(path))
    files = frozenset(path for path in readable if not os.path.isdir(path))
    realpath, fsdecode, getcwd = os.path.realpath, os.fsdecode, os.getcwd
    allowed_calls = frozenset(addr for addr in (getattr(ctypes, "_string_at_addr", None),
                                                 getattr(ctypes, "_wstring_at_addr", None)) if addr)
    allowed_calls |= frozenset(_ALLOWED_C_FUNCTIONS)     # string_at, wstring_at and the named ones
    refusals = BoxState.refusals

    def refuse(kind: str, what: str):
        message = f"the snippet has no {kind}: {what} is refused ({WHY[kind]})"
        if len(refusals) >= MAX_REFUSALS_KEPT:
            del refusals[0]
        refusals.append(message)
        raise BoxRefusal(message)

    def readable_path(path) -> bool:
        try:
            real = realpath(fsdecode(path))
        except (TypeError, ValueError, OSError):
            return False
        return real in files or (real + os.sep).startswith(directories)

    def describe(name, args) -> str:
        shown = ", ".join(_short(a) for a in args[:2])
        return f"{name}({shown})"

    def on_open(args):
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if isinstance(path, int):
            if path in (1, 2):
                return
            refuse(FILES, f"open({path}) of a file descriptor")
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & WRITE_FLAGS)
        if writing:
            refuse(FILES, f"open({_short(path)}, {mode or 'flags=' + hex(flags)!s}) for writing")
        if not readable_path(path):
            refuse(FILES, f"open({_short(path)}), outside Python's installation,")

    def on_listing(name, args):
        path = args[0] if args else None
        if path is None:
            path = getcwd()
        if isinstance(path, int) or not readable_path(path):
            refuse(FILES, f"{name}({_short(path)})")

    def on_ctypes_call(args):
        if args and args[0] in allowed_calls:
            return
        refuse("C libraries", "calling a C function through ctypes")

    def on_sqlite(args):
        if args and args[0] in (":memory:", b":memory:", ""):
            return
        refuse(FILES, describe("sqlite3.connect", args))

    def on_mmap(args):
        if args and args[0] != -1:
            refuse(FILES, "mmap of a file")

    def refuser(kind: str, name: str):
        return lambda args: refuse(kind, describe(name, args))

    # One dictionary look-up per event: the hook runs for every event, the frequent harmless
    # ones too (builtins.id, a frame's f_code, sys._getframe: dozens per training step).
    handlers = {"open": on_open, "ctypes.call_function": on_ctypes_call, "sqlite3.connect": on_sqlite,
                "mmap.__new__": on_mmap}
    for name in ("os.listdir", "os.scandir", "os.listxattr", "os.getxattr"):
        handlers[name] = lambda args, name=name: on_listing(name, args)
    for kind, names in ((NETWORK, NETWORK_EVENTS), (PROCESSES, PROCESS_EVENTS), (FILES, FILE_EVENTS),
                        ("C libraries", CTYPES_EVENTS)):
        for name in names:
            handlers[name] = refuser(kind, name)
    for name in BOX_EVENTS:
        handlers[name] = lambda args, name=name: refuse("way to change the box", name)
    find = handlers.get

    def hook(event: str, args):
        handler = find(event)
        if handler is not None:
            handler(args)
        elif event.startswith("socket."):
            refuse(NETWORK, describe(event, args))

    _disarm_unaudited(refuse)
    sys.addaudithook(hook)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "..."


def _disarm_unaudited(refuse) -> None:
    """What raises no audit event in Python 3.11 but would reach outside: the fork-and-exec
    behind subprocess, making FIFOs and device nodes, and faulthandler's timers (the box's
    signals are guarded in any case: child.py)."""
    try:
        import _posixsubprocess

        def fork_exec(*args, **kwargs):
            refuse(PROCESSES, "starting a program")

        _posixsubprocess.fork_exec = fork_exec
    except ImportError:
        pass
    def refuses(what):
        def refused(*args, **kwargs):
            refuse(FILES, what)
        return refused

    posix = sys.modules.get("posix") or sys.modules.get("nt")
    for name in ("mkfifo", "mknod", "chroot"):
        for module in (os, posix):
            if module is not None and hasattr(module, name):
                setattr(module, name, refuses(f"os.{name}"))
    import faulthandler

    def fixed(*args, **kwargs):
        refuse("way to change the box", "changing faulthandler")

    for name in ("cancel_dump_traceback_later", "dump_traceback_later", "disable", "enable",
                 "register", "unregister"):
        setattr(faulthandler, name, fixed)
