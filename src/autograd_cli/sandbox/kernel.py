"""The kernel's rules for the child on Linux: capabilities dropped, Landlock, seccomp.

- Capabilities: a child started by root keeps root's uid but loses every capability (so the
  limits bind it: CAP_SYS_RESOURCE would let it raise them) and sets no_new_privs.
- Landlock (Linux 5.13+): reading only the directories Python imports from and the system's
  library directories; writing, creating, removing nothing anywhere; no TCP bind or connect
  (ABI 4+); no signals to and no abstract Unix sockets of other processes (ABI 6+). The best
  the running kernel offers is used; a kernel without Landlock leaves the other layers.
- seccomp (through libseccomp, the C library systemd and container runtimes use): refuses,
  with EPERM, every socket, exec, fork and the other ways out (below); everything else is
  allowed, so NumPy and Python work as usual.

Both are bound through ctypes here. Landlock's Python package on PyPI is an alpha that knows
filesystem rules up to ABI 5 (no network rules, no scoping); pyseccomp, the PyPI binding of
libseccomp, costs ~38 ms at import (ctypes.util.find_library runs ldconfig twice) and is
unmaintained since 2021: the few calls below are all the box needs.
"""
from __future__ import annotations

import ctypes
import errno
import os
import signal

PR_SET_NO_NEW_PRIVS = 38
PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
CAP_LAST = 63                 # more than any kernel has; prctl refuses the ones beyond (EINVAL)

# ---------------------------------------------------------------- Landlock
SYS_LANDLOCK_CREATE_RULESET = 444     # the same number on every architecture
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1
# Shared libraries an import may still load after the lockdown (ctypes' libffi, hashlib's
# libcrypto), and the loader's cache that finds them. Public files, no user data.
SYSTEM_LIBRARIES = ("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib", "/etc/ld.so.cache")


class RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


# ---------------------------------------------------------------- seccomp
SCMP_ACT_ALLOW = 0x7FFF0000
SCMP_FLTATR_CTL_TSYNC = 4
SCMP_CMP_NE, SCMP_CMP_EQ, SCMP_CMP_MASKED_EQ = 1, 4, 7
CLONE_THREAD = 0x00010000
TIOCSTI = 0x5412              # pushes characters into a terminal's input
TIOCLINUX = 0x541C


def ERRNO(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


# Refused outright: changing files' metadata, the network, new programs and processes, other processes' memory, the
# kernel's administration, namespaces and mounts, System V and POSIX IPC (shared with other
# processes, outside Landlock's reach), io_uring (its operations pass seccomp by), and
# signals or priorities aimed at other processes.
DENIED = (
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "sendmmsg",
    "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
    "pidfd_open", "pidfd_getfd", "pidfd_send_signal", "kcmp", "process_madvise",
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "move_mount", "open_tree",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "name_to_handle_at", "open_by_handle_at",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot",
    "swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "lookup_dcookie", "settimeofday",
    "clock_settime", "clock_adjtime", "adjtimex", "sethostname", "setdomainname", "iopl", "ioperm",
    "vhangup", "syslog", "uselib", "fanotify_init", "fanotify_mark", "mknod", "mknodat",
    "shmget", "shmat", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semctl",
    "semtimedop", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr",
    "tkill", "setpriority", "ioprio_set", "sched_setscheduler", "sched_setparam", "sched_setattr",
    "migrate_pages", "move_pages", "capset", "setuid", "setgid", "setreuid", "setregid", "setresuid",
    "setresgid", "setfsuid", "setfsgid", "setgroups",
    # what Landlock leaves alone: a file's mode, owner, times and extended attributes
    "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat", "utime", "utimes",
    "utimensat", "futimesat", "setxattr", "lsetxattr", "fsetxattr", "setxattrat", "removexattr",
    "lremovexattr", "fremovexattr", "removexattrat",
)


class ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64),
                ("datum_b", ctypes.c_uint64)]


