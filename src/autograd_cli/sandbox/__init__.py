"""The box a snippet runs in: a child process with limits, the kernel's rules and an audit hook.

    from autograd_cli.sandbox import Limits, run_boxed
    result = run_boxed(job="autograd_cli.sandbox.python_job", payload={}, source=text,
                       filename="prog.py", limits=Limits.from_environment(), on_output=print)
    result.data     # what the job returned (JSON)
    result.error    # None, or a LocatedError in prog.py (an exception, a limit, a crash)

Standard library only, so the child starts fast; see parent.py (the parent's side),
child.py (the child's), lockdown.py, kernel.py and audit.py (the layers).
"""
__all__ = ["Limits", "run_boxed", "BoxResult", "BoxError", "LocatedError"]


def __getattr__(name):
    # Loaded on first use: the child imports this package too, and must not pay for the
    # parent's modules (subprocess, selectors) at its start.
    if name in ("Limits", "BoxError"):
        from .limits import BoxError, Limits  # noqa: F401 (read back through locals())
    elif name == "run_boxed":
        from .parent import run_boxed  # noqa: F401
    elif name in ("BoxResult", "LocatedError"):
        from .results import BoxResult, LocatedError  # noqa: F401
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = locals()[name]
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
