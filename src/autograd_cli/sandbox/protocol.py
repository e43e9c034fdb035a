"""What the parent and the child agree on (standard library only: both import it)."""
import signal

ALL_LAYERS = ("limits", "kernel", "audit")
DUMP_SIGNAL = getattr(signal, "SIGUSR2", None)   # the parent asks for a traceback before it stops the child
# What NumPy's BLAS needs to stay single-threaded (threads started before the lockdown would
# escape the kernel's rules) and glibc to keep one malloc arena (each thread's own arena
# reserves 64 MiB of address space, which the memory limit counts): the child's whole
# environment, removed once the job is prepared.
STARTUP_ENVIRONMENT = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                       "NUMEXPR_NUM_THREADS": "1", "VECLIB_MAXIMUM_THREADS": "1", "MALLOC_ARENA_MAX": "1"}
# Passed on from the parent when set: some processors need them for OpenBLAS not to crash.
PASSED_ENVIRONMENT = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
# Signals whose default action ends the process that the snippet can send itself or arm a
# timer for (signal.alarm, setitimer, raise_signal): the child dumps its tracebacks on them
# first, so that the parent can say where the snippet was.
# (SIGINT among them: nothing outside reaches the child, which has its own session, and in
# the snippet's thread Python's KeyboardInterrupt would be raised in the box's main thread.)
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGALRM", "SIGTERM", "SIGHUP", "SIGINT", "SIGUSR1",
                                                          "SIGVTALRM", "SIGPROF", "SIGQUIT") if hasattr(signal, name))