def apply(readable: list[str], applied: dict) -> None:
    """All three, in order; what took effect is recorded in `applied`."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)     # no core file; no other process of the user may trace it
    applied["capabilities_dropped"] = _drop_capabilities(libc)
    applied["landlock"] = _landlock(libc, readable)
    applied["seccomp"] = _seccomp()


def _drop_capabilities(libc) -> bool:
    for cap in range(CAP_LAST + 1):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == errno.EINVAL:
            break                                       # past the kernel's last capability
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    header = Header(0x20080522, 0)                        # _LINUX_CAPABILITY_VERSION_3
    data = (Data * 2)()                                   # all zero: no capability at all
    return libc.capset(ctypes.byref(header), data) == 0


def landlock_abi(libc=None) -> int:
    """The running kernel's Landlock ABI version, 0 without Landlock."""
    libc = libc or ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    version = libc.syscall(ctypes.c_long(SYS_LANDLOCK_CREATE_RULESET), None, ctypes.c_size_t(0),
                           ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    return max(int(version), 0)


def _landlock(libc, readable: list[str]) -> int | None:
    abi = landlock_abi(libc)
    if abi <= 0:
        return None
    fs_rights = FS_RIGHTS_BY_ABI[max(k for k in FS_RIGHTS_BY_ABI if k <= abi)]
    attr = RulesetAttr(fs_rights, NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0,
                       SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = libc.syscall(ctypes.c_long(SYS_LANDLOCK_CREATE_RULESET), ctypes.byref(attr),
                           ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for path in list(readable) + [p for p in SYSTEM_LIBRARIES if p not in readable]:
            _allow_reading(libc, ruleset, path)
        if libc.syscall(ctypes.c_long(SYS_LANDLOCK_RESTRICT_SELF), ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)
    return abi


def _allow_reading(libc, ruleset: int, path: str) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return                                           # not on this system
    try:
        rights = FS_READ_FILE | FS_READ_DIR if os.path.isdir(path) else FS_READ_FILE
        rule = PathBeneathAttr(rights, fd)
        if libc.syscall(ctypes.c_long(SYS_LANDLOCK_ADD_RULE), ctypes.c_int(ruleset),
                        ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH), ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
    finally:
        os.close(fd)


def _seccomp() -> bool:
    try:
        lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError:
        return False                                     # not installed: Landlock and the hook remain
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_attr_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint,
                                           ctypes.POINTER(ArgCmp)]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    context = lib.seccomp_init(SCMP_ACT_ALLOW)
    if not context:
        raise OSError(errno.ENOMEM, "seccomp_init failed")
    pid = os.getpid()

    def rule(action: int, name: str, *comparisons: tuple[int, int, int, int]) -> None:
        number = lib.seccomp_syscall_resolve_name(name.encode())
        if number < 0:
            return                                       # no such call on this architecture
        array = (ArgCmp * max(len(comparisons), 1))(*(ArgCmp(*c) for c in comparisons))
        status = lib.seccomp_rule_add_array(context, action, number, len(comparisons), array)
        if status < 0:
            raise OSError(-status, f"seccomp rule for {name} refused")

    try:
        lib.seccomp_attr_set(context, SCMP_FLTATR_CTL_TSYNC, 1)
        for name in DENIED:
            rule(ERRNO(errno.EPERM), name)
        # a new thread is allowed, a new process is not
        rule(ERRNO(errno.EPERM), "clone", (0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0))
        rule(ERRNO(errno.ENOSYS), "clone3")              # the C library then falls back to clone
        # signals only to this process
        rule(ERRNO(errno.EPERM), "kill", (0, SCMP_CMP_NE, pid, 0))
        rule(ERRNO(errno.EPERM), "tgkill", (0, SCMP_CMP_NE, pid, 0))
        rule(ERRNO(errno.EPERM), "rt_sigqueueinfo", (0, SCMP_CMP_NE, pid, 0))
        rule(ERRNO(errno.EPERM), "rt_tgsigqueueinfo", (0, SCMP_CMP_NE, pid, 0))
        # no stop signal, even to itself: a stopped child cannot say where it was
        stop = int(signal.SIGSTOP)
        rule(ERRNO(errno.EPERM), "kill", (1, SCMP_CMP_EQ, stop, 0))
        rule(ERRNO(errno.EPERM), "tgkill", (2, SCMP_CMP_EQ, stop, 0))
        rule(ERRNO(errno.EPERM), "rt_sigqueueinfo", (1, SCMP_CMP_EQ, stop, 0))
        rule(ERRNO(errno.EPERM), "rt_tgsigqueueinfo", (2, SCMP_CMP_EQ, stop, 0))
        # limits only of this process, and only lowered (no capability is left to raise them)
        rule(ERRNO(errno.EPERM), "prlimit64", (0, SCMP_CMP_NE, 0, 0))
        for request in (TIOCSTI, TIOCLINUX):
            rule(ERRNO(errno.EPERM), "ioctl", (1, SCMP_CMP_MASKED_EQ, 0xFFFFFFFF, request))
        status = lib.seccomp_load(context)
        if status < 0:
            raise OSError(-status, "seccomp_load failed")
    finally:
        lib.seccomp_release(context)
    return True
